import { validationMessages as m } from '@shared/messages/validation.js';
import type { FieldErrors } from './field-errors.js';

interface Confirmation<K extends string> {
  /** The field that repeats the password, and the password field it repeats. */
  field: K;
  of: K;
  /** Its text when left empty; without one, an empty confirmation is only a mismatch. */
  required?: string;
  mismatch?: string;
  /** The mismatch shows on the password as well (Change Password), once a password is typed. */
  onBoth?: boolean;
}

/**
 * The confirmation of a new password: a rule of the form alone (the API is sent one password), for
 * useForm's `refine`.
 */
export function confirmationRule<K extends string>({
  field,
  of,
  required,
  mismatch = m.passwordsDoNotMatch,
  onBoth = false,
}: Confirmation<K>) {
  return <V extends Record<K, unknown>>(values: V, errors: FieldErrors<K>): FieldErrors<K> => {
    const [confirm, password] = [values[field], values[of]];
    if (!confirm && required) return { ...errors, [field]: required };
    if (confirm === password || (onBoth && !password)) return errors;
    const found: FieldErrors<K> = { ...errors, [field]: mismatch };
    if (onBoth) found[of] ??= mismatch;
    return found;
  };
}
