import { useState } from 'react';
import { adminNewsletterUiMessages as u } from '@shared/messages/admin-newsletter-ui.js';
import type { MailingSummary } from '@shared/schemas/newsletter.js';
import { AdminPanel } from '@client/components/admin/admin-page.js';
import { Button } from '@client/components/ui/button.js';
import { FlashMessage } from '@client/components/ui/flash-message.js';
import { Modal } from '@client/components/ui/modal.js';
import { failureFlash, useFlash } from '@client/components/ui/use-flash.js';
import { useChangeMailing } from '../api/newsletter.js';

/** The mailing going out (or paused): its progress bar and counts, Pause, Resume and Cancel. */
export function CurrentMailing({ mailing }: { mailing: MailingSummary }) {
  const change = useChangeMailing();
  const { flash, show, dismiss } = useFlash();
  const [confirming, setConfirming] = useState(false);
  const { counts } = mailing;
  const done = counts.sent + counts.failed + counts.skipped;

  const to = (state: 'paused' | 'sending' | 'cancelled') => {
    if (change.isPending) return;
    dismiss();
    change.mutate(
      { id: mailing.id, state },
      { onError: (error) => show(failureFlash(u.changeFailed, error)) },
    );
  };

  return (
    <AdminPanel title={u.currentTitle} className="newsletter-current">
      {/* Its state is announced when it changes; the counts, which change every 2 s, are not. */}
      <p className="newsletter-current__subject" aria-live="polite">
        <strong>{mailing.subject}</strong> · {u.states[mailing.state]}
      </p>
      <progress
        className="newsletter-progress"
        max={Math.max(counts.recipients, 1)}
        value={done}
        aria-label={u.progressLabel}
        aria-valuetext={u.progressWords(done, counts.recipients)}
      />
      <p className="newsletter-current__counts">
        {u.progressWords(done, counts.recipients)} · {u.columnDelivered}{' '}
        {counts.sent.toLocaleString('en-US')} · {u.columnFailed}{' '}
        {counts.failed.toLocaleString('en-US')}
      </p>
      {mailing.last_error && (
        <p className="admin-error" role="alert">
          {mailing.last_error}
        </p>
      )}
      <FlashMessage flash={flash} onDismiss={dismiss} />
      <div className="newsletter-actions">
        {mailing.state === 'sending' ? (
          <Button variant="secondary" onClick={() => to('paused')}>
            {u.pause}
          </Button>
        ) : (
          <Button variant="secondary" onClick={() => to('sending')}>
            {u.resume}
          </Button>
        )}
        <Button variant="danger" onClick={() => setConfirming(true)}>
          {u.cancel}
        </Button>
      </div>
      <Modal open={confirming} title={u.cancel} onClose={() => setConfirming(false)}>
        <p>{u.cancelConfirm}</p>
        <div className="newsletter-actions">
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            {u.keepSending}
          </Button>
          <Button
            variant="danger"
            onClick={() => {
              setConfirming(false);
              to('cancelled');
            }}
          >
            {u.cancel}
          </Button>
        </div>
      </Modal>
    </AdminPanel>
  );
}
