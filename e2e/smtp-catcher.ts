import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server for the end-to-end tests: the site sends recovery mail to it over SMTP, and
 * tests read what arrived. Started by the Playwright global setup on E2E_SMTP_PORT.
 */
export interface CaughtMail {
  to: string;
  text: string;
}

export function startSmtpCatcher(
  port: number,
): Promise<{ mails: CaughtMail[]; close: () => Promise<void> }> {
  const mails: CaughtMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address).join(',');
        mails.push({ to, text: raw.replace(/=\r?\n/g, '') });
        callback();
      });
    },
  });
  return new Promise((resolve) => {
    server.listen(port, '127.0.0.1', () =>
      resolve({ mails, close: () => new Promise((done) => server.close(() => done())) }),
    );
  });
}
