import { useId, type ReactNode } from 'react';

interface FieldFrameProps {
  label: string;
  /** The control's own id, if it has one; otherwise one is made. */
  id?: string;
  error?: string;
  /** What the field takes, said before anyone gets it wrong (a password's rule). */
  hint?: string;
  className?: string;
  /** The control, given its id and the aria attributes that tie the error and hint to it. */
  children: (control: {
    id: string;
    'aria-invalid'?: true;
    'aria-describedby'?: string;
  }) => ReactNode;
}

/**
 * A label, its control, its hint and its error, tied together with aria-describedby (the error
 * first: it matters most) and aria-invalid.
 */
export function FieldFrame({ label, id, error, hint, className, children }: FieldFrameProps) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const errorId = `${controlId}-error`;
  const hintId = `${controlId}-hint`;
  const describedBy = [error && errorId, hint && hintId].filter(Boolean).join(' ');
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={controlId}>{label}</label>
      {children({
        id: controlId,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
