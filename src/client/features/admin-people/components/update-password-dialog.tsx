import { useId } from 'react';
import { adminPeopleUiMessages as u } from '@shared/messages/admin-people-ui.js';
import { adminUiMessages as t } from '@shared/messages/admin-ui.js';
import { validationMessages as m } from '@shared/messages/validation.js';
import { changePasswordBody } from '@shared/schemas/people.js';
import { Button } from '@client/components/ui/button.js';
import { FlashMessage } from '@client/components/ui/flash-message.js';
import { FormField } from '@client/components/ui/form-field.js';
import { Modal } from '@client/components/ui/modal.js';
import { detailOf, useFlash } from '@client/components/ui/use-flash.js';
import { confirmationRule } from '@client/lib/confirmation-rule.js';
import { useForm } from '@client/lib/use-form.js';
import { useUpdatePassword } from '../api/own-account.js';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };
type Values = typeof EMPTY;

/** Admin password update, one problem at a time: the current password, the format, the match. */
const RULES = {
  schema: changePasswordBody,
  refine: confirmationRule<keyof Values>({
    field: 'confirmPassword',
    of: 'newPassword',
    mismatch: m.adminNewPasswordsMismatch,
  }),
  texts: {
    [m.newPasswordRequired]: m.adminNewPasswordFormat,
    [m.passwordRule]: m.adminNewPasswordFormat,
  },
  report: 'first',
} as const;

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
  const { flash, show, dismiss } = useFlash();
  const change = useUpdatePassword();
  const hintId = useId();
  const form = useForm(EMPTY, {
    ...RULES,
    body: ({ currentPassword, newPassword }: Values) => ({ userId, currentPassword, newPassword }),
  });

  const save = ({ currentPassword, newPassword }: Values) => {
    dismiss();
    change.mutate(
      { userId, currentPassword, newPassword },
      {
        onSuccess: () => {
          form.reset();
          onChanged();
        },
        onError: (error) => {
          form.showServerError(error);
          show({
            tone: 'error',
            text: t.passwordUpdateFailed,
            detail: detailOf(error, t.passwordUpdateFailed),
          });
        },
      },
    );
  };

  return (
    <form
      className="form people-fields"
      aria-label="Update Password"
      noValidate
      onSubmit={form.handleSubmit(save, (problem) =>
        show({ tone: 'error', text: problem.message }),
      )}
    >
      <FormField
        label="Current Password"
        type="password"
        autoComplete="current-password"
        {...form.bind('currentPassword')}
      />
      <FormField
        label="New Password"
        type="password"
        autoComplete="new-password"
        aria-describedby={hintId}
        {...form.bind('newPassword')}
      />
      <p id={hintId} className="people-form__hint">
        {u.passwordHint}
      </p>
      <FormField
        label="Confirm New Password"
        type="password"
        autoComplete="new-password"
        {...form.bind('confirmPassword')}
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
