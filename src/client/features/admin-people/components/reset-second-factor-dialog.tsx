import { secondFactorUi as u } from '@shared/messages/second-factor-ui.js';
import type { ListedPerson } from '@shared/schemas/people.js';
import { Button } from '@client/components/ui/button.js';
import { Modal } from '@client/components/ui/modal.js';
import { StatusMessage } from '@client/components/ui/status-message.js';
import { useResetColleague } from '../api/second-factor.js';
import { PasswordAgainForm } from './password-again-form.js';
import './second-factor.css';

/**
 * Resets a colleague's second factor, after the administrator gives their own password again:
 * the colleague is signed out everywhere, mailed, and sets up a new one at their next sign-in.
 */
export function ResetSecondFactorDialog({
  person,
  onClose,
}: {
  person: ListedPerson | null;
  onClose: () => void;
}) {
  return (
    <Modal open={person !== null} title={u.resetTitle} onClose={onClose}>
      {person && <ResetForm key={person.id} person={person} onClose={onClose} />}
    </Modal>
  );
}

function ResetForm({ person, onClose }: { person: ListedPerson; onClose: () => void }) {
  const reset = useResetColleague();
  if (reset.isSuccess) {
    return (
      <div className="second-factor">
        <StatusMessage tone="success">{reset.data}</StatusMessage>
        <Button onClick={onClose}>{u.done}</Button>
      </div>
    );
  }
  return (
    <div className="second-factor">
      <p>{u.resetIntro(person.name)}</p>
      {reset.error && <StatusMessage tone="error">{reset.error.message}</StatusMessage>}
      <PasswordAgainForm
        label={u.resetTitle}
        submitLabel={u.reset}
        pending={reset.isPending}
        onSubmit={(password) => reset.mutate({ id: person.id, password })}
        onCancel={onClose}
      />
    </div>
  );
}
