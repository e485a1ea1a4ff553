/**
 * Checks on a JSON body's text and value that no route's schema can make: how deep it nests, and
 * whether its strings are whole Unicode text. Both walk without recursion, so no input can run
 * the stack out.
 */

/** Deeper than any API body (the deepest, a layout of tags as {id, name}, has 3 levels). */
export const MAX_JSON_DEPTH = 32;

const OPEN_OBJECT = 0x7b; // {
const OPEN_ARRAY = 0x5b; // [
const CLOSE_OBJECT = 0x7d; // }
const CLOSE_ARRAY = 0x5d; // ]
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \

/** True when the JSON text opens more than `max` arrays and objects inside one another. */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === BACKSLASH) i += 1;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) {
      inString = true;
    } else if (code === OPEN_OBJECT || code === OPEN_ARRAY) {
      depth += 1;
      if (depth > max) return true;
    } else if (code === CLOSE_OBJECT || code === CLOSE_ARRAY) {
      depth -= 1;
    }
  }
  return false;
}

/** Half of a surrogate pair: JSON's "\ud800" escape makes one, and no text may hold it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** U+FFFD: what bytes that are not UTF-8 became when the body was decoded. */
const REPLACEMENT = '\uFFFD';

export interface BrokenText {
  /** Where it is, as validation errors name fields: `firstName`, `id.2.name`; '' for the body. */
  path: string;
  /** The field's name itself is broken, not its value. */
  inName: boolean;
}

/**
 * The first string (value or field name) of a parsed body that is not whole text: one holding a
 * lone surrogate, or, when the body's bytes were not UTF-8, the replacement character they were
 * decoded to. Null when every string is whole.
 */
export function findBrokenText(value: unknown, bytesWereUtf8: boolean): BrokenText | null {
  const broken = (text: string) =>
    LONE_SURROGATE.test(text) || (!bytesWereUtf8 && text.includes(REPLACEMENT));
  const pending: { value: unknown; path: string }[] = [{ value, path: '' }];
  const join = (path: string, key: string) => (path === '' ? key : `${path}.${key}`);
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value: current, path } = next;
    if (typeof current === 'string') {
      if (broken(current)) return { path, inName: false };
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i -= 1) {
        pending.push({ value: current[i], path: join(path, String(i)) });
      }
    } else if (typeof current === 'object' && current !== null) {
      const entries = Object.entries(current);
      for (const [key] of entries) if (broken(key)) return { path, inName: true };
      for (let i = entries.length - 1; i >= 0; i -= 1) {
        const [key, item] = entries[i]!;
        pending.push({ value: item, path: join(path, key) });
      }
    }
  }
  return null;
}
