import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import { smtpOptions } from './smtp-options.js';

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

/** What production logs in place of a message, when there is nowhere to send it. */
const NOT_CONFIGURED = 'mail not sent: mail is not configured (SMTP_URL is not set)';

export interface MailerOptions {
  smtpUrl?: string | undefined;
  from: string;
  /**
   * Without SMTP: whether the whole message goes to the log, recovery codes included (anyone
   * reading the log could then reset any password). Only outside production (env.ts,
   * mailGoesToLog).
   */
  logMail: boolean;
}

/**
 * SMTP through nodemailer when SMTP_URL is set. Without it, in development and demos the message
 * goes to the log and to an in-memory outbox, so such an install can still recover passwords; in
 * production nothing of it is kept or logged: one line says mail is not configured.
 */
export function createMailer(options: MailerOptions, log: FastifyBaseLogger): Mailer {
  const outbox: MailMessage[] = [];
  if (!options.smtpUrl && !options.logMail) {
    return {
      outbox,
      send: async () => log.warn(NOT_CONFIGURED),
      close: () => undefined,
    };
  }
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
  const transportOptions = smtpOptions(options.smtpUrl);
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
