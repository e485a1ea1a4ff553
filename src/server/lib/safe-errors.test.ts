import { describe, expect, it } from 'vitest';
import { crashText } from '../setup/startup-error.js';
import { safeErrorLine, safeMessage, serializeError, stackFrames } from './safe-errors.js';

/** What pg throws for a refused statement: a SQLSTATE, a severity, the row in `detail`. */
function postgresError(message: string, code: string, detail: string): Error {
  return Object.assign(new Error(message), { code, severity: 'ERROR', detail, table: 'users' });
}

describe('safe error text', () => {
  it('keeps the SQL of a failed query but not its parameters, nor what PostgreSQL quotes', () => {
    const cause = postgresError(
      'invalid input syntax for type integer: "Secret-Value-1"',
      '22P02',
      'Failing row contains (Secret-Value-1)',
    );
    const failed = Object.assign(
      new Error(
        'Failed query: update "users" set "x" = $1\nparams: Secret-Value-1,$argon2id$v=19$abc',
      ),
      { params: ['Secret-Value-1'], query: 'update "users" set "x" = $1', cause },
    );
    expect(safeMessage(failed)).toBe('Failed query: update "users" set "x" = $1');
    expect(safeMessage(cause)).toBe('invalid input syntax for type integer');
    expect(safeErrorLine(failed)).toBe(
      'Error: Failed query: update "users" set "x" = $1; caused by Error: invalid input syntax for type integer (22P02)',
    );
    const serialized = JSON.stringify(serializeError(failed));
    expect(serialized).not.toMatch(/Secret-Value-1|argon2|params|Failing row/);
    expect(serialized).toContain('"table":"users"');
    expect(serialized).toContain('"query":"update \\"users\\" set \\"x\\" = $1"');
  });

  it('hides an argon2 hash wherever it is, and keeps only the frames of a stack', () => {
    const error = new Error('stored $argon2id$v=19$m=19456,t=2,p=1$salt$hash for the user');
    expect(safeMessage(error)).toBe('stored [redacted] for the user');
    expect(stackFrames(error).every((line) => /^\s+at /.test(line))).toBe(true);
    expect(crashText(error)).toMatch(
      /^Twang stopped on an unexpected error: Error: stored \[redacted\] for the user\n\s+at /,
    );
    expect(crashText(error)).not.toContain('argon2');
  });
});
