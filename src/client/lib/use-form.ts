import { useCallback, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { z } from 'zod';
import { ApiError } from './api-client.js';
import {
  fieldErrors,
  labelledField,
  refusedField,
  type FieldErrors,
  type Renames,
} from './field-errors.js';

type FieldValue = string | boolean;
type Values<V> = { [K in keyof V]: FieldValue };
/** The fields of V holding a T. */
type NamesOf<V, T> = { [K in keyof V]: V[K] extends T ? K : never }[keyof V] & string;

export interface FormRules<V, K extends string = keyof V & string> {
  /** The shared schema the API checks the same body with. */
  schema: z.ZodType;
  /** The body the schema checks; the values themselves by default. */
  body?: (values: V) => unknown;
  rename?: Renames<K>;
  /** Rules of this form alone (a confirmation field), given the schema's errors. */
  refine?: (values: V, errors: FieldErrors<K>) => FieldErrors<K>;
  /** The form's own words for the rules' texts, where the spec gives the form texts of its own. */
  texts?: Readonly<Partial<Record<string, string>>>;
  /**
   * 'each': every field shows its own message. 'first': one problem at a time (the back-office
   * forms): the form shows it in its message area, and only its field is marked.
   */
  report?: 'each' | 'first';
  /** Texts the form shows once in its own message area ("fill all"): their fields are only marked. */
  formTexts?: readonly string[];
  /**
   * The API's refusals that concern one field without naming it, by their text (a new password
   * too common): they show on that field like a refusal naming it.
   */
  refusals?: Readonly<Partial<Record<string, K>>>;
}

export interface Problem<K extends string> {
  field: K;
  message: string;
}

/**
 * A form's state and checks. Errors appear after the first submit and then follow the typing, so
 * a fixed field loses its message at once; a refused submit focuses the first field (in page
 * order) at fault. A 400 naming a field shows on that field until it changes. Issues on body
 * fields the form does not have (ids it adds) are left to the server.
 */
export function useForm<V extends Values<V>>(initial: V | (() => V), rules: FormRules<V>) {
  type K = keyof V & string;
  const [start] = useState(initial);
  const [values, setValues] = useState(start);
  const [submitted, setSubmitted] = useState(false);
  const [reported, setReported] = useState<K | null>(null);
  const [refused, setRefused] = useState<FieldErrors<K>>({});
  const elements = useRef(new Map<string, HTMLElement>());

  const isField = (name: string): name is K => Object.hasOwn(start, name);

  const validate = (current: V): FieldErrors<K> => {
    const body = rules.body ? rules.body(current) : current;
    let found = fieldErrors<K>(rules.schema, body, rules.rename);
    if (rules.refine) found = rules.refine(current, found);
    const known: FieldErrors<K> = {};
    for (const [name, message] of Object.entries(found)) {
      if (isField(name) && typeof message === 'string') {
        known[name] = rules.texts?.[message] ?? message;
      }
    }
    return known;
  };

  const live: FieldErrors<K> = submitted ? validate(values) : {};
  const checked: FieldErrors<K> = rules.report === 'first' ? pick(live, reported) : live;
  const errors: FieldErrors<K> = { ...refused, ...checked };

  /**
   * Shown under the field, unless the form shows it in its own message area. A form reporting one
   * problem at a time still shows the API's refusal of a field under it: only the API knows it,
   * so the form's own checks cannot point at it.
   */
  const messageOf = (name: K): string | undefined => {
    const message = errors[name];
    if (!message || rules.formTexts?.includes(message)) return undefined;
    if (rules.report === 'first' && (checked[name] !== undefined || !(name in refused))) {
      return undefined;
    }
    return message;
  };

  // A new callback each render: React 19 runs the last one's cleanup first, so the map stays true.
  const refOf = (name: K) => (element: HTMLElement | null) => {
    if (!element) return;
    elements.current.set(name, element);
    return () => {
      elements.current.delete(name);
    };
  };

  const focus = useCallback((name: K) => elements.current.get(name)?.focus(), []);

  const set = <N extends K>(name: N, value: V[N]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setRefused((current) => {
      if (!(name in current)) return current;
      const rest = { ...current };
      delete rest[name];
      return rest;
    });
  };

  /** Text inputs, textareas and selects. */
  const bind = (name: NamesOf<V, string>) => ({
    name,
    value: values[name] as string,
    ref: refOf(name),
    error: messageOf(name),
    'aria-invalid': errors[name] ? (true as const) : undefined,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      set(name, event.target.value as V[typeof name]),
  });

  const checkbox = (name: NamesOf<V, boolean>) => ({
    name,
    checked: values[name] as boolean,
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      set(name, event.target.checked as V[typeof name]),
  });

  const radio = <N extends K>(name: N, option: V[N]) => ({
    name,
    value: String(option),
    checked: values[name] === option,
    onChange: () => set(name, option),
  });

  /** The first of `names` on the page; fields not on it (another step's) come last. */
  const firstInPage = (names: K[]): K => {
    const placed = names.filter((name) => elements.current.has(name));
    placed.sort((a, b) => {
      const position = elements.current.get(a)!.compareDocumentPosition(elements.current.get(b)!);
      return position & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;
    });
    return placed[0] ?? names[0]!;
  };

  const handleSubmit =
    (
      onValid: (values: V) => void,
      onInvalid?: (first: Problem<K>, errors: FieldErrors<K>) => void,
    ) =>
    (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const found = validate(values);
      setSubmitted(true);
      setRefused({});
      const invalid = Object.keys(found) as K[];
      if (invalid.length === 0) {
        setReported(null);
        onValid(values);
        return;
      }
      const first = firstInPage(invalid);
      setReported(first);
      focus(first);
      onInvalid?.({ field: first, message: found[first]! }, found);
    };

  /**
   * The form's field an API refusal concerns: one `refusals` ties its text to, one it names by
   * the field's label on the page, or by the body's name (as the form calls it).
   */
  const fieldOf = (error: unknown): K | undefined => {
    if (!(error instanceof ApiError)) return undefined;
    const tied = rules.refusals?.[error.message];
    if (tied !== undefined && isField(tied)) return tied;
    const labelled = labelledField(error, labelsOnPage());
    if (labelled !== undefined) return labelled;
    const named = refusedField(error);
    const field = named === undefined ? undefined : (rules.rename?.[named] ?? named);
    return field !== undefined && isField(field) ? field : undefined;
  };

  /** Each field on the page with its label's text. */
  function* labelsOnPage(): Generator<[K, string]> {
    for (const [name, element] of elements.current) {
      const label = (element as HTMLInputElement).labels?.[0]?.textContent?.trim();
      if (label && isField(name)) yield [name, label];
    }
  }

  /**
   * Shows the API's refusal on the field it concerns (fieldOf) and focuses it. False when it
   * concerns none of the form's fields: the form shows it itself.
   */
  const showServerError = (error: unknown): boolean => {
    const field = fieldOf(error);
    if (field === undefined || !(error instanceof Error)) return false;
    setRefused({ [field]: error.message } as FieldErrors<K>);
    focus(field);
    return true;
  };

  /** Back to `next` (the first values by default), unchecked, as if never submitted. */
  const reset = (next: V | ((current: V) => V) = start) => {
    setValues(next);
    setSubmitted(false);
    setReported(null);
    setRefused({});
  };

  return {
    values,
    errors,
    bind,
    checkbox,
    radio,
    set,
    focus,
    handleSubmit,
    showServerError,
    fieldOf,
    reset,
  };
}

/** Only the error of `name`, if it has one. */
function pick<K extends string>(errors: FieldErrors<K>, name: K | null): FieldErrors<K> {
  const found: FieldErrors<K> = {};
  if (name !== null && errors[name]) found[name] = errors[name];
  return found;
}
