import type { Ref, TextareaHTMLAttributes } from 'react';
import { FieldFrame } from './field-frame.js';

interface TextareaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string;
  /** What the field takes, shown under it from the start. */
  hint?: string;
  ref?: Ref<HTMLTextAreaElement>;
}

/** FormField for several lines of text. */
export function TextareaField({ label, error, hint, id, ref, ...textarea }: TextareaFieldProps) {
  return (
    <FieldFrame label={label} id={id} error={error} hint={hint}>
      {(aria) => <textarea ref={ref} {...aria} {...textarea} />}
    </FieldFrame>
  );
}
