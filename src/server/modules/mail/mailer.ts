import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send: (message: MailMessage) => Promise<void>;
  /** Mail written to the log when no SMTP server is configured (development and demos). */
  readonly outbox: readonly MailMessage[];
  close: () => void;
}

const OUTBOX_SIZE = 50;

/**
 * SMTP through nodemailer when SMTP_URL is set. Without it the message goes to the log and to an
 * in-memory outbox, so a demo install can still recover passwords.
 */
export function createMailer(
  options: { smtpUrl?: string | undefined; from: string },
  log: FastifyBaseLogger,
): Mailer {
  const outbox: MailMessage[] = [];
  if (!options.smtpUrl) {
    return {
      outbox,
      send: async (message) => {
        outbox.push(message);
        if (outbox.length > OUTBOX_SIZE) outbox.shift();
        log.info(
          { mailTo: message.to, subject: message.subject, text: message.text },
          'mail (no SMTP_URL set, not sent)',
        );
      },
      close: () => undefined,
    };
  }
  const url = new URL(options.smtpUrl);
  const transport = nodemailer.createTransport({
    host: url.hostname,
    port: url.port ? Number(url.port) : url.protocol === 'smtps:' ? 465 : 587,
    secure: url.protocol === 'smtps:',
    ...(url.username
      ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } }
      : {}),
    // A mail server that hangs must not hold the recovery request forever.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    outbox,
    send: async (message) => {
      await transport.sendMail({ from: options.from, ...message });
    },
    close: () => transport.close(),
  };
}
