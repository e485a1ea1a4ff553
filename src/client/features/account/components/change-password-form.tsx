import { useId } from 'react';
import { publicSiteMessages as t } from '@shared/messages/public-site.js';
import { validationMessages as m } from '@shared/messages/validation.js';
import { changePasswordBody } from '@shared/schemas/people.js';
import { Button } from '@client/components/ui/button.js';
import { StatusMessage } from '@client/components/ui/status-message.js';
import { useChangePassword } from '../api/change-password.js';
import { fieldErrors, type FieldErrors } from '@client/lib/field-errors.js';
import { useForm } from '@client/lib/use-form.js';
import { FormField } from '@client/components/ui/form-field.js';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };
type Values = typeof EMPTY;

function validate(userId: number, values: Values): FieldErrors<keyof Values> {
  const { confirmPassword, ...body } = values;
  const errors = fieldErrors<keyof Values>(changePasswordBody, { userId, ...body });
  if (!confirmPassword) {
    errors.confirmPassword = m.confirmPasswordRequired;
  } else if (body.newPassword && confirmPassword !== body.newPassword) {
    // The mismatch shows on both fields.
    errors.confirmPassword = m.passwordsDoNotMatch;
    errors.newPassword ??= m.passwordsDoNotMatch;
  }
  return errors;
}

export function ChangePasswordForm({ userId }: { userId: number }) {
  const change = useChangePassword();
  const headingId = useId();
  const form = useForm(EMPTY, (values) => validate(userId, values));
  const submit = ({ currentPassword, newPassword }: Values) =>
    change.mutate({ userId, currentPassword, newPassword }, { onSuccess: () => form.reset() });

  return (
    <form
      className="form account-form"
      aria-labelledby={headingId}
      noValidate
      onSubmit={form.handleSubmit(submit)}
    >
      <h3 id={headingId}>Change Password</h3>
      {change.isError && (
        <StatusMessage tone="error" onDismiss={change.reset}>
          {change.error.message}
        </StatusMessage>
      )}
      {change.isSuccess && (
        <StatusMessage tone="success" onDismiss={change.reset}>
          {t.passwordChanged}
        </StatusMessage>
      )}
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
        {...form.bind('newPassword')}
      />
      <FormField
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        {...form.bind('confirmPassword')}
      />
      <Button type="submit" className="account-form__submit" disabled={change.isPending}>
        {change.isPending ? 'Changing…' : 'Change Password'}
      </Button>
    </form>
  );
}
