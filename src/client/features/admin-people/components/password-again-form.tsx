import { useRef, useState } from 'react';
import { secondFactorUi as u } from '@shared/messages/second-factor-ui.js';
import { validationMessages as m } from '@shared/messages/validation.js';
import { Button } from '@client/components/ui/button.js';
import { PasswordField } from '@client/components/ui/password-field.js';
import { SubmitButton } from '@client/components/ui/submit-button.js';
import { useFocusOnShow } from '@client/lib/use-focus-on-show.js';

/** The administrator's own password, asked again before a sensitive change. */
export function PasswordAgainForm({
  label,
  submitLabel = u.continue,
  pending,
  error,
  onSubmit,
  onCancel,
}: {
  label: string;
  submitLabel?: string;
  pending: boolean;
  error?: string | undefined;
  onSubmit: (password: string) => void;
  onCancel: () => void;
}) {
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useFocusOnShow(() => input.current?.focus());
  return (
    <form
      className="form second-factor__form"
      noValidate
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        setMissing(!password);
        if (password) onSubmit(password);
      }}
    >
      <PasswordField
        ref={input}
        label={u.passwordAgain}
        current
        name="password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={missing ? m.passwordRequired : error}
      />
      <div className="second-factor__actions">
        <SubmitButton pending={pending} busy="Checking…">
          {submitLabel}
        </SubmitButton>
        <Button variant="ghost" onClick={onCancel}>
          {u.cancel}
        </Button>
      </div>
    </form>
  );
}
