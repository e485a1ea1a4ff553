import { expect } from '@playwright/test';
import { MAIL_HTTP_PORT } from './ports.js';
import type { CaughtMail } from './smtp-catcher.js';

export async function readMails(): Promise<CaughtMail[]> {
  const response = await fetch(`http://127.0.0.1:${MAIL_HTTP_PORT}/mails`);
  return (await response.json()) as CaughtMail[];
}

/** Waits for a recovery mail to `email` and returns the code in it (XXXXX-XXXXX). */
export async function waitForRecoveryCode(email: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await readMails()).filter((mail) => mail.to.includes(email.toLowerCase()));
        code = /\b([0-9A-Z]{5}-[0-9A-Z]{5})\b/.exec(mails.at(-1)?.text ?? '')?.[1];
        return code;
      },
      { timeout: 10_000 },
    )
    .toBeTruthy();
  return code!;
}
