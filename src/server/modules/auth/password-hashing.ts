import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { createConcurrencyLimit } from '@server/lib/concurrency-limit.js';

/**
 * One of OWASP's argon2id minimums, which it gives as equal in defence and differing only in
 * memory against CPU (19 MiB × 2 passes, 12 × 3, 9 × 4, 7 × 5): the one with least memory, since
 * each hash holds it for its whole run and a burst of logins set the server's peak memory
 * (+38 MB at 19 MiB, two at once). It is also the quickest here (10.5 ms against 14.9 ms a hash):
 * see docs/decisions/0024-password-hash-parameters.md.
 */
const ARGON2_OPTIONS = {
  algorithm: 2, // Algorithm.Argon2id (a const enum, which isolated modules cannot read)
  memoryCost: 7168,
  timeCost: 5,
  parallelism: 1,
} as const;

/** The PHC string's head for today's parameters: `$argon2id$v=19$m=7168,t=5,p=1$`. */
const CURRENT_HEAD = `$argon2id$v=19$m=${ARGON2_OPTIONS.memoryCost},t=${ARGON2_OPTIONS.timeCost},p=${ARGON2_OPTIONS.parallelism}$`;

/**
 * Whether a stored hash was made with other parameters than today's (an older account): after a
 * right password it is made again, so every account moves to them on its next login.
 */
export function needsRehash(passwordHash: string): boolean {
  return !passwordHash.startsWith(CURRENT_HEAD);
}

/**
 * Each hash holds its memory for its whole run, and the thread pool runs four at once. Hashing
 * is CPU-bound, so more at once than there are cores only adds memory: under a burst of logins
 * four at 19 MiB took ~110 MB of the server's resident memory; one per core took half of that,
 * at the same rate.
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
