import { createServer, type Server, type Socket } from 'node:net';
import type { PGlite } from '@electric-sql/pglite';
import {
  endsExchange,
  messageType,
  parsedStatementName,
  quoteIdentifier,
  readFirstMessage,
  renameStatement,
  simpleQuery,
  splitMessages,
  syncMessage,
} from './wire-messages.js';

/** One client's bytes, as it sent them: run by PGlite as a whole, in order. */
interface Batch {
  bytes: Buffer;
  /** False while an extended-query exchange is open (no Sync yet): the session stays this client's. */
  endsExchange: boolean;
}

/**
 * How long a connection may hold the session without sending anything (inside a transaction, or
 * between a Parse and its Sync) before it is cut off and its work rolled back: everyone else waits
 * meanwhile. The app's transactions take milliseconds; this is PostgreSQL's
 * idle_in_transaction_session_timeout for a session that everyone shares.
 */
const HOLDER_IDLE_MS = 30_000;

/**
 * Ends whatever a connection that went away left open: a ROLLBACK for an open transaction, a Sync
 * for an extended-query exchange (the backend skips everything after an error until one), and a
 * second ROLLBACK for a transaction block that was skipping. Answers are thrown away.
 */
const RESET = Buffer.concat([simpleQuery('ROLLBACK'), syncMessage(), simpleQuery('ROLLBACK')]);

/**
 * PGlite has one session. This lets several `pg` connections share it, so that the app's pool can
 * keep queries waiting in the database's thread while the server works on answers: each
 * connection's batch runs whole, batches from different connections take turns, and a connection
 * inside a transaction (or in the middle of an extended-query exchange) keeps the session until it
 * is out. Prepared statement names get a per-connection prefix (renameStatement) and are freed
 * when their connection goes.
 *
 * What connections still share, so the app must not rely on it: session settings (SET without
 * LOCAL), temporary tables, and advisory locks (re-entrant across connections; one process owns
 * a PGlite folder, so the migration lock has nothing to exclude).
 */
export class SharedSession {
  private readonly connections = new Set<Connection>();
  /** Connections with batches to run, in the order they asked. */
  private readonly waiting: Connection[] = [];
  /** Connections gone since, whose statements (and, for a holder, open work) are to be undone. */
  private readonly leaving: Connection[] = [];
  /** The connection that holds the session: its transaction or exchange is open. */
  private holder: Connection | null = null;
  private holderTimer: NodeJS.Timeout | undefined;
  private pumping: Promise<void> | null = null;
  private closing = false;
  /** Closed and at rest: the database may be gone, so a socket closing late resets nothing. */
  private ended = false;
  private nextId = 1;

  private readonly holderIdleMs: number;
  private readonly onError: (error: unknown) => void;

  constructor(
    private readonly db: PGlite,
    options: { onError?: (error: unknown) => void; holderIdleMs?: number } = {},
  ) {
    this.onError = options.onError ?? (() => undefined);
    this.holderIdleMs = options.holderIdleMs ?? HOLDER_IDLE_MS;
  }

  /** A socket server whose connections share the session; listen on it where clients connect. */
  server(): Server {
    return createServer((socket) => {
      if (this.closing) {
        socket.destroy();
        return;
      }
      this.connections.add(new Connection(socket, `c${this.nextId++}_`, this));
    });
  }

  ready(connection: Connection): void {
    if (!this.waiting.includes(connection)) this.waiting.push(connection);
    this.pump();
  }

  closed(connection: Connection): void {
    this.connections.delete(connection);
    const at = this.waiting.indexOf(connection);
    if (at >= 0) this.waiting.splice(at, 1);
    this.leaving.push(connection);
    this.pump();
  }

  /** Ends every connection, and waits until the session is at rest with nothing left open. */
  async close(): Promise<void> {
    this.closing = true;
    for (const connection of this.connections) connection.destroy();
    // Sockets report their close a moment later; their clean-up runs before the database closes.
    await new Promise((resolve) => setImmediate(resolve));
    while (this.pumping) await this.pumping;
    this.ended = true;
  }

  private pump(): void {
    if (this.pumping || this.ended) return;
    this.pumping = this.drain()
      .catch((error: unknown) => {
        // The session's state is unknown: every connection goes, their clients reconnect.
        this.onError(error);
        for (const connection of this.connections) connection.destroy();
      })
      .finally(() => {
        this.pumping = null;
      });
  }

  private async drain(): Promise<void> {
    for (;;) {
      if (this.holder?.isClosed()) this.hold(null);
      if (!this.holder) {
        const gone = this.leaving.shift();
        if (gone) {
          await this.reset(gone);
          continue;
        }
      }
      const connection = this.holder ?? this.waiting.shift();
      if (!connection) return;
      const batch = connection.take();
      if (!batch) {
        // The holder's next batch has not arrived yet: everyone else waits for it.
        if (connection === this.holder) return;
        continue;
      }
      const ran = await this.run(connection, batch);
      this.hold(!ran || this.db.isInTransaction() || !batch.endsExchange ? connection : null);
      if (connection.hasBatches() && connection !== this.holder) this.ready(connection);
    }
  }

  private hold(connection: Connection | null): void {
    clearTimeout(this.holderTimer);
    this.holder = connection;
    if (connection) {
      this.holderTimer = setTimeout(() => connection.destroy(), this.holderIdleMs);
      this.holderTimer.unref();
    }
  }

  /** False when PGlite refused the bytes: the connection goes, and keeps the session till reset. */
  private async run(connection: Connection, batch: Batch): Promise<boolean> {
    try {
      await this.db.execProtocolRawStream(batch.bytes, {
        onRawData: (data) => connection.write(data),
      });
      return true;
    } catch {
      // Not a query's error (those go back in the protocol) but PGlite refusing the bytes: the
      // connection's state is unknown, so it goes; its client reconnects.
      connection.destroy();
      return false;
    }
  }

  private async reset(gone: Connection): Promise<void> {
    const deallocate = gone
      .statementNames()
      .map((name) => simpleQuery(`DEALLOCATE ${quoteIdentifier(name)}`));
    await this.db.execProtocolRaw(Buffer.concat([RESET, ...deallocate]));
  }
}

class Connection {
  private buffer: Buffer = Buffer.alloc(0);
  private started = false;
  private closed = false;
  private readonly batches: Batch[] = [];
  /** The names this connection prepared, as the session knows them (prefixed). */
  private readonly statements = new Set<string>();

  constructor(
    private readonly socket: Socket,
    private readonly prefix: string,
    private readonly session: SharedSession,
  ) {
    socket.setNoDelay(true);
    socket.on('data', (data) => {
      try {
        this.receive(data);
      } catch {
        // Bytes that are not the protocol: this client goes, no one else notices.
        socket.destroy();
      }
    });
    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      this.closed = true;
      // Whatever it sent and was not run yet is dropped with it.
      this.batches.length = 0;
      this.session.closed(this);
    });
  }

  isClosed(): boolean {
    return this.closed;
  }

  take(): Batch | undefined {
    return this.batches.shift();
  }

  hasBatches(): boolean {
    return this.batches.length > 0;
  }

  statementNames(): string[] {
    return [...this.statements];
  }

  write(data: Uint8Array): void {
    // PGlite reuses its buffer for the next answer: the socket gets a copy.
    if (!this.closed) this.socket.write(Buffer.from(data));
  }

  destroy(): void {
    this.socket.destroy();
  }

  private receive(data: Buffer): void {
    if (this.closed) return;
    this.buffer = this.buffer.length === 0 ? data : Buffer.concat([this.buffer, data]);
    if (!this.started && !this.receiveFirst()) return;
    const { messages, used } = splitMessages(this.buffer);
    this.buffer = this.buffer.subarray(used);
    if (messages.length === 0) return;
    const kept: Buffer[] = [];
    let terminated = false;
    for (const message of messages) {
      // Terminate would end PGlite's one backend; for a shared session it only ends this socket.
      if (messageType(message) === 'X') {
        terminated = true;
        break;
      }
      const renamed = renameStatement(message, this.prefix);
      const prepared = parsedStatementName(renamed);
      if (prepared) this.statements.add(prepared);
      kept.push(renamed);
    }
    const last = kept.at(-1);
    if (last) this.add({ bytes: Buffer.concat(kept), endsExchange: endsExchange(last) });
    if (terminated) this.socket.end();
  }

  /** The messages without a type byte; false while they have not all arrived. */
  private receiveFirst(): boolean {
    for (;;) {
      const first = readFirstMessage(this.buffer);
      if (first.kind === 'incomplete') return false;
      if (first.kind === 'unsupported' || first.kind === 'cancel-request') {
        this.socket.destroy();
        return false;
      }
      const message = this.buffer.subarray(0, first.length);
      this.buffer = this.buffer.subarray(first.length);
      if (first.kind === 'ssl-request') {
        this.socket.write('N');
        continue;
      }
      this.started = true;
      this.add({ bytes: message, endsExchange: true });
      return true;
    }
  }

  private add(batch: Batch): void {
    this.batches.push(batch);
    this.session.ready(this);
  }
}
