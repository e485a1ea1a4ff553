import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  /** Envelope recipients (RCPT TO). */
  to: string[];
  subject: string;
  /** The decoded text body. */
  text: string;
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
export async function startSmtpCapture(): Promise<SmtpCapture> {
  const mails: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((address) => address.address);
        mails.push({ to, ...parseMessage(Buffer.concat(chunks).toString('utf8')) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
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

/** Just enough MIME for one-part text mail: unfolded headers and a 7bit, QP or base64 body. */
function parseMessage(raw: string): { subject: string; text: string } {
  const split = raw.search(/\r?\n\r?\n/);
  const head = (split < 0 ? raw : raw.slice(0, split)).replace(/\r?\n[ \t]+/g, ' ');
  const body = split < 0 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const header = (name: string) =>
    new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
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
  return { subject: header('Subject'), text: text.replace(/\r\n/g, '\n') };
}
