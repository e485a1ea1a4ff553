/**
 * A table alias to write into raw SQL. Aliases are written by this code, never taken from a
 * request; this keeps it so.
 */
export function sqlAlias(alias: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(alias)) throw new Error(`not an SQL alias: ${alias}`);
  return alias;
}
