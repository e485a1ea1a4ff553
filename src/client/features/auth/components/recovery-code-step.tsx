import { publicSiteMessages as t } from '@shared/messages/public-site.js';
import { recoveryValidateBody } from '@shared/schemas/recovery.js';
import { Button } from '@client/components/ui/button.js';
import { StatusMessage } from '@client/components/ui/status-message.js';
import { useValidateRecoveryCode } from '@client/lib/recovery-calls.js';
import { fieldErrors } from '@client/lib/field-errors.js';
import { useFocusOnMount } from '../lib/use-focus-on-mount.js';
import { useForm } from '@client/lib/use-form.js';
import { FormField } from '@client/components/ui/form-field.js';

type Values = { email: string; recoveryCode: string };

const validate = (values: Values) =>
  fieldErrors<'email' | 'recoveryCode'>(recoveryValidateBody, values);

/**
 * Step EnterRecoveryCode. Someone who skipped the first step with 'Already have a recovery code?'
 * has not told us their email yet, so this step asks for it too.
 */
export function RecoveryCodeStep({
  email,
  askEmail,
  notice,
  onValid,
}: {
  email: string;
  askEmail: boolean;
  notice: string | null;
  onValid: (email: string, recoveryCode: string) => void;
}) {
  const check = useValidateRecoveryCode();
  const form = useForm<Values>({ email, recoveryCode: '' }, validate);
  const firstRef = useFocusOnMount<HTMLInputElement>();
  const submit = (values: Values) => {
    const body = { email: values.email.trim(), recoveryCode: values.recoveryCode.trim() };
    check.mutate(body, { onSuccess: () => onValid(body.email, body.recoveryCode) });
  };

  return (
    <form className="form auth-form" noValidate onSubmit={form.handleSubmit(submit)}>
      <p className="auth-form__intro">{t.recoveryEnterCode}</p>
      {notice && !check.error && <StatusMessage tone="success">{notice}</StatusMessage>}
      {check.error && (
        <StatusMessage tone="error" onDismiss={check.reset}>
          {check.error.message}
        </StatusMessage>
      )}
      {askEmail && (
        <FormField
          ref={firstRef}
          label="Email"
          type="email"
          autoComplete="email"
          {...form.bind('email')}
        />
      )}
      <FormField
        ref={askEmail ? undefined : firstRef}
        label="Recovery Code"
        autoComplete="one-time-code"
        autoCapitalize="characters"
        spellCheck={false}
        {...form.bind('recoveryCode')}
      />
      <Button type="submit" disabled={check.isPending}>
        {check.isPending ? 'Checking…' : 'Verify Code'}
      </Button>
    </form>
  );
}
