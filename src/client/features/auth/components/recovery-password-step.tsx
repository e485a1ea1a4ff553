import { publicSiteMessages as t } from '@shared/messages/public-site.js';
import { validationMessages as m } from '@shared/messages/validation.js';
import { recoveryResetBody } from '@shared/schemas/recovery.js';
import { Button } from '@client/components/ui/button.js';
import { StatusMessage } from '@client/components/ui/status-message.js';
import { useResetPassword } from '@client/lib/recovery-calls.js';
import { fieldErrors, type FieldErrors } from '@client/lib/field-errors.js';
import { useFocusOnMount } from '../lib/use-focus-on-mount.js';
import { useForm } from '@client/lib/use-form.js';
import { FormField } from '@client/components/ui/form-field.js';

type Values = { password: string; confirmPassword: string };

/** Step EnterNewPassword: the new password must meet the strength rule and be typed twice. */
export function RecoveryPasswordStep({
  email,
  recoveryCode,
  onReset,
}: {
  email: string;
  recoveryCode: string;
  onReset: () => void;
}) {
  const reset = useResetPassword();
  const passwordRef = useFocusOnMount<HTMLInputElement>();
  const validate = (values: Values): FieldErrors<keyof Values> => {
    const errors = fieldErrors<keyof Values>(recoveryResetBody, {
      email,
      recoveryCode,
      password: values.password,
    });
    if (!values.confirmPassword) errors.confirmPassword = m.confirmPasswordRequired;
    else if (values.confirmPassword !== values.password) {
      errors.confirmPassword = m.passwordsDoNotMatch;
    }
    return errors;
  };
  const form = useForm<Values>({ password: '', confirmPassword: '' }, validate);
  const submit = ({ password }: Values) =>
    reset.mutate({ email, recoveryCode, password }, { onSuccess: onReset });

  return (
    <form className="form auth-form" noValidate onSubmit={form.handleSubmit(submit)}>
      <p className="auth-form__intro">{t.recoveryEnterPassword}</p>
      {reset.error && (
        <StatusMessage tone="error" onDismiss={reset.reset}>
          {reset.error.message}
        </StatusMessage>
      )}
      <FormField
        ref={passwordRef}
        label="New Password"
        type="password"
        autoComplete="new-password"
        {...form.bind('password')}
      />
      <FormField
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        {...form.bind('confirmPassword')}
      />
      <Button type="submit" disabled={reset.isPending}>
        {reset.isPending ? 'Saving…' : 'Reset Password'}
      </Button>
    </form>
  );
}
