import { useId, type FormEvent } from 'react';
import { adminPeopleUiMessages as u } from '@shared/messages/admin-people-ui.js';
import { adminUiMessages as t } from '@shared/messages/admin-ui.js';
import { validationMessages as m } from '@shared/messages/validation.js';
import { isStrongPassword } from '@shared/validation.js';
import { FlashMessage } from '@client/components/ui/flash-message.js';
import { detailOf, useFlash } from '@client/components/ui/use-flash.js';
import { Button } from '@client/components/ui/button.js';
import { FormField } from '@client/components/ui/form-field.js';
import { Modal } from '@client/components/ui/modal.js';
import { useUpdatePassword } from '../api/own-account.js';
import { useCheckedFields, type FieldProblem } from './use-checked-fields.js';

type Field = 'currentPassword' | 'newPassword' | 'confirmPassword';
type Values = Record<Field, string>;
const EMPTY: Values = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Admin password update: the format rule, then the match. */
export function passwordProblem(values: Values): FieldProblem<Field> | null {
  if (!values.currentPassword) return { field: 'currentPassword', text: m.currentPasswordRequired };
  if (!isStrongPassword(values.newPassword)) {
    return { field: 'newPassword', text: m.adminNewPasswordFormat };
  }
  if (values.confirmPassword !== values.newPassword) {
    return { field: 'confirmPassword', text: m.adminNewPasswordsMismatch };
  }
  return null;
}

/**
 * The Update Password dialog. Its fields live only while it is open, so closing it (after a
 * success, or a cancel) clears them.
 */
export function UpdatePasswordDialog({
  open,
  userId,
  onClose,
  onChanged,
}: {
  open: boolean;
  userId: number;
  onClose: () => void;
  onChanged: () => void;
}) {
  return (
    <Modal open={open} title={u.updatePasswordTitle} onClose={onClose}>
      <PasswordForm userId={userId} onCancel={onClose} onChanged={onChanged} />
    </Modal>
  );
}

function PasswordForm({
  userId,
  onCancel,
  onChanged,
}: {
  userId: number;
  onCancel: () => void;
  onChanged: () => void;
}) {
  const { values, setValues, bind, accept } = useCheckedFields<Field>(EMPTY);
  const { flash, show, dismiss } = useFlash();
  const change = useUpdatePassword();
  const hintId = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = passwordProblem(values);
    if (problem) show({ tone: 'error', text: problem.text });
    if (!accept(event, problem)) return;
    dismiss();
    change.mutate(
      { userId, currentPassword: values.currentPassword, newPassword: values.newPassword },
      {
        onSuccess: () => {
          setValues(EMPTY);
          onChanged();
        },
        onError: (error) =>
          show({
            tone: 'error',
            text: t.passwordUpdateFailed,
            detail: detailOf(error, t.passwordUpdateFailed),
          }),
      },
    );
  };

  return (
    <form className="form people-fields" aria-label="Update Password" noValidate onSubmit={submit}>
      <FormField
        label="Current Password"
        type="password"
        autoComplete="current-password"
        {...bind('currentPassword')}
      />
      <FormField
        label="New Password"
        type="password"
        autoComplete="new-password"
        aria-describedby={hintId}
        {...bind('newPassword')}
      />
      <p id={hintId} className="people-form__hint">
        {u.passwordHint}
      </p>
      <FormField
        label="Confirm New Password"
        type="password"
        autoComplete="new-password"
        {...bind('confirmPassword')}
      />
      <FlashMessage flash={flash} onDismiss={dismiss} />
      <div className="people-form__actions">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? 'Updating…' : 'Update Password'}
        </Button>
      </div>
    </form>
  );
}
