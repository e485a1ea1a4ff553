import { useState, type ChangeEvent, type FormEvent } from 'react';
import type { FieldErrors } from './field-errors.js';

/**
 * Text-field state for a small form. Errors appear after the first submit and then follow the
 * typing, so a fixed field loses its message at once. An invalid submit focuses the first field
 * (in page order) that has an error.
 */
export function useForm<V extends Record<string, string>>(
  initial: V,
  validate: (values: V) => FieldErrors<keyof V & string>,
) {
  const [values, setValues] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  const errors: FieldErrors<keyof V & string> = submitted ? validate(values) : {};

  const bind = (name: keyof V & string) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const { value } = event.target;
      setValues((current) => ({ ...current, [name]: value }));
    },
  });

  const handleSubmit = (onValid: (values: V) => void) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const found = validate(values);
    if (Object.keys(found).length === 0) {
      onValid(values);
      return;
    }
    const first = Array.from(event.currentTarget.elements).find(
      (element): element is HTMLInputElement =>
        element instanceof HTMLInputElement && element.name in found,
    );
    first?.focus();
  };

  const reset = (next: V = initial) => {
    setValues(next);
    setSubmitted(false);
  };

  return { values, errors, bind, handleSubmit, reset };
}
