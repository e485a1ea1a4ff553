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

/** The lanes are closed: nothing more is sent. */
export class LanesClosed extends Error {
  constructor() {
    super('the SMTP connections are closed');
  }
}

/**
 * One command's answer. nodemailer calls back only the send in progress when a connection fails;
 * a sign-in's or a reset's callback would never come, so the connection's own 'error' and 'end'
 * (and a time-out) settle it too.
 */
function settle(
  connection: Connection,
  start: (done: (error?: Error | null) => void) => void,
  timeoutMs: number,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let over = false;
    const finish = (error?: Error | null) => {
      if (over) return;
      over = true;
      clearTimeout(timer);
      connection.removeListener('error', onError);
      connection.removeListener('end', onEnd);
      if (error) reject(error);
      else resolve();
    };
    const onError = (error: Error) => finish(error);
    const onEnd = () =>
      finish(Object.assign(new Error('the connection ended'), { code: 'ECONNECTION' }));
    const timer = setTimeout(
      () =>
        finish(Object.assign(new Error('the mail server did not answer'), { code: 'ETIMEDOUT' })),
      timeoutMs,
    );
    connection.once('error', onError);
    connection.once('end', onEnd);
    start(finish);
  });
}

export function createSmtpLanes(smtpUrl: string, size: number): SmtpLanes {
  const options = smtpOptions(smtpUrl);
  const { auth, ...connectionOptions } = options as typeof options & {
    auth?: { user: string; pass: string };
  };
  const commandTimeoutMs = options.socketTimeout;
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
    try {
      await settle(connection, (done) => connection.connect(done), commandTimeoutMs);
      if (auth) {
        await settle(connection, (done) => connection.login(auth, done), commandTimeoutMs);
      }
    } catch (error) {
      connection.close();
      throw error;
    }
    return connection;
  };

  /** A place freed (a connection closed, or one that could not open): the next waiter opens one. */
  const freePlace = () => {
    open--;
    waiting.shift()?.(null);
  };

  const acquire = async (): Promise<Connection> => {
    if (closed) throw new LanesClosed();
    for (;;) {
      const ready = idle.pop();
      if (!ready) break;
      if (!broken.has(ready)) return ready;
      ready.close();
      open--;
    }
    if (open < size) {
      open++;
      try {
        return await connect();
      } catch (error) {
        freePlace();
        throw error;
      }
    }
    const next = await new Promise<Connection | null>((resolve) => waiting.push(resolve));
    return next ?? acquire();
  };

  const release = (connection: Connection, usable: boolean) => {
    if (!usable || closed || broken.has(connection)) {
      connection.close();
      freePlace();
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
        let reusable = false;
        if (code === 'EENVELOPE' || code === 'EMESSAGE') {
          reusable = await settle(
            connection,
            (done) => connection.reset(done),
            commandTimeoutMs,
          ).then(
            () => true,
            () => false,
          );
        }
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
