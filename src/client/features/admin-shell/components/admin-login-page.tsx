import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { adminUiMessages as t } from '@shared/messages/admin-ui.js';
import { validationMessages as m } from '@shared/messages/validation.js';
import { isLoginEmail } from '@shared/validation.js';
import { FlashMessage } from '@client/components/admin/flash-message.js';
import { detailOf, useFlash } from '@client/components/admin/use-flash.js';
import { Button } from '@client/components/ui/button.js';
import { FormField } from '@client/components/ui/form-field.js';
import { PageTitle } from '@client/components/ui/page-title.js';
import { login, logout } from '@client/lib/auth-calls.js';
import { setSession, useSession } from '@client/lib/session.js';
import { useSiteConfig } from '@client/lib/site-config.js';
import { AdminRecoveryModal } from './admin-recovery-modal.js';
import './admin-login.css';

/** Admin login: every field filled, then the email's format. */
export function adminLoginError(email: string, password: string): string | null {
  if (!email.trim() || !password) return m.adminFillAllFields;
  if (!isLoginEmail(email)) return m.emailInvalidAdmin;
  return null;
}

/** /admin: the back-office login. A signed-in administrator goes straight to the dashboard. */
export function AdminLoginPage() {
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { brand } = useSiteConfig();
  const { flash, show, dismiss } = useFlash();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);
  const [recovering, setRecovering] = useState(false);

  if (session?.isAdmin) return <Navigate to="/admin/dashboard" replace />;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = adminLoginError(email, password);
    if (problem) {
      show({ tone: 'error', text: problem });
      return;
    }
    dismiss();
    setPending(true);
    try {
      const opened = await login({ email: email.trim(), password });
      if (!opened.isAdmin) {
        // A fan's session has no business here: end it at once rather than leave it open.
        setSession(opened);
        await logout();
        show({ tone: 'error', text: t.loginFailed, detail: t.notAnAdmin });
        return;
      }
      setSession(opened);
      queryClient.clear();
      await navigate('/admin/dashboard', { replace: true });
    } catch (error) {
      show({ tone: 'error', text: t.loginFailed, detail: detailOf(error, t.loginFailed) });
    } finally {
      setPending(false);
    }
  };

  return (
    <main id="main" className="admin-login">
      <PageTitle page="Admin Log In" />
      <div className="admin-login__card">
        <h1 className="admin-login__title">{brand} Admin</h1>
        <form className="form" noValidate onSubmit={submit} aria-label="Admin log in">
          <FormField
            label="Email Address"
            name="email"
            type="email"
            autoComplete="username"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <FormField
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <button
            type="button"
            className="link-button admin-login__forgot"
            onClick={() => setRecovering(true)}
          >
            Forgot Password?
          </button>
          <FlashMessage flash={flash} onDismiss={dismiss} />
          <Button type="submit" disabled={pending}>
            {pending ? 'Logging In…' : 'Log In'}
          </Button>
        </form>
        <Link to="/" className="admin-login__back">
          ← Back to the main site
        </Link>
      </div>
      <AdminRecoveryModal
        open={recovering}
        initialEmail={email}
        onClose={() => setRecovering(false)}
      />
    </main>
  );
}
