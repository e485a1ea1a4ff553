import { useState } from 'react';
import { secondFactorUi as u } from '@shared/messages/second-factor-ui.js';
import type { SecondFactorStatus } from '@shared/schemas/second-factor.js';
import { Button } from '@client/components/ui/button.js';
import { QueryView } from '@client/components/ui/page-states.js';
import { StatusMessage } from '@client/components/ui/status-message.js';
import {
  useRenewBackupCodes,
  useSecondFactor,
  useSetRequired,
  useTurnOff,
} from '../api/second-factor.js';
import { BackupCodesView } from './backup-codes-view.js';
import { CodeForm } from './code-form.js';
import { EnrolmentFlow } from './enrolment-flow.js';
import { PasswordAgainForm } from './password-again-form.js';
import './second-factor.css';

type Step = 'idle' | 'enrol' | 'renew' | 'turn-off';

/** /admin/ownAccount's two-step sign-in: its state, set up, new backup codes, off, the setting. */
export function SecondFactorPanel() {
  const status = useSecondFactor();
  return (
    <QueryView query={status} loading={{ label: 'Loading two-step sign-in…' }} error={u.loadFailed}>
      {(data) => <SecondFactorState status={data} />}
    </QueryView>
  );
}

function SecondFactorState({ status }: { status: SecondFactorStatus }) {
  const [step, setStep] = useState<Step>('idle');
  const renew = useRenewBackupCodes();
  const turnOff = useTurnOff();
  const done = () => {
    renew.reset();
    turnOff.reset();
    setStep('idle');
  };

  if (!status.available && !status.totp) return <p>{u.notAvailable}</p>;
  if (step === 'enrol') return <EnrolmentFlow onClose={done} />;
  if (step === 'renew') {
    if (renew.data) return <BackupCodesView codes={renew.data} onDone={done} />;
    return (
      <PasswordAgainForm
        label={u.newCodes}
        pending={renew.isPending}
        error={renew.error?.message}
        onSubmit={(password) => renew.mutate(password)}
        onCancel={done}
      />
    );
  }
  if (step === 'turn-off') {
    return (
      <div>
        <h3>{u.turnOffTitle}</h3>
        <p>{u.turnOffIntro}</p>
        <CodeForm
          label={u.codeLabel}
          submitLabel={u.turnOff}
          backup
          pending={turnOff.isPending}
          error={turnOff.error?.message}
          onSubmit={(code) => turnOff.mutate(code, { onSuccess: done })}
          onCancel={done}
        />
      </div>
    );
  }
  return (
    <div className="second-factor">
      {status.held && (
        <StatusMessage tone="error">
          <span>{u.heldBanner}</span>
        </StatusMessage>
      )}
      <p className="second-factor__state">
        {status.totp ? u.on : status.passkeys > 0 ? u.onPasskeys : u.off}
      </p>
      {status.totp && <p>{u.backupLeft(status.backupCodesLeft)}</p>}
      <div className="second-factor__actions">
        {status.totp ? (
          <>
            <Button variant="secondary" onClick={() => setStep('renew')}>
              {u.newCodes}
            </Button>
            <Button variant="danger" onClick={() => setStep('turn-off')}>
              {u.turnOff}
            </Button>
          </>
        ) : (
          <Button onClick={() => setStep('enrol')}>
            {status.passkeys > 0 ? u.addApp : u.setUp}
          </Button>
        )}
      </div>
      {!status.held && <RequiredSetting status={status} />}
    </div>
  );
}

/** The back-office setting; turning it on needs the admin's own factor (the server says so). */
function RequiredSetting({ status }: { status: SecondFactorStatus }) {
  const setRequired = useSetRequired();
  return (
    <div className="second-factor__required">
      <label className="second-factor__check">
        <input
          type="checkbox"
          checked={setRequired.isPending ? Boolean(setRequired.variables) : status.required}
          disabled={setRequired.isPending}
          onChange={(event) => setRequired.mutate(event.target.checked)}
          aria-describedby="second-factor-required-hint"
        />
        {u.requireLabel}
      </label>
      <p id="second-factor-required-hint" className="second-factor__hint">
        {u.requireHint}
      </p>
      {setRequired.error && (
        <StatusMessage tone="error" onDismiss={setRequired.reset}>
          {setRequired.error.message}
        </StatusMessage>
      )}
    </div>
  );
}
