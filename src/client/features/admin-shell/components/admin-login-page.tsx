import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { adminUiMessages as t } from '@shared/messages/admin-ui.js';
import { validationMessages as m } from '@shared/messages/validation.js';
import { loginBody, type LoginBody } from '@shared/schemas/auth.js';
import { SubmitButton } from '@client/components/ui/submit-button.js';
import { FlashMessage } from '@client/components/ui/flash-message.js';
import { EmailField } from '@client/components/ui/email-field.js';
import { PasswordField } from '@client/components/ui/password-field.js';
import { PageTitle } from '@client/components/ui/page-title.js';
import { failureFlash, useFlash } from '@client/components/ui/use-flash.js';
import { login, logout, SecondFactorNeeded } from '@client/lib/auth-calls.js';
import { SecondFactorStep } from '@client/components/sign-in/second-factor-step.js';
import type { Session } from '@client/lib/session.js';
import { signInWithPasskey } from '@client/lib/passkey-calls.js';
import { usePasskeySupport } from '@client/lib/use-passkey-support.js';
import { secondFactorUi } from '@shared/messages/second-factor-ui.js';
import type { FieldErrors } from '@client/lib/field-errors.js';
import { setSession, useSession } from '@client/lib/session.js';
import { useSiteConfig } from '@client/lib/site-config.js';
import { useForm } from '@client/lib/use-form.js';
import { AdminRecoveryModal } from './admin-recovery-modal.js';
import './admin-login.css';
import { adminLink, pageLink } from '@shared/page-paths.js';

/** The login's rules, in the back-office's words: every field filled, then the email's format. */
const LOGIN_RULES = {
  schema: loginBody,
  refine: (values: LoginBody, errors: FieldErrors<'email' | 'password'>) =>
    // An empty password is named before a malformed email.
    !values.password && errors.email === m.emailInvalidLogin
      ? { password: errors.password }
      : errors,
  texts: {
    [m.emailRequired]: m.adminFillAllFields,
    [m.passwordRequired]: m.adminFillAllFields,
    [m.emailInvalidLogin]: m.emailInvalidAdmin,
  },
  report: 'first',
} as const;

/** /admin: the back-office login. A signed-in administrator goes straight to the dashboard. */
export function AdminLoginPage() {
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { brand } = useSiteConfig();
  const { flash, show, dismiss } = useFlash();
  const form = useForm({ email: '', password: '' }, LOGIN_RULES);
  const [pending, setPending] = useState(false);
  // Each opening of the recovery popups starts afresh.
  const [recovery, setRecovery] = useState({ open: false, round: 0 });
  // The password was right and a second factor must follow.
  const [challenge, setChallenge] = useState<SecondFactorNeeded | null>(null);
  const passkeys = usePasskeySupport();

  if (session?.isAdmin) return <Navigate to={adminLink.dashboard} replace />;

  const enter = async (opened: Session) => {
    if (!opened.isAdmin) {
      // A fan's session has no business here: end it at once rather than leave it open.
      setSession(opened);
      await logout();
      show({ tone: 'error', text: t.loginFailed, detail: t.notAnAdmin });
      return;
    }
    setSession(opened);
    queryClient.clear();
    await navigate(adminLink.dashboard, { replace: true });
  };

  /** A passkey alone: the browser offers this site's passkeys, and the one chosen names its admin. */
  const passkeySignIn = async () => {
    dismiss();
    setPending(true);
    try {
      await enter(await signInWithPasskey());
    } catch (error) {
      show(failureFlash(t.loginFailed, error));
    } finally {
      setPending(false);
    }
  };

  const logIn = async ({ email, password }: LoginBody) => {
    dismiss();
    setPending(true);
    try {
      await enter(await login({ email: email.trim(), password }));
    } catch (error) {
      if (error instanceof SecondFactorNeeded) {
        setChallenge(error);
        return;
      }
      form.showServerError(error);
      show(failureFlash(t.loginFailed, error));
    } finally {
      setPending(false);
    }
  };

  return (
    <main id="main" className="admin-login">
      <PageTitle page="Admin Log In" />
      <div className="admin-login__card">
        <h1 className="admin-login__title">{brand} Admin</h1>
        {challenge ? (
          <SecondFactorStep
            challenge={challenge.challenge}
            methods={challenge.methods}
            onSignedIn={enter}
            onBack={() => setChallenge(null)}
          />
        ) : (
          <form
            className="form"
            noValidate
            onSubmit={form.handleSubmit(
              (values) => void logIn(values),
              (problem) => show({ tone: 'error', text: problem.message }),
            )}
            aria-label="Admin log in"
          >
            <EmailField label="Email Address" autoComplete="username" {...form.bind('email')} />
            <PasswordField label="Password" current {...form.bind('password')} />
            <button
              type="button"
              className="link-button admin-login__forgot"
              onClick={() => setRecovery(({ round }) => ({ open: true, round: round + 1 }))}
            >
              Forgot Password?
            </button>
            <FlashMessage flash={flash} onDismiss={dismiss} />
            <SubmitButton pending={pending} busy="Logging In…">
              Log In
            </SubmitButton>
            {passkeys && (
              <button
                type="button"
                className="link-button admin-login__passkey"
                disabled={pending}
                onClick={() => void passkeySignIn()}
              >
                {secondFactorUi.signInWithPasskey}
              </button>
            )}
          </form>
        )}
        <Link to={pageLink.home} className="admin-login__back">
          ← Back to the main site
        </Link>
      </div>
      <AdminRecoveryModal
        key={recovery.round}
        open={recovery.open}
        initialEmail={form.values.email}
        onClose={() => setRecovery(({ round }) => ({ open: false, round }))}
      />
    </main>
  );
}
