import { adminPeopleUiMessages as u } from '@shared/messages/admin-people-ui.js';
import { adminUiMessages as t } from '@shared/messages/admin-ui.js';
import { apiMessages } from '@shared/messages/api.js';
import { validationMessages as m } from '@shared/messages/validation.js';
import { changePasswordBody } from '@shared/schemas/people.js';
import { Button } from '@client/components/ui/button.js';
import { SubmitButton } from '@client/components/ui/submit-button.js';
import { FlashMessage } from '@client/components/ui/flash-message.js';
import { PasswordField } from '@client/components/ui/password-field.js';
import { Modal } from '@client/components/ui/modal.js';
import { failureFlash, useFlash } from '@client/components/ui/use-flash.js';
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
  refusals: {
    [apiMessages.currentPasswordWrong]: 'currentPassword',
    [apiMessages.passwordTooCommon]: 'newPassword',
  },
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
          show(failureFlash(t.passwordUpdateFailed, error, form.showServerError(error)));
        },
      },
    );
  };

  // No call is made with a bad field: its problem shows instead.
  const submit = form.handleSubmit(save, (problem) =>
    show({ tone: 'error', text: problem.message }),
  );

  return (
    <form className="form people-fields" aria-label="Update Password" noValidate onSubmit={submit}>
      <PasswordField label="Current Password" current {...form.bind('currentPassword')} />
      <PasswordField label="New Password" rule {...form.bind('newPassword')} />
      <PasswordField label="Confirm New Password" {...form.bind('confirmPassword')} />
      <FlashMessage flash={flash} onDismiss={dismiss} />
      <div className="people-form__actions">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <SubmitButton pending={change.isPending} busy="Updating…">
          Update Password
        </SubmitButton>
      </div>
    </form>
  );
}
