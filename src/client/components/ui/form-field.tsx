import type { InputHTMLAttributes, Ref } from 'react';
import { FieldFrame } from './field-frame.js';

interface FormFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string;
  /** What the field takes, shown under it from the start. */
  hint?: string;
  /** Classes of the field around the input (the input's own go in className). */
  fieldClassName?: string;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input whose error and hint are tied to it with aria-describedby and aria-invalid. */
export function FormField({
  label,
  error,
  hint,
  id,
  fieldClassName,
  ref,
  ...input
}: FormFieldProps) {
  return (
    <FieldFrame label={label} id={id} error={error} hint={hint} className={fieldClassName}>
      {(aria) => <input ref={ref} {...aria} {...input} />}
    </FieldFrame>
  );
}
