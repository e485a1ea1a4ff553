import { useState, type FormEvent } from 'react';
import { adminUiMessages as t } from '@shared/messages/admin-ui.js';
import { validationMessages as m } from '@shared/messages/validation.js';
import { isLoginEmail, isStrongPassword } from '@shared/validation.js';
import { FlashMessage } from '@client/components/admin/flash-message.js';
import { ADMIN_MESSAGE_MS, useFlash } from '@client/components/admin/use-flash.js';
import { Button } from '@client/components/ui/button.js';
import { FormField } from '@client/components/ui/form-field.js';
import { Modal } from '@client/components/ui/modal.js';
import {
  useGenerateRecoveryCode,
  useResetPassword,
  useValidateRecoveryCode,
} from '@client/lib/recovery-calls.js';

type Step = 'email' | 'code' | 'password';

const STEP_TITLES: Record<Step, string> = {
  email: 'Forgot Password',
  code: 'Enter Recovery Code',
  password: 'Choose a New Password',
};

/** Admin recovery popups: the checks each step makes before calling the server. */
export function adminRecoveryError(
  step: Step,
  values: { email: string; code: string; password: string; confirm: string },
): string | null {
  if (step === 'email') {
    if (!values.email.trim()) return m.adminRecoveryEmailNeeded;
    return isLoginEmail(values.email) ? null : m.adminRecoveryInvalidEmail;
  }
  if (step === 'code') return values.code.trim() ? null : m.adminRecoveryFillAllFields;
  if (!values.password || !values.confirm) return m.adminRecoveryFillAllFields;
  if (!isStrongPassword(values.password)) return m.adminRecoveryPasswordFormat;
  if (values.password !== values.confirm) return m.passwordsDoNotMatch;
  return null;
}

/**
 * The admin's password recovery: send a code, check it, set a new password.
 * Every message hides after 3 s; the success message then closes the whole flow.
 */
export function AdminRecoveryModal({
  open,
  initialEmail,
  onClose,
}: {
  open: boolean;
  initialEmail: string;
  onClose: () => void;
}) {
  const [step, setStep] = useState<Step>('email');
  const [email, setEmail] = useState(initialEmail);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const { flash, show, dismiss } = useFlash(ADMIN_MESSAGE_MS);
  const generate = useGenerateRecoveryCode();
  const validate = useValidateRecoveryCode();
  const reset = useResetPassword();
  const pending = generate.isPending || validate.isPending || reset.isPending;
  const [wasOpen, setWasOpen] = useState(open);

  // Each opening starts over, with the email the login form holds.
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setStep('email');
      setEmail(initialEmail);
      setCode('');
      setPassword('');
      setConfirm('');
    }
  }

  const close = () => {
    dismiss();
    onClose();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = adminRecoveryError(step, { email, code, password, confirm });
    if (problem) {
      show({ tone: 'error', text: problem });
      return;
    }
    const trimmedEmail = email.trim();
    if (step === 'email') {
      generate.mutate(
        { email: trimmedEmail },
        {
          onSuccess: () => {
            dismiss();
            setStep('code');
          },
          onError: () => show({ tone: 'error', text: t.recoverySendFailed }),
        },
      );
    } else if (step === 'code') {
      validate.mutate(
        { email: trimmedEmail, recoveryCode: code.trim() },
        {
          onSuccess: () => {
            dismiss();
            setStep('password');
          },
          onError: () => show({ tone: 'error', text: t.recoveryValidateFailed }),
        },
      );
    } else {
      reset.mutate(
        { email: trimmedEmail, recoveryCode: code.trim(), password },
        {
          onSuccess: () => show({ tone: 'success', text: t.recoveryPasswordChanged }, onClose),
          onError: () => show({ tone: 'error', text: t.recoveryResetFailed }),
        },
      );
    }
  };

  // The code belongs to an account, so the email is still needed.
  const skipToCode = () => {
    const problem = adminRecoveryError('email', { email, code, password, confirm });
    if (problem) {
      show({ tone: 'error', text: problem });
      return;
    }
    dismiss();
    setStep('code');
  };

  const done = flash?.tone === 'success';

  return (
    <Modal open={open} title={STEP_TITLES[step]} onClose={close}>
      <form className="form" noValidate onSubmit={submit} aria-label={STEP_TITLES[step]}>
        {step === 'email' && (
          <FormField
            label="Email Address"
            name="email"
            type="email"
            autoComplete="username"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        )}
        {step === 'code' && (
          <>
            <p>We sent a recovery code to {email.trim()}.</p>
            <FormField
              label="Recovery Code"
              name="recoveryCode"
              autoComplete="one-time-code"
              value={code}
              onChange={(event) => setCode(event.target.value)}
            />
          </>
        )}
        {step === 'password' && (
          <>
            <FormField
              label="New Password"
              name="password"
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
            <FormField
              label="Confirm New Password"
              name="confirm"
              type="password"
              autoComplete="new-password"
              value={confirm}
              onChange={(event) => setConfirm(event.target.value)}
            />
          </>
        )}
        <FlashMessage flash={flash} onDismiss={dismiss} />
        <Button type="submit" disabled={pending || done}>
          {step === 'email'
            ? 'Send Recovery Code'
            : step === 'code'
              ? 'Verify Code'
              : 'Change Password'}
        </Button>
        {step === 'email' && (
          <button type="button" className="link-button" onClick={skipToCode}>
            Already have a recovery code?
          </button>
        )}
      </form>
    </Modal>
  );
}
