import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  /** Envelope recipients (RCPT TO). */
  to: string[];
  subject: string;
  /** The decoded text body (the text/plain part of a multipart mail). */
  text: string;
  /** The decoded text/html part; '' when there is none. */
  html: string;
  /** The top-level headers, unfolded, by lower-case name. */
  headers: Record<string, string>;
  /** The whole message as received. */
  raw: string;
}

export interface SmtpCaptureOptions {
  /** Refuses RCPT TO for some addresses: the reply's code and text (a 550 or a 451). */
  refuse?: (address: string) => { code: number; message: string } | null;
}

export interface SmtpCapture {
  /** smtp://127.0.0.1:<port>, for the app's SMTP_URL. */
  url: string;
  readonly mails: readonly CapturedMail[];
  /** Resolves with the first mail (already received or still to come) that matches. */
  waitForMail: (
    match: (mail: CapturedMail) => boolean,
    timeoutMs?: number,
  ) => Promise<CapturedMail>;
  close: () => Promise<void>;
}

/**
 * A real SMTP server on a free local port that keeps every message, so tests exercise the app's
 * own mail transport end to end. STARTTLS is off so the client does not try to upgrade.
 */
export async function startSmtpCapture(options: SmtpCaptureOptions = {}): Promise<SmtpCapture> {
  const mails: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const refusal = options.refuse?.(address.address);
      if (!refusal) return callback();
      const error = new Error(refusal.message) as Error & { responseCode: number };
      error.responseCode = refusal.code;
      return callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((address) => address.address);
        const raw = Buffer.concat(chunks).toString('utf8');
        mails.push({ to, raw, ...parseMessage(raw) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  // A client that vanishes mid-message (a process killed on purpose) resets its connection.
  server.on('error', () => undefined);
  const { port } = server.server.address() as AddressInfo;

  async function waitForMail(match: (mail: CapturedMail) => boolean, timeoutMs = 5000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = mails.find(match);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no matching mail within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    waitForMail,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Splits a message into its unfolded headers (by lower-case name) and its body. */
function splitMessage(raw: string): { headers: Record<string, string>; body: string } {
  const split = raw.search(/\r?\n\r?\n/);
  const head = (split < 0 ? raw : raw.slice(0, split)).replace(/\r?\n[ \t]+/g, ' ');
  const body = split < 0 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decodeBody(body: string, encoding: string): string {
  let text = body;
  if (encoding === 'quoted-printable') {
    // Each =XX is one byte of UTF-8: collect them as latin1 characters, then decode the bytes.
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    text = Buffer.from(bytes, 'latin1').toString('utf8');
  } else if (encoding === 'base64') {
    text = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  }
  return text.replace(/\r\n/g, '\n');
}

/** Just enough MIME for text mail, one part or multipart/alternative: 7bit, QP or base64 parts. */
export function parseMessage(raw: string): {
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
} {
  const { headers, body } = splitMessage(raw);
  const type = headers['content-type'] ?? 'text/plain';
  const parts: { type: string; text: string }[] = [];
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    for (const chunk of body.split(`--${boundary}`).slice(1)) {
      if (chunk.startsWith('--')) break;
      const part = splitMessage(chunk.replace(/^\r?\n/, ''));
      parts.push({
        type: (part.headers['content-type'] ?? 'text/plain').toLowerCase(),
        text: decodeBody(
          part.body.replace(/\r?\n$/, ''),
          (part.headers['content-transfer-encoding'] ?? '').toLowerCase(),
        ),
      });
    }
  } else {
    parts.push({
      type: type.toLowerCase(),
      text: decodeBody(body, (headers['content-transfer-encoding'] ?? '').toLowerCase()),
    });
  }
  return {
    subject: headers.subject ?? '',
    text: parts.find((part) => part.type.startsWith('text/plain'))?.text ?? '',
    html: parts.find((part) => part.type.startsWith('text/html'))?.text ?? '',
    headers,
  };
}
