import { useId } from 'react';
import { apiMessages } from '@shared/messages/api.js';
import { publicSiteMessages as t } from '@shared/messages/public-site.js';
import { validationMessages as m } from '@shared/messages/validation.js';
import { changePasswordBody } from '@shared/schemas/people.js';
import { SubmitButton } from '@client/components/ui/submit-button.js';
import { PasswordField } from '@client/components/ui/password-field.js';
import { StatusMessage } from '@client/components/ui/status-message.js';
import { confirmationRule } from '@client/lib/confirmation-rule.js';
import { useForm } from '@client/lib/use-form.js';
import { useChangePassword } from '../api/change-password.js';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };
type Values = typeof EMPTY;

const confirmation = confirmationRule<keyof Values>({
  field: 'confirmPassword',
  of: 'newPassword',
  required: m.confirmPasswordRequired,
  onBoth: true,
});

export function ChangePasswordForm({ userId }: { userId: number }) {
  const change = useChangePassword();
  const headingId = useId();
  const form = useForm(EMPTY, {
    schema: changePasswordBody,
    body: ({ currentPassword, newPassword }: Values) => ({ userId, currentPassword, newPassword }),
    refine: confirmation,
    refusals: {
      [apiMessages.currentPasswordWrong]: 'currentPassword',
      [apiMessages.passwordTooCommon]: 'newPassword',
    },
  });
  const submit = ({ currentPassword, newPassword }: Values) =>
    change.mutate(
      { userId, currentPassword, newPassword },
      {
        onSuccess: () => form.reset(),
        onError: form.showServerError,
      },
    );

  return (
    <form
      className="form account-form"
      aria-labelledby={headingId}
      noValidate
      onSubmit={form.handleSubmit(submit)}
    >
      <h3 id={headingId}>Change Password</h3>
      {change.isError && !form.fieldOf(change.error) && (
        <StatusMessage tone="error" onDismiss={change.reset}>
          {change.error.message}
        </StatusMessage>
      )}
      {change.isSuccess && (
        <StatusMessage tone="success" onDismiss={change.reset}>
          {t.passwordChanged}
        </StatusMessage>
      )}
      <PasswordField label="Current Password" current {...form.bind('currentPassword')} />
      <PasswordField label="New Password" rule {...form.bind('newPassword')} />
      <PasswordField label="Confirm Password" {...form.bind('confirmPassword')} />
      <SubmitButton pending={change.isPending} busy="Changing…" className="account-form__submit">
        Change Password
      </SubmitButton>
    </form>
  );
}
