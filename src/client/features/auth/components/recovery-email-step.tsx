import { publicSiteMessages as t } from '@shared/messages/public-site.js';
import { recoveryGenerateBody } from '@shared/schemas/recovery.js';
import { Button } from '@client/components/ui/button.js';
import { StatusMessage } from '@client/components/ui/status-message.js';
import { useGenerateRecoveryCode } from '@client/lib/recovery-calls.js';
import { fieldErrors } from '@client/lib/field-errors.js';
import { useFocusOnMount } from '../lib/use-focus-on-mount.js';
import { useForm } from '@client/lib/use-form.js';
import { FormField } from '@client/components/ui/form-field.js';

const validate = (values: { email: string }) => fieldErrors<'email'>(recoveryGenerateBody, values);

/** Step EnterEmail: sends a recovery code, or skips ahead for someone who already has one. */
export function RecoveryEmailStep({
  onSent,
  onHaveCode,
}: {
  onSent: (email: string, message: string) => void;
  onHaveCode: (typedEmail: string) => void;
}) {
  const generate = useGenerateRecoveryCode();
  const form = useForm({ email: '' }, validate);
  const emailRef = useFocusOnMount<HTMLInputElement>();
  const send = ({ email }: { email: string }) =>
    generate.mutate({ email }, { onSuccess: (message) => onSent(email.trim(), message) });

  return (
    <form className="form auth-form" noValidate onSubmit={form.handleSubmit(send)}>
      <p className="auth-form__intro">{t.recoveryEnterEmail}</p>
      {generate.error && (
        <StatusMessage tone="error" onDismiss={generate.reset}>
          {generate.error.message}
        </StatusMessage>
      )}
      <FormField
        ref={emailRef}
        label="Email"
        type="email"
        autoComplete="email"
        {...form.bind('email')}
      />
      <Button type="submit" disabled={generate.isPending}>
        {generate.isPending ? 'Sending…' : 'Send Recovery Code'}
      </Button>
      <button
        type="button"
        className="link-button auth-form__aside"
        onClick={() => onHaveCode(form.values.email.trim())}
      >
        {t.recoveryHaveCode}
      </button>
    </form>
  );
}
