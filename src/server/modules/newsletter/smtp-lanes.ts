import type { Readable } from 'node:stream';
import type SMTPConnection from 'nodemailer/lib/smtp-connection';
import { smtpOptions } from '../mail/smtp-options.js';

type Connection = SMTPConnection;

/**
 * A few SMTP connections kept open, each carrying one message after another. nodemailer's own
 * pool reads a message stream ahead, before the server has accepted the recipient; on a bare
 * connection the message is read only once the server asked for it (DATA), which is what lets
 * the caller hold its end (NewsletterSender.send). Measured reason in decision 0017.
 */
export interface SmtpLanes {
  send: (envelope: { from: string; to: string }, message: Readable) => Promise<void>;
  close: () => void;
}

export function createSmtpLanes(smtpUrl: string, size: number): SmtpLanes {
  const options = smtpOptions(smtpUrl);
  const { auth, ...connectionOptions } = options as typeof options & {
    auth?: { user: string; pass: string };
  };
  const idle: Connection[] = [];
  const waiting: ((connection: Connection | null) => void)[] = [];
  let open = 0;
  let closed = false;
  const broken = new WeakSet<Connection>();
  let SMTPConnectionClass: Promise<typeof SMTPConnection> | undefined;

  const connect = async (): Promise<Connection> => {
    SMTPConnectionClass ??= import('nodemailer/lib/smtp-connection').then(
      (module) => module.default,
    );
    const Class = await SMTPConnectionClass;
    const connection = new Class(connectionOptions);
    // A dropped connection is noticed by its next send; an 'error' must not go unheard meanwhile.
    connection.on('error', () => broken.add(connection));
    connection.on('end', () => broken.add(connection));
    // A refused or failed connection is an 'error' event, not the callback's error.
    await new Promise<void>((resolve, reject) => {
      const fail = (error: Error) => {
        connection.close();
        reject(error);
      };
      connection.once('error', fail);
      connection.connect((error) => {
        connection.removeListener('error', fail);
        if (error) fail(error);
        else resolve();
      });
    });
    if (auth) {
      await new Promise<void>((resolve, reject) =>
        connection.login(auth, (error) => (error ? reject(error) : resolve())),
      );
    }
    return connection;
  };

  const acquire = async (): Promise<Connection> => {
    for (;;) {
      const ready = idle.pop();
      if (!ready) break;
      if (!broken.has(ready)) return ready;
      open--;
      ready.close();
    }
    if (open < size) {
      open++;
      try {
        return await connect();
      } catch (error) {
        open--;
        throw error;
      }
    }
    const next = await new Promise<Connection | null>((resolve) => waiting.push(resolve));
    return next ?? acquire();
  };

  const release = (connection: Connection, usable: boolean) => {
    if (!usable || closed || broken.has(connection)) {
      open--;
      connection.close();
      // A freed place: whoever waits opens its own connection.
      waiting.shift()?.(null);
      return;
    }
    const next = waiting.shift();
    if (next) next(connection);
    else idle.push(connection);
  };

  return {
    send: async (envelope, message) => {
      const connection = await acquire();
      try {
        await new Promise<void>((resolve, reject) =>
          connection.send({ from: envelope.from, to: [envelope.to] }, message, (error) =>
            error ? reject(error) : resolve(),
          ),
        );
        release(connection, true);
      } catch (error) {
        // A refused recipient or message leaves the connection usable once reset (RSET);
        // anything else, a new one next time.
        const { code } = error as { code?: string };
        const reusable =
          (code === 'EENVELOPE' || code === 'EMESSAGE') &&
          (await new Promise<boolean>((resolve) =>
            connection.reset((resetError) => resolve(!resetError)),
          ));
        release(connection, reusable);
        throw error;
      }
    },
    close: () => {
      closed = true;
      for (const connection of idle.splice(0)) connection.quit();
      for (const resolve of waiting.splice(0)) resolve(null);
    },
  };
}
