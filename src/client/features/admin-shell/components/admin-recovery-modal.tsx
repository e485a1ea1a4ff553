import { adminUiMessages as t } from '@shared/messages/admin-ui.js';
import { validationMessages as m } from '@shared/messages/validation.js';
import { RecoveryForm, type RecoveryLook } from '@client/components/recovery/recovery-form.js';
import type { FormStep } from '@client/components/recovery/recovery-steps.js';
import {
  useRecoveryFlow,
  type RecoveryRules,
} from '@client/components/recovery/use-recovery-flow.js';
import { Modal } from '@client/components/ui/modal.js';
import { ADMIN_MESSAGE_MS } from '@client/components/ui/use-flash.js';

const STEP_TITLES: Record<FormStep, string> = {
  EnterEmail: 'Forgot Password',
  EnterRecoveryCode: 'Enter Recovery Code',
  EnterNewPassword: 'Choose a New Password',
};

/** The back-office's recovery texts: one message at a time, hidden after 3 s. */
const RULES: RecoveryRules = {
  report: 'first',
  texts: {
    EnterEmail: {
      [m.emailRequired]: m.adminRecoveryEmailNeeded,
      [m.emailInvalidAccount]: m.adminRecoveryInvalidEmail,
    },
    EnterRecoveryCode: {
      [m.emailRequired]: m.adminRecoveryFillAllFields,
      [m.emailInvalidAccount]: m.adminRecoveryInvalidEmail,
      [m.recoveryCodeRequired]: m.adminRecoveryFillAllFields,
    },
    EnterNewPassword: {
      [m.passwordRequired]: m.adminRecoveryFillAllFields,
      [m.confirmPasswordRequired]: m.adminRecoveryFillAllFields,
      [m.passwordRule]: m.adminRecoveryPasswordFormat,
      [m.passwordTooLong]: m.adminRecoveryPasswordFormat,
    },
  },
  failures: {
    EnterEmail: t.recoverySendFailed,
    EnterRecoveryCode: t.recoveryValidateFailed,
    EnterNewPassword: t.recoveryResetFailed,
  },
  messageMs: ADMIN_MESSAGE_MS,
  resetSuccess: t.recoveryPasswordChanged,
};

const LOOK: RecoveryLook = {
  labels: { email: 'Email Address', confirmPassword: 'Confirm New Password' },
  buttons: { EnterNewPassword: 'Change Password' },
  emailAutoComplete: 'username',
  className: 'form',
  skipClassName: 'link-button',
  messageAt: 'bottom',
  formLabels: STEP_TITLES,
};

/**
 * The admin's password recovery popups, starting from the email the login form holds. Every
 * message hides after 3 s; the success message then closes the whole flow.
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
  const flow = useRecoveryFlow(RULES, { initialEmail, onDone: onClose });
  const { step, emailKnown } = flow;
  const close = () => {
    flow.dismiss();
    onClose();
  };

  return (
    <Modal
      open={open}
      title={STEP_TITLES[step === 'Complete' ? 'EnterNewPassword' : step]}
      onClose={close}
    >
      <RecoveryForm
        flow={flow}
        look={LOOK}
        intro={
          step === 'EnterRecoveryCode' &&
          emailKnown && <p>We sent a recovery code to {flow.form.values.email.trim()}.</p>
        }
      />
    </Modal>
  );
}
