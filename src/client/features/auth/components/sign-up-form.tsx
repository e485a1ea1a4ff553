import { apiMessages } from '@shared/messages/api.js';
import { validationMessages as m } from '@shared/messages/validation.js';
import { registerBody } from '@shared/schemas/auth.js';
import { SubmitButton } from '@client/components/ui/submit-button.js';
import {
  NameFields,
  NewsletterBox,
  ZipBirthdayFields,
} from '@client/components/people/person-fields.js';
import { EmailField } from '@client/components/ui/email-field.js';
import { PasswordField } from '@client/components/ui/password-field.js';
import { StatusMessage } from '@client/components/ui/status-message.js';
import { setAuthView } from '@client/lib/auth-modal.js';
import { confirmationRule } from '@client/lib/confirmation-rule.js';
import { useFocusOnShow } from '@client/lib/use-focus-on-show.js';
import { useForm } from '@client/lib/use-form.js';
import { useRegister, type RegisterPayload } from '../api/register.js';

const EMPTY = {
  firstName: '',
  lastName: '',
  zipCode: '',
  birthday: '',
  email: '',
  password: '',
  confirmPassword: '',
  // The spec's registration starts subscribed.
  newsletter: true,
};
type Values = typeof EMPTY;

const toPayload = ({ confirmPassword: _, newsletter, ...values }: Values): RegisterPayload => ({
  ...values,
  newsletter: newsletter ? '1' : '0',
});

const RULES = {
  schema: registerBody,
  body: toPayload,
  refine: confirmationRule<keyof Values>({
    field: 'confirmPassword',
    of: 'password',
    required: m.confirmPasswordRequired,
  }),
  refusals: {
    [apiMessages.passwordTooCommon]: 'password',
    [apiMessages.emailTaken]: 'email',
  },
} as const;

/** Registration: the service is for people of 13 and over; the newsletter box starts checked. */
export function SignUpForm() {
  const register = useRegister();
  const form = useForm(EMPTY, RULES);
  useFocusOnShow(() => form.focus('firstName'));
  const signUp = (values: Values) =>
    register.mutate(toPayload(values), { onError: form.showServerError });

  return (
    <form className="form auth-form" noValidate onSubmit={form.handleSubmit(signUp)}>
      {register.error && !form.fieldOf(register.error) && (
        <StatusMessage tone="error" onDismiss={register.reset}>
          {register.error.message}
        </StatusMessage>
      )}
      <NameFields form={form} className="auth-form__pair" />
      <ZipBirthdayFields form={form} zip="zipCode" className="auth-form__pair" />
      <EmailField label="Email" autoComplete="email" {...form.bind('email')} />
      <PasswordField label="Password" rule {...form.bind('password')} />
      <PasswordField label="Confirm Password" {...form.bind('confirmPassword')} />
      <NewsletterBox {...form.checkbox('newsletter')} />
      <SubmitButton pending={register.isPending} busy="Signing Up…">
        Sign Up
      </SubmitButton>
      <p className="auth-form__switch">
        Already have an account?{' '}
        <button type="button" className="link-button" onClick={() => setAuthView('signIn')}>
          Sign In
        </button>
      </p>
    </form>
  );
}
