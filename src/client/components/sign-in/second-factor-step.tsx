import { useRef, useState } from 'react';
import { secondFactorUi as u } from '@shared/messages/second-factor-ui.js';
import { FormField } from '@client/components/ui/form-field.js';
import { StatusMessage } from '@client/components/ui/status-message.js';
import { SubmitButton } from '@client/components/ui/submit-button.js';
import { finishSignIn } from '@client/lib/auth-calls.js';
import type { Session } from '@client/lib/session.js';
import { useFocusOnShow } from '@client/lib/use-focus-on-show.js';

/**
 * The second step of a sign-in: the authenticator's code or a backup code, sent with the
 * challenge the password step answered. Used by the back-office login and the site's modal.
 */
export function SecondFactorStep({
  challenge,
  onSignedIn,
  onBack,
}: {
  challenge: string;
  onSignedIn: (session: Session) => void | Promise<void>;
  onBack: () => void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useFocusOnShow(() => input.current?.focus());

  const submit = async () => {
    if (!code.trim()) {
      setError(u.codeHint);
      return;
    }
    setPending(true);
    setError(null);
    try {
      await onSignedIn(await finishSignIn(challenge, code.trim()));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : u.codeFailed);
      setPending(false);
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
      <p>{u.stepIntro}</p>
      {error && (
        <StatusMessage tone="error" onDismiss={() => setError(null)}>
          {error}
        </StatusMessage>
      )}
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
      <SubmitButton pending={pending} busy={u.verifying}>
        {u.verify}
      </SubmitButton>
      <button type="button" className="link-button" onClick={onBack}>
        {u.backToPassword}
      </button>
    </form>
  );
}
