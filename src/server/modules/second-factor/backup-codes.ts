import { randomInt } from 'node:crypto';
import type { SecretBox } from './secret-box.js';

export const BACKUP_CODE_COUNT = 10;
/** No 0/o, 1/l/i: a code read off paper is typed right. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
/** Ten characters of 31: ~49 bits each, far beyond guessing under the failure limit. */
const HALF = 5;

export function newBackupCodes(count = BACKUP_CODE_COUNT): string[] {
  const half = () => Array.from({ length: HALF }, () => ALPHABET[randomInt(ALPHABET.length)]);
  return Array.from({ length: count }, () => `${half().join('')}-${half().join('')}`);
}

/** The same keyed digest whether typed with or without the dash, in either case. */
export function hashBackupCode(box: SecretBox, code: string): string {
  return box.digest(code.replace('-', '').toLowerCase());
}
