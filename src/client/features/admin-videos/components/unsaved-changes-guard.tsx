import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { adminEditorUiMessages as t } from '@shared/messages/admin-editor-ui.js';
import { Button } from '@client/components/ui/button.js';
import { Modal } from '@client/components/ui/modal.js';

/**
 * Keeps unsaved edits from being lost by a click elsewhere (the sidebar, a link): while `dirty`,
 * leaving for another screen asks first (Stay or Leave, `text` saying what would be lost), and
 * closing or reloading the tab gets the browser's own question. Leaving on purpose (Discard, or
 * the form moving to the video it just found) calls `allowLeaving()` first. One per screen: the
 * router keeps a single blocker.
 */
export function useUnsavedChangesGuard(dirty: boolean, text: string) {
  const leavingOnPurpose = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !leavingOnPurpose.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);
  const dialog = (
    <Modal
      open={blocker.state === 'blocked'}
      title={t.unsavedTitle}
      onClose={() => blocker.reset?.()}
    >
      <p>{text}</p>
      <div className="confirm-delete__actions">
        <Button variant="secondary" onClick={() => blocker.reset?.()}>
          {t.unsavedStay}
        </Button>
        <Button variant="danger" onClick={() => blocker.proceed?.()}>
          {t.unsavedLeave}
        </Button>
      </div>
    </Modal>
  );
  return {
    dialog,
    allowLeaving: () => {
      leavingOnPurpose.current = true;
    },
  };
}
