import { useEffect } from 'react';
import { Modal } from '@client/components/ui/modal.js';
import {
  closeAuthModal,
  setAuthView,
  useAuthModal,
  type AuthView,
} from '@client/lib/auth-modal.js';
import { ForgotPassword } from './forgot-password.js';
import { SignInForm } from './sign-in-form.js';
import { SignUpForm } from './sign-up-form.js';
import './auth-modal.css';

/** The auth form goes back to Sign In this long after the modal closes. */
export const AUTH_RESET_MS = 300;

const TITLES: Record<AuthView, string> = {
  signIn: 'Sign In',
  signUp: 'Sign Up',
  forgotPassword: 'Forgot Password',
};

/**
 * Sign In, Sign Up and Forgot Password in one modal. Only its × closes it (no Escape, no click
 * outside), so a half-filled form is never lost by accident.
 */
export function AuthModal() {
  const { open, view } = useAuthModal();

  useEffect(() => {
    if (open || view === 'signIn') return;
    // Waits for the close to finish, so the title does not change while the dialog is leaving.
    const timer = setTimeout(() => setAuthView('signIn'), AUTH_RESET_MS);
    return () => clearTimeout(timer);
  }, [open, view]);

  return (
    <Modal open={open} title={TITLES[view]} onClose={closeAuthModal} dismissible={false}>
      {view === 'signIn' && <SignInForm />}
      {view === 'signUp' && <SignUpForm />}
      {view === 'forgotPassword' && <ForgotPassword />}
    </Modal>
  );
}
