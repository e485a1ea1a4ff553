import { useState } from 'react';
import { loginBody } from '@shared/schemas/auth.js';
import { SubmitButton } from '@client/components/ui/submit-button.js';
import { EmailField } from '@client/components/ui/email-field.js';
import { PasswordField } from '@client/components/ui/password-field.js';
import { StatusMessage } from '@client/components/ui/status-message.js';
import { setAuthView } from '@client/lib/auth-modal.js';
import { useFocusOnShow } from '@client/lib/use-focus-on-show.js';
import { useForm } from '@client/lib/use-form.js';
import { SecondFactorNeeded } from '@client/lib/auth-calls.js';
import { useLogin } from '../api/login.js';
import { useStartSession } from '../api/use-start-session.js';
import { SecondFactorStep } from '@client/components/sign-in/second-factor-step.js';

/** Email and password; the literal names 'user' and 'admin' pass as emails. */
export function SignInForm() {
  const login = useLogin();
  const startSession = useStartSession();
  const form = useForm({ email: '', password: '' }, { schema: loginBody });
  // An administrator with a second factor: the password was right, a code must follow.
  const [challenge, setChallenge] = useState<SecondFactorNeeded | null>(null);
  useFocusOnShow(() => form.focus('email'));
  const signIn = (values: typeof form.values) =>
    login.mutate(values, {
      onError: (error) => {
        if (error instanceof SecondFactorNeeded) {
          login.reset();
          setChallenge(error);
          return;
        }
        form.showServerError(error);
      },
    });

  if (challenge) {
    return (
      <div className="auth-form">
        <SecondFactorStep
          challenge={challenge.challenge}
          methods={challenge.methods}
          onSignedIn={startSession}
          onBack={() => setChallenge(null)}
        />
      </div>
    );
  }

  return (
    <form className="form auth-form" noValidate onSubmit={form.handleSubmit(signIn)}>
      {login.error && !form.fieldOf(login.error) && (
        <StatusMessage tone="error" onDismiss={login.reset}>
          {login.error.message}
        </StatusMessage>
      )}
      <EmailField label="Email" autoComplete="username" {...form.bind('email')} />
      <PasswordField label="Password" current {...form.bind('password')} />
      <button
        type="button"
        className="link-button auth-form__aside"
        onClick={() => setAuthView('forgotPassword')}
      >
        Forgot Password?
      </button>
      <SubmitButton pending={login.isPending} busy="Signing In…">
        Sign In
      </SubmitButton>
      <p className="auth-form__switch">
        Don&apos;t have an account?{' '}
        <button type="button" className="link-button" onClick={() => setAuthView('signUp')}>
          Sign Up
        </button>
      </p>
    </form>
  );
}
