import { useRef } from 'react';
import { publicSiteMessages as t } from '@shared/messages/public-site.js';
import { RecoveryForm, type RecoveryLook } from '@client/components/recovery/recovery-form.js';
import type { FormStep } from '@client/components/recovery/recovery-steps.js';
import { useRecoveryFlow } from '@client/components/recovery/use-recovery-flow.js';
import { StatusMessage } from '@client/components/ui/status-message.js';
import { setAuthView } from '@client/lib/auth-modal.js';
import { useFocusOnShow } from '@client/lib/use-focus-on-show.js';

const LOOK: RecoveryLook = {
  busy: { EnterEmail: 'Sending…', EnterRecoveryCode: 'Checking…', EnterNewPassword: 'Saving…' },
  emailAutoComplete: 'email',
  className: 'form auth-form',
  skipClassName: 'link-button auth-form__aside',
  messageAt: 'top',
};

const STEP_TEXTS: Record<FormStep, string> = {
  EnterEmail: t.recoveryEnterEmail,
  EnterRecoveryCode: t.recoveryEnterCode,
  EnterNewPassword: t.recoveryEnterPassword,
};

/** The public password recovery, in the auth modal: each field says what is wrong with it. */
export function ForgotPassword() {
  const flow = useRecoveryFlow({ report: 'each' });
  const { step, notice } = flow;

  return (
    <div className="auth-recovery">
      {step === 'Complete' ? (
        <RecoveryComplete />
      ) : (
        <>
          <RecoveryForm
            flow={flow}
            look={LOOK}
            intro={
              <>
                <p className="auth-form__intro">{STEP_TEXTS[step]}</p>
                {step === 'EnterRecoveryCode' && notice && !flow.message && (
                  <StatusMessage tone="success">{notice}</StatusMessage>
                )}
              </>
            }
          />
          <button
            type="button"
            className="link-button auth-recovery__back"
            onClick={() => setAuthView('signIn')}
          >
            Back to Sign In
          </button>
        </>
      )}
    </div>
  );
}

function RecoveryComplete() {
  const buttonRef = useRef<HTMLButtonElement>(null);
  useFocusOnShow(() => buttonRef.current?.focus());
  return (
    <div className="form auth-form">
      <p className="auth-form__intro" role="status">
        {t.recoveryComplete}
      </p>
      <button
        ref={buttonRef}
        type="button"
        className="btn btn--primary"
        onClick={() => setAuthView('signIn')}
      >
        SIGN IN
      </button>
    </div>
  );
}
