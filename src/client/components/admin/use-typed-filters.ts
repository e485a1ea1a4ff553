import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { FILTER_TYPING_PAUSE_MS } from '@client/lib/use-debounced.js';

/** The filters of F that are typed text. */
type TextFilters<F> = { [K in keyof F]: F[K] extends string ? K : never }[keyof F] & string;

/** A filter form's props: the list's filters, and where new ones go. */
export interface FiltersProps<F> {
  filters: F;
  onChange: (filters: F) => void;
}

/**
 * A list's filters: what is typed applies after a pause in the typing (one request a word, not a
 * key), a choice applies at once and takes the typed text along, and Enter applies what is typed.
 */
export function useTypedFilters<F extends object, T extends TextFilters<F>>(
  { filters, onChange }: FiltersProps<F>,
  typed: readonly T[],
) {
  const [text, setText] = useState(() => {
    const start: Partial<Record<T, string>> = {};
    for (const name of typed) start[name] = filters[name] as string;
    return start as Record<T, string>;
  });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const apply = (changes: Partial<F> = {}) => {
    clearTimeout(timer.current);
    onChange({ ...filters, ...text, ...changes });
  };

  /** A typed filter's search box. */
  const field = (name: T) => ({
    name,
    type: 'search',
    autoComplete: 'off',
    value: text[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const next = { ...text, [name]: event.target.value };
      setText(next);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => onChange({ ...filters, ...next }), FILTER_TYPING_PAUSE_MS);
    },
  });

  return { field, apply };
}
