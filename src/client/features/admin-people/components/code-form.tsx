import { useRef, useState } from 'react';
import { secondFactorUi as u } from '@shared/messages/second-factor-ui.js';
import { Button } from '@client/components/ui/button.js';
import { FormField } from '@client/components/ui/form-field.js';
import { SubmitButton } from '@client/components/ui/submit-button.js';
import { useFocusOnShow } from '@client/lib/use-focus-on-show.js';

/** One code: the authenticator's 6 digits (or, where `backup` is allowed, a backup code). */
export function CodeForm({
  label,
  submitLabel,
  pending,
  error,
  backup,
  onSubmit,
  onCancel,
}: {
  label: string;
  submitLabel: string;
  pending: boolean;
  error?: string | undefined;
  backup: boolean;
  onSubmit: (code: string) => void;
  onCancel: () => void;
}) {
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useFocusOnShow(() => input.current?.focus());
  return (
    <form
      className="form second-factor__form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const typed = code.trim();
        setMissing(!typed);
        if (typed) onSubmit(typed);
      }}
    >
      <FormField
        ref={input}
        label={label}
        name="code"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        autoComplete="one-time-code"
        inputMode={backup ? 'text' : 'numeric'}
        autoCapitalize="off"
        spellCheck={false}
        maxLength={20}
        hint={backup ? u.codeHint : undefined}
        error={missing ? u.codeHint : error}
      />
      <div className="second-factor__actions">
        <SubmitButton pending={pending} busy={u.verifying}>
          {submitLabel}
        </SubmitButton>
        <Button variant="ghost" onClick={onCancel}>
          {u.cancel}
        </Button>
      </div>
    </form>
  );
}
