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
