import { useState, type ChangeEvent, type FormEvent } from 'react';

/** The first thing wrong with a form: the spec shows one message at a time. */
export interface FieldProblem<F extends string> {
  field: F;
  text: string;
}

/**
 * Text fields for the People forms. A refused submit marks the field at fault (aria-invalid) and
 * puts the focus in it; typing in that field clears the mark.
 */
export function useCheckedFields<F extends string>(
  initial: Record<F, string> | (() => Record<F, string>),
) {
  const [values, setValues] = useState<Record<F, string>>(initial);
  const [invalid, setInvalid] = useState<F | null>(null);

  const bind = (field: F) => ({
    name: field,
    value: values[field],
    'aria-invalid': invalid === field ? true : undefined,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const { value } = event.target;
      setValues((current) => ({ ...current, [field]: value }) as Record<F, string>);
      if (invalid === field) setInvalid(null);
    },
  });

  /** True when there is no problem; otherwise marks and focuses its field. */
  const accept = (event: FormEvent<HTMLFormElement>, problem: FieldProblem<F> | null) => {
    setInvalid(problem?.field ?? null);
    if (!problem) return true;
    const input = event.currentTarget.elements.namedItem(problem.field);
    if (input instanceof HTMLInputElement) input.focus();
    return false;
  };

  return { values, setValues, bind, accept };
}
