import { useId, type ReactNode } from 'react';

interface FieldFrameProps {
  label: string;
  /** The control's own id, if it has one; otherwise one is made. */
  id?: string;
  error?: string;
  className?: string;
  /** The control, given its id and the aria attributes that tie the error to it. */
  children: (control: {
    id: string;
    'aria-invalid'?: true;
    'aria-describedby'?: string;
  }) => ReactNode;
}

/** A label, its control and the control's error, tied together with aria-describedby and aria-invalid. */
export function FieldFrame({ label, id, error, className, children }: FieldFrameProps) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const errorId = `${controlId}-error`;
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={controlId}>{label}</label>
      {children({
        id: controlId,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? errorId : undefined,
      })}
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
