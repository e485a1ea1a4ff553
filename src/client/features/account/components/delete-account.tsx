import { useEffect, useId, useRef, useState } from 'react';
import { publicSiteMessages as t } from '@shared/messages/public-site.js';
import { Button } from '@client/components/ui/button.js';
import { StatusMessage } from '@client/components/ui/status-message.js';
import { useDeleteAccount } from '../api/delete-account.js';

/** Two steps: Delete Account, then Cancel Deletion or Confirm Deletion. */
export function DeleteAccount({ userId }: { userId: number }) {
  const remove = useDeleteAccount();
  const headingId = useId();
  const [confirming, setConfirming] = useState(false);
  const startRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const moved = useRef(false);

  // Focus follows the step (the safe choice first), but not on the page's first render.
  useEffect(() => {
    if (!moved.current) return;
    (confirming ? cancelRef : startRef).current?.focus();
  }, [confirming]);

  const step = (next: boolean) => {
    moved.current = true;
    remove.reset();
    setConfirming(next);
  };

  return (
    <section className="account-delete" aria-labelledby={headingId}>
      <h3 id={headingId}>Delete Account</h3>
      {remove.isError && (
        <StatusMessage tone="error" onDismiss={remove.reset}>
          {t.accountDeleteError}
        </StatusMessage>
      )}
      {confirming ? (
        <>
          <p>Your account and your likes will be deleted for good. This cannot be undone.</p>
          <div className="account-delete__actions">
            <button
              ref={cancelRef}
              type="button"
              className="btn btn--secondary"
              disabled={remove.isPending}
              onClick={() => step(false)}
            >
              Cancel Deletion
            </button>
            <Button
              variant="danger"
              disabled={remove.isPending}
              onClick={() => remove.mutate(userId)}
            >
              {remove.isPending ? 'Deleting…' : 'Confirm Deletion'}
            </Button>
          </div>
        </>
      ) : (
        <button ref={startRef} type="button" className="btn btn--danger" onClick={() => step(true)}>
          Delete Account
        </button>
      )}
    </section>
  );
}
