import type { Ref, SelectHTMLAttributes } from 'react';
import { FieldFrame } from './field-frame.js';

interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  error?: string;
  fieldClassName?: string;
  ref?: Ref<HTMLSelectElement>;
}

/** FormField for a choice from a list. */
export function SelectField({
  label,
  error,
  id,
  fieldClassName,
  ref,
  ...select
}: SelectFieldProps) {
  return (
    <FieldFrame label={label} id={id} error={error} className={fieldClassName}>
      {(aria) => <select ref={ref} {...aria} {...select} />}
    </FieldFrame>
  );
}
