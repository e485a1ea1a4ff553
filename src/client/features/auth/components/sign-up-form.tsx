import { useState } from 'react';
import { validationMessages as m } from '@shared/messages/validation.js';
import { registerBody } from '@shared/schemas/auth.js';
import { latestAllowedBirthday } from '@shared/validation.js';
import { Button } from '@client/components/ui/button.js';
import { StatusMessage } from '@client/components/ui/status-message.js';
import { setAuthView } from '@client/lib/auth-modal.js';
import { useRegister, type RegisterPayload } from '../api/register.js';
import { fieldErrors, type FieldErrors } from '@client/lib/field-errors.js';
import { useFocusOnMount } from '../lib/use-focus-on-mount.js';
import { useForm } from '@client/lib/use-form.js';
import { FormField } from '@client/components/ui/form-field.js';

const EMPTY = {
  firstName: '',
  lastName: '',
  zipCode: '',
  birthday: '',
  email: '',
  password: '',
  confirmPassword: '',
};
type Values = typeof EMPTY;

function toPayload(
  { confirmPassword: _, ...values }: Values,
  newsletter: boolean,
): RegisterPayload {
  return { ...values, newsletter: newsletter ? '1' : '0' };
}

function validate(values: Values): FieldErrors<keyof Values> {
  const errors = fieldErrors<keyof Values>(registerBody, toPayload(values, true));
  if (!values.confirmPassword) errors.confirmPassword = m.confirmPasswordRequired;
  else if (values.confirmPassword !== values.password)
    errors.confirmPassword = m.passwordsDoNotMatch;
  return errors;
}

/** Registration: the service is for people of 13 and over; the newsletter box starts checked. */
export function SignUpForm() {
  const register = useRegister();
  const form = useForm(EMPTY, validate);
  const [newsletter, setNewsletter] = useState(true);
  const firstNameRef = useFocusOnMount<HTMLInputElement>();

  return (
    <form
      className="form auth-form"
      noValidate
      onSubmit={form.handleSubmit((values) => register.mutate(toPayload(values, newsletter)))}
    >
      {register.error && (
        <StatusMessage tone="error" onDismiss={register.reset}>
          {register.error.message}
        </StatusMessage>
      )}
      <div className="auth-form__pair">
        <FormField
          ref={firstNameRef}
          label="First Name"
          autoComplete="given-name"
          {...form.bind('firstName')}
        />
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
        <input
          type="checkbox"
          name="newsletter"
          checked={newsletter}
          onChange={(event) => setNewsletter(event.target.checked)}
        />
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
