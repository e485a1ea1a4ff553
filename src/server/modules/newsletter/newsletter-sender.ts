import { Readable } from 'node:stream';
import type MailComposer from 'nodemailer/lib/mail-composer';
import { addressOf } from '../mail/smtp-options.js';
import type { RawPart } from './mail-bodies.js';
import { createSmtpLanes } from './smtp-lanes.js';

export interface NewsletterMail {
  to: string;
  subject: string;
  /** A body as text, or already a MIME part (a mailing's, encoded once: mail-bodies.ts). */
  html: string | RawPart;
  text: string | RawPart;
  /** The same for every try of one recipient's copy, so a receiving server can drop a repeat. */
  messageId: string;
  /** The recipient's one-click link (RFC 8058) and its mailto twin. */
  unsubscribeUrl: string;
  unsubscribeMailto: string;
}

export interface NewsletterSender {
  /**
   * Sends one mail. `beforeEnd` runs once the whole message is with the server, before the dot
   * that ends it (SMTP's commit): the caller records the mail as sent there, so a process killed
   * at any point either never finished the message (the server drops it: it is sent again) or had
   * recorded it. A refusal after the dot still rejects, and the caller records that instead.
   */
  send: (mail: NewsletterMail, beforeEnd?: () => Promise<void>) => Promise<void>;
  close: () => void;
}

/** The message, then the end held back until `beforeEnd` has resolved. */
function heldEnd(message: Buffer, beforeEnd: () => Promise<void>): Readable {
  let stage: 'message' | 'end' | 'done' = 'message';
  return new Readable({
    read() {
      if (stage === 'message') {
        stage = 'end';
        this.push(message);
      } else if (stage === 'end') {
        stage = 'done';
        beforeEnd().then(
          () => this.push(null),
          (error: unknown) =>
            this.destroy(error instanceof Error ? error : new Error(String(error))),
        );
      }
    },
  });
}

/** How a failed send is handled (see classifySendError). */
export type SendFailure =
  | { kind: 'recipient-refused'; message: string }
  | { kind: 'try-later'; message: string }
  | { kind: 'server-refused'; message: string }
  | { kind: 'server-gone'; message: string };

/**
 * The mailings' sender: a few SMTP connections kept open (smtp-lanes.ts), each carrying message
 * after message, which is what lets a list go out at hundreds of mails a second.
 */
export function createNewsletterSender(options: {
  smtpUrl: string;
  from: string;
  connections: number;
}): NewsletterSender {
  const lanes = createSmtpLanes(options.smtpUrl, options.connections);
  // MailComposer builds the MIME (multipart text and HTML); the connection gets it raw, so the
  // message's end can wait for the caller (heldEnd).
  let composer: Promise<typeof MailComposer> | undefined;
  const envelopeFrom = addressOf(options.from);
  return {
    send: async (mail, beforeEnd = async () => undefined) => {
      composer ??= import('nodemailer/lib/mail-composer').then((module) => module.default);
      const Composer = await composer;
      const message = await new Composer({
        from: options.from,
        to: mail.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        messageId: mail.messageId,
        // One header with both (RFC 2369); the HTTPS one first, which one-click POSTs to.
        headers: {
          'List-Unsubscribe': `<${mail.unsubscribeUrl}>, <${mail.unsubscribeMailto}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      })
        .compile()
        .build();
      await lanes.send({ from: envelopeFrom, to: mail.to }, heldEnd(message, beforeEnd));
    },
    close: () => lanes.close(),
  };
}

/** The mailto half of List-Unsubscribe: the sender's address, the token in the subject. */
export function unsubscribeMailto(from: string, token: string): string {
  return `mailto:${addressOf(from)}?subject=${encodeURIComponent(`unsubscribe ${token}`)}`;
}

const SERVER_GONE_CODES = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ETLS']);

/**
 * nodemailer's errors sorted by what to do: a recipient refused for good (5xx on RCPT) fails that
 * recipient; a 4xx is tried again later; a server that refuses everything (sign-in, 5xx on the
 * message) or is gone stops the mailing's run, and the recipients in flight are given back.
 */
export function classifySendError(error: unknown): SendFailure {
  const { code, responseCode, response, message } = (error ?? {}) as {
    code?: string;
    responseCode?: number;
    response?: string;
    message?: string;
  };
  const text = (response ?? message ?? 'the mail server failed').slice(0, 500);
  // A failed sign-in refuses every message; a 421 is the server closing the connection
  // (busy, throttling): neither is about the recipient.
  if (code === 'EAUTH') return { kind: 'server-refused', message: text };
  if (responseCode === 421) return { kind: 'server-gone', message: text };
  if (typeof responseCode === 'number') {
    if (responseCode >= 400 && responseCode < 500) return { kind: 'try-later', message: text };
    return { kind: 'recipient-refused', message: text };
  }
  if (code && SERVER_GONE_CODES.has(code)) return { kind: 'server-gone', message: text };
  return { kind: 'server-gone', message: text };
}
