/**
 * What may be written of an error, in a log line or a crash: its kind, a message without the
 * values it was given, codes and names that say what failed, and where. Never a query's
 * parameters (drizzle puts them in its message: a failed INSERT of a user carries the password
 * hash), never PostgreSQL's `detail` (it quotes the row: "Failing row contains (...)"), never the
 * value PostgreSQL quotes after a colon ('invalid input syntax for type integer: "..."').
 */

interface ErrorLike {
  name?: unknown;
  message?: unknown;
  stack?: unknown;
  code?: unknown;
  cause?: unknown;
}

const isErrorLike = (value: unknown): value is ErrorLike =>
  typeof value === 'object' && value !== null && 'message' in value;

/** PostgreSQL's own errors: a five-character SQLSTATE and a severity (pg's DatabaseError). */
export function isPostgresError(error: unknown): error is ErrorLike & { code: string } {
  return (
    isErrorLike(error) &&
    typeof error.code === 'string' &&
    /^[0-9A-Z]{5}$/.test(error.code) &&
    'severity' in error
  );
}

/** An argon2 hash anywhere in a text, in case one reaches a message some other way. */
const ARGON2_HASH = /\$argon2(id|i|d)\$[A-Za-z0-9+/=$,.-]+/g;

/** The message, without what the failed call was given. */
export function safeMessage(error: unknown): string {
  if (!isErrorLike(error)) return String(typeof error);
  let message = typeof error.message === 'string' ? error.message : '';
  // drizzle: "Failed query: <SQL with $1 placeholders>\nparams: <the values>".
  const params = message.indexOf('\nparams:');
  if (params !== -1) message = message.slice(0, params);
  if (isPostgresError(error)) {
    const colon = message.indexOf(': ');
    if (colon !== -1) message = message.slice(0, colon);
  }
  return message.replace(ARGON2_HASH, '[redacted]');
}

export function errorType(error: unknown): string {
  if (!isErrorLike(error)) return typeof error;
  const constructor = (error as { constructor?: { name?: unknown } }).constructor;
  if (typeof constructor?.name === 'string' && constructor.name !== 'Object')
    return constructor.name;
  return typeof error.name === 'string' ? error.name : 'Error';
}

/** The error and its causes, outermost first (a few levels: enough for drizzle -> pg). */
export function causeChain(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let current = error; current !== undefined && current !== null;) {
    chain.push(current);
    if (chain.length >= 5 || !isErrorLike(current)) break;
    current = current.cause;
  }
  return chain;
}

/** One line: each error of the chain as `Type: message (code)`. */
export function safeErrorLine(error: unknown): string {
  return causeChain(error)
    .map((item) => {
      const code = isErrorLike(item) && typeof item.code === 'string' ? ` (${item.code})` : '';
      return `${errorType(item)}: ${safeMessage(item)}${code}`;
    })
    .join('; caused by ');
}

/** The stack's frames only: its first line repeats the message, which may hold values. */
export function stackFrames(error: unknown): string[] {
  if (!isErrorLike(error) || typeof error.stack !== 'string') return [];
  return error.stack.split('\n').filter((line) => /^\s+at /.test(line));
}

/** What PostgreSQL says about where it failed: names, never values. */
const POSTGRES_FIELDS = ['severity', 'schema', 'table', 'column', 'constraint', 'routine'];

export interface SafeError {
  type: string;
  message: string;
  stack: string;
  [field: string]: unknown;
}

/**
 * pino's `err` serializer: the fields above, the SQL of a failed query (placeholders, no values),
 * the frames, and the cause the same way. Its default copies every field of the error, drizzle's
 * `params` and PostgreSQL's `detail` included.
 */
export function serializeError(error: Error): SafeError {
  const [first, ...causes] = causeChain(error);
  const one = (item: unknown): SafeError => {
    const type = errorType(item);
    const message = safeMessage(item);
    const fields: SafeError = {
      type,
      message,
      stack: [`${type}: ${message}`, ...stackFrames(item)].join('\n'),
    };
    if (!isErrorLike(item)) return fields;
    const record = item as Record<string, unknown>;
    // Not `code`: the log's redaction censors every `*.code` (recovery codes in bodies).
    if (typeof record.code === 'string' || typeof record.code === 'number') {
      fields.errorCode = record.code;
    }
    if (isPostgresError(item)) {
      for (const key of POSTGRES_FIELDS) if (record[key] !== undefined) fields[key] = record[key];
    }
    if (typeof record.query === 'string') fields.query = record.query;
    if (typeof record.statusCode === 'number') fields.statusCode = record.statusCode;
    return fields;
  };
  const serialized = one(first);
  let outer = serialized;
  for (const cause of causes) {
    const inner = one(cause);
    outer.cause = inner;
    outer = inner;
  }
  return serialized;
}
