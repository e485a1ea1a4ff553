import { useRef, useState, type ReactNode } from 'react';
import { Button } from '../ui/button.js';
import { Modal } from '../ui/modal.js';
import { FlashMessage } from '../ui/flash-message.js';
import { ADMIN_MESSAGE_MS, detailOf, useFlash } from '../ui/use-flash.js';

interface ConfirmDeleteDialogProps {
  /** Open while not null: the item being deleted. */
  open: boolean;
  title: string;
  /** What is being deleted and the spec's warning texts. */
  children: ReactNode;
  confirmLabel: string;
  successText: string;
  failureText: string;
  onConfirm: () => Promise<unknown>;
  /** Called when the dialog closes: `deleted` says whether the list should refresh. */
  onClose: (deleted: boolean) => void;
}

/**
 * Delete dialogs: confirm, then a green message and, 3 s later, the dialog closes
 * and the list refreshes; on failure a red message for 3 s and the dialog stays open.
 */
export function ConfirmDeleteDialog({
  open,
  title,
  children,
  confirmLabel,
  successText,
  failureText,
  onConfirm,
  onClose,
}: ConfirmDeleteDialogProps) {
  const { flash, show, dismiss } = useFlash(ADMIN_MESSAGE_MS);
  const [state, setState] = useState<'idle' | 'deleting' | 'deleted'>('idle');
  const deleted = useRef(false);

  const close = () => {
    dismiss();
    setState('idle');
    const wasDeleted = deleted.current;
    deleted.current = false;
    onClose(wasDeleted);
  };

  const confirm = async () => {
    setState('deleting');
    try {
      await onConfirm();
      deleted.current = true;
      setState('deleted');
      show({ tone: 'success', text: successText }, close);
    } catch (error) {
      setState('idle');
      show({ tone: 'error', text: failureText, detail: detailOf(error, failureText) });
    }
  };

  return (
    <Modal open={open} title={title} onClose={close}>
      <div className="confirm-delete">
        {children}
        <FlashMessage flash={flash} onDismiss={dismiss} />
        <div className="confirm-delete__actions">
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button variant="danger" onClick={confirm} disabled={state !== 'idle'}>
            {state === 'deleting' ? 'Deleting…' : confirmLabel}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
