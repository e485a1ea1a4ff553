/** PostgreSQL's error codes, as both drivers report them (on the error or, via drizzle, its cause). */
function pgCode(error: unknown): unknown {
  const candidate = (error as { code?: unknown; cause?: { code?: unknown } } | null) ?? {};
  return candidate.code ?? candidate.cause?.code;
}

/** unique_violation: callers turn it into a 409. */
export function isUniqueViolation(error: unknown): boolean {
  return pgCode(error) === '23505';
}

/** foreign_key_violation: the row referred to was deleted between a check and a write. */
export function isForeignKeyViolation(error: unknown): boolean {
  return pgCode(error) === '23503';
}

/** check_violation: a row would break a CHECK constraint (callers turn it into a 400). */
export function isCheckViolation(error: unknown): boolean {
  return pgCode(error) === '23514';
}

const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);

/**
 * The database cannot be reached or is shutting down: connection errors, class 08 (connection
 * exception), 57P01-57P03 (shutdown, cannot connect now), 53300 (too many connections), or pg's
 * own timeouts. These are worth a 503 and a retry, not a 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (UNREACHABLE.has(code) || code.startsWith('08') || code === '53300') return true;
      if (code === '57P01' || code === '57P02' || code === '57P03') return true;
    }
    const message = (current as { message?: unknown }).message;
    if (
      typeof message === 'string' &&
      /^Connection terminated|timeout exceeded when trying to connect/i.test(message)
    ) {
      return true;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** serialization_failure: a REPEATABLE READ transaction met a concurrent change; run it again. */
export function isSerializationFailure(error: unknown): boolean {
  return pgCode(error) === '40001';
}
