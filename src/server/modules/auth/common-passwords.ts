import { createRequire } from 'node:module';
import type * as LanguageCommon from '@zxcvbn-ts/language-common';
import { apiMessages } from '@shared/messages/api.js';
import { badRequest } from '@server/lib/http-errors.js';

/**
 * zxcvbn's list of the ~49,000 most common passwords, lower case. Loaded once, on first use: the
 * package (a compressed 380 kB list) costs ~50 ms of CPU, which no start-up should pay. It is
 * required synchronously (its CommonJS build), so the check stays synchronous for its callers.
 */
let common: Set<string> | undefined;

function loadCommon(): Set<string> {
  const { dictionary } = createRequire(import.meta.url)(
    '@zxcvbn-ts/language-common',
  ) as typeof LanguageCommon;
  return new Set(dictionary['passwords-common']);
}

/**
 * A password is common when it is on the list, or is a listed word dressed up the usual ways:
 * capitalised, with digits or symbols before or after ('Password1!', '2024Dragon').
 */
export function isCommonPassword(password: string): boolean {
  common ??= loadCommon();
  const lower = password.toLowerCase();
  if (common.has(lower)) return true;
  const core = lower.replace(/^[\d\W_]+|[\d\W_]+$/g, '');
  return core.length >= 4 && common.has(core);
}

/** For every route that sets a new password (ASVS 6.2.4). */
export function assertNotCommonPassword(password: string): void {
  if (isCommonPassword(password)) throw badRequest(apiMessages.passwordTooCommon);
}
