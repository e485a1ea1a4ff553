import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { createConcurrencyLimit } from '@server/lib/concurrency-limit.js';

// OWASP's argon2id minimum (m=19 MiB, t=2, p=1).
const ARGON2_OPTIONS = {
  algorithm: 2, // Algorithm.Argon2id (a const enum, which isolated modules cannot read)
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/**
 * Each hash holds its 19 MiB for its whole run, and the thread pool runs four at once. Hashing
 * is CPU-bound, so more at once than there are cores only adds memory: under a burst of logins
 * four took ~110 MB of the server's resident memory; one per core takes half of that, at the
 * same rate.
 */
const hashing = createConcurrencyLimit(Math.max(1, availableParallelism()));

export function hashPassword(password: string): Promise<string> {
  return hashing.run(() => hash(password, ARGON2_OPTIONS));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await hashing.run(() => verify(passwordHash, password));
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real check when there is no account, so the answer's timing does not
 * tell whether an email is registered.
 */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword('not-a-real-password-Aa1');
  await verifyPassword(await dummyHash, password);
  return false;
}
