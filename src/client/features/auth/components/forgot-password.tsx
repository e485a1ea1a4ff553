import { useState } from 'react';
import { publicSiteMessages as t } from '@shared/messages/public-site.js';
import { setAuthView } from '@client/lib/auth-modal.js';
import { useFocusOnMount } from '../lib/use-focus-on-mount.js';
import { RecoveryCodeStep } from './recovery-code-step.js';
import { RecoveryEmailStep } from './recovery-email-step.js';
import { RecoveryPasswordStep } from './recovery-password-step.js';

/** The spec's four steps of the public password recovery. */
export type RecoveryStep = 'EnterEmail' | 'EnterRecoveryCode' | 'EnterNewPassword' | 'Complete';

interface Progress {
  step: RecoveryStep;
  email: string;
  /** False when the code step was reached by skipping: the email still has to be asked for. */
  emailKnown: boolean;
  recoveryCode: string;
  notice: string | null;
}

export function ForgotPassword() {
  const [progress, setProgress] = useState<Progress>({
    step: 'EnterEmail',
    email: '',
    emailKnown: false,
    recoveryCode: '',
    notice: null,
  });
  const go = (next: Partial<Progress>) => setProgress((current) => ({ ...current, ...next }));

  return (
    <div className="auth-recovery">
      {progress.step === 'EnterEmail' && (
        <RecoveryEmailStep
          onSent={(email, notice) =>
            go({ step: 'EnterRecoveryCode', email, emailKnown: true, notice })
          }
          onHaveCode={(email) =>
            go({ step: 'EnterRecoveryCode', email, emailKnown: false, notice: null })
          }
        />
      )}
      {progress.step === 'EnterRecoveryCode' && (
        <RecoveryCodeStep
          email={progress.email}
          askEmail={!progress.emailKnown}
          notice={progress.notice}
          onValid={(email, recoveryCode) => go({ step: 'EnterNewPassword', email, recoveryCode })}
        />
      )}
      {progress.step === 'EnterNewPassword' && (
        <RecoveryPasswordStep
          email={progress.email}
          recoveryCode={progress.recoveryCode}
          onReset={() => go({ step: 'Complete' })}
        />
      )}
      {progress.step === 'Complete' ? (
        <RecoveryComplete />
      ) : (
        <button
          type="button"
          className="link-button auth-recovery__back"
          onClick={() => setAuthView('signIn')}
        >
          Back to Sign In
        </button>
      )}
    </div>
  );
}

function RecoveryComplete() {
  const buttonRef = useFocusOnMount<HTMLButtonElement>();
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
