import { useRef, useState } from 'react';
import { secondFactorUi as u } from '@shared/messages/second-factor-ui.js';
import { FormField } from '@client/components/ui/form-field.js';
import { StatusMessage } from '@client/components/ui/status-message.js';
import { SubmitButton } from '@client/components/ui/submit-button.js';
import { finishSignIn } from '@client/lib/auth-calls.js';
import { signInWithPasskey } from '@client/lib/passkey-calls.js';
import { Button } from '@client/components/ui/button.js';
import type { Session } from '@client/lib/session.js';
import { useFocusOnShow } from '@client/lib/use-focus-on-show.js';
import { usePasskeySupport } from '@client/lib/use-passkey-support.js';

/**
 * The second step of a sign-in: the authenticator's code or a backup code, sent with the
 * challenge the password step answered. Used by the back-office login and the site's modal.
 */
export function SecondFactorStep({
  challenge,
  methods,
  onSignedIn,
  onBack,
}: {
  challenge: string;
  /** What the account has: 'totp' and 'backup-code', 'passkey'. */
  methods: readonly string[];
  onSignedIn: (session: Session) => void | Promise<void>;
  onBack: () => void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  // Which way is being checked: the other's button stays as it is, only disabled.
  const [pending, setPending] = useState<'code' | 'passkey' | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const passkeyButton = useRef<HTMLButtonElement>(null);
  // An account with passkeys only has no field: its button takes the focus.
  useFocusOnShow(() => (input.current ?? passkeyButton.current)?.focus());

  const codes = methods.includes('totp');
  const supported = usePasskeySupport();
  const passkey = methods.includes('passkey') && supported;

  const confirmWithPasskey = async () => {
    setPending('passkey');
    setError(null);
    try {
      await onSignedIn(await signInWithPasskey(challenge));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : u.codeFailed);
      setPending(null);
    }
  };

  const submit = async () => {
    if (!code.trim()) {
      setError(u.codeHint);
      return;
    }
    setPending('code');
    setError(null);
    try {
      await onSignedIn(await finishSignIn(challenge, code.trim()));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : u.codeFailed);
      setPending(null);
    }
  };

  return (
    <form
      className="form"
      noValidate
      aria-label={u.stepTitle}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <p>{codes ? u.stepIntro : passkey ? u.passkeyIntro : u.passkeyOnlyUnsupported}</p>
      {error && (
        <StatusMessage tone="error" onDismiss={() => setError(null)}>
          {error}
        </StatusMessage>
      )}
      {codes && (
        <FormField
          ref={input}
          label={u.codeLabel}
          name="code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoComplete="one-time-code"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={20}
          hint={u.codeHint}
        />
      )}
      {codes && (
        <SubmitButton
          pending={pending === 'code'}
          disabled={pending === 'passkey'}
          busy={u.verifying}
        >
          {u.verify}
        </SubmitButton>
      )}
      {passkey && (
        <Button
          ref={passkeyButton}
          variant={codes ? 'secondary' : 'primary'}
          disabled={pending !== null}
          aria-busy={pending === 'passkey'}
          onClick={() => void confirmWithPasskey()}
        >
          {pending === 'passkey' ? u.waitingForPasskey : u.usePasskey}
        </Button>
      )}
      <button type="button" className="link-button" onClick={onBack}>
        {u.backToPassword}
      </button>
    </form>
  );
}
