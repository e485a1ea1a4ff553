import type { MailMessage } from '../mail/mailer.js';

/** Told to an administrator when a colleague has reset their second factor. */
export function secondFactorResetMail(brand: string, to: string, by: string): MailMessage {
  return {
    to,
    subject: `Your ${brand} second factor was reset`,
    text: [
      `${by} reset the second factor of your ${brand} administrator account.`,
      '',
      'Your authenticator app and backup codes no longer work for it. At your next sign-in,',
      'set up a new one from My Account.',
      '',
      'If you did not ask for this, tell another administrator at once.',
    ].join('\n'),
  };
}

/** Told to an administrator when their account is signed in from a device it has no session on. */
export function newDeviceMail(brand: string, to: string, device: string, at: Date): MailMessage {
  return {
    to,
    subject: `New sign-in to your ${brand} administrator account`,
    text: [
      `Your ${brand} administrator account was signed in from ${device} at ${at.toISOString()}.`,
      '',
      'If this was you, nothing needs doing.',
      'If not, change your password now: that signs out every other session.',
    ].join('\n'),
  };
}
