import { validationMessages as m } from '@shared/messages/validation.js';
import { registerBody } from '@shared/schemas/auth.js';
import { latestAllowedBirthday } from '@shared/validation.js';
import { Button } from '@client/components/ui/button.js';
import { FormField } from '@client/components/ui/form-field.js';
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
};

/** Registration: the service is for people of 13 and over; the newsletter box starts checked. */
export function SignUpForm() {
  const register = useRegister();
  const form = useForm(EMPTY, RULES);
  useFocusOnShow(() => form.focus('firstName'));
  const signUp = (values: Values) =>
    register.mutate(toPayload(values), { onError: form.showServerError });

  return (
    <form className="form auth-form" noValidate onSubmit={form.handleSubmit(signUp)}>
      {register.error && (
        <StatusMessage tone="error" onDismiss={register.reset}>
          {register.error.message}
        </StatusMessage>
      )}
      <div className="auth-form__pair">
        <FormField label="First Name" autoComplete="given-name" {...form.bind('firstName')} />
        <FormField label="Last Name" autoComplete="family-name" {...form.bind('lastName')} />
      </div>
      <div className="auth-form__pair">
        <FormField label="Zip Code" autoComplete="postal-code" {...form.bind('zipCode')} />
        <FormField
          label="Birthday"
          type="date"
          max={latestAllowedBirthday()}
          autoComplete="bday"
          {...form.bind('birthday')}
        />
      </div>
      <FormField label="Email" type="email" autoComplete="email" {...form.bind('email')} />
      <FormField
        label="Password"
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
      <label className="checkbox">
        <input type="checkbox" {...form.checkbox('newsletter')} />
        Subscribe to the newsletter
      </label>
      <Button type="submit" disabled={register.isPending}>
        {register.isPending ? 'Signing Up…' : 'Sign Up'}
      </Button>
      <p className="auth-form__switch">
        Already have an account?{' '}
        <button type="button" className="link-button" onClick={() => setAuthView('signIn')}>
          Sign In
        </button>
      </p>
    </form>
  );
}
