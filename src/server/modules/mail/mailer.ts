import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';

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
  const transportOptions = {
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
  };
  // nodemailer is loaded on the first message, not at every start (most starts send none).
  let transport: Promise<Transporter> | undefined;
  const transportNow = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport(transportOptions),
    ));
  return {
    outbox,
    send: async (message) => {
      await (await transportNow()).sendMail({ from: options.from, ...message });
    },
    close: () => {
      void transport?.then(
        (created) => created.close(),
        () => undefined,
      );
    },
  };
}
