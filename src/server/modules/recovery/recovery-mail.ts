import { formatRecoveryCode } from '@shared/schemas/recovery.js';
import type { MailMessage } from '../mail/mailer.js';
import { RECOVERY_CODE_TTL_MINUTES } from './recovery-code.js';

/** The mail that carries a recovery code: the brand, the code and how long it lives. */
export function recoveryMail(brand: string, to: string, code: string): MailMessage {
  const shown = formatRecoveryCode(code);
  return {
    to,
    subject: `Your ${brand} recovery code`,
    text: [
      `Your ${brand} password recovery code is:`,
      '',
      `    ${shown}`,
      '',
      `Enter it within ${RECOVERY_CODE_TTL_MINUTES} minutes to choose a new password. It works once.`,
      'If you did not ask to reset your password, ignore this mail: your password stays as it is.',
    ].join('\n'),
  };
}
