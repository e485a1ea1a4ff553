import { createServer, type Server, type Socket } from 'node:net';
import type { PGlite } from '@electric-sql/pglite';
import {
  endsExchange,
  messageType,
  readFirstMessage,
  renameStatement,
  splitMessages,
} from './wire-messages.js';

/** One client's bytes, as it sent them: run by PGlite as a whole, in order. */
interface Batch {
  bytes: Buffer;
  /** False while an extended-query exchange is open (no Sync yet): the session stays this client's. */
  endsExchange: boolean;
}

/**
 * PGlite has one session. This lets several `pg` connections share it, so that the app's pool can
 * keep queries waiting in the database's thread while it works on answers: each connection's batch
 * runs whole, batches from different connections take turns, and a connection inside a transaction
 * (or in the middle of an extended-query exchange) keeps the session until it is out. Prepared
 * statement names are given a per-connection prefix (see renameStatement).
 */
export class SharedSession {
  private readonly connections = new Set<Connection>();
  /** Connections with batches to run, in the order they asked. */
  private readonly waiting: Connection[] = [];
  /** The connection that holds the session: its transaction or exchange is open. */
  private owner: Connection | null = null;
  private running = false;
  private nextId = 1;

  constructor(private readonly db: PGlite) {}

  /** A socket server whose connections share the session; listen on it where clients connect. */
  server(): Server {
    return createServer((socket) => {
      const connection = new Connection(socket, `c${this.nextId++}_`, this);
      this.connections.add(connection);
    });
  }

  ready(connection: Connection): void {
    if (!this.waiting.includes(connection)) this.waiting.push(connection);
    void this.pump();
  }

  closed(connection: Connection): void {
    this.connections.delete(connection);
    const at = this.waiting.indexOf(connection);
    if (at >= 0) this.waiting.splice(at, 1);
    // Its open transaction is rolled back before anyone else runs (in pump).
    void this.pump();
  }

  /** Ends every connection: for closing the database. */
  disconnectAll(): void {
    for (const connection of this.connections) connection.destroy();
  }

  private async pump(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      for (;;) {
        if (this.owner?.isClosed()) {
          this.owner = null;
          if (this.db.isInTransaction()) await this.db.exec('ROLLBACK');
        }
        const connection = this.owner ?? this.waiting.shift();
        if (!connection) return;
        const batch = connection.take();
        if (!batch) {
          // The owner's next batch has not arrived yet: everyone else waits for it.
          if (connection === this.owner) return;
          continue;
        }
        await this.run(connection, batch);
        this.owner = this.db.isInTransaction() || !batch.endsExchange ? connection : null;
        if (connection.hasBatches() && connection !== this.owner) this.ready(connection);
      }
    } finally {
      this.running = false;
    }
  }

  private async run(connection: Connection, batch: Batch): Promise<void> {
    try {
      await this.db.execProtocolRawStream(batch.bytes, {
        onRawData: (data) => connection.write(data),
      });
    } catch {
      // Not a query's error (those go back in the protocol) but PGlite refusing the bytes: the
      // connection's state is unknown, so it goes; its client reconnects.
      connection.destroy();
    }
  }
}

class Connection {
  private buffer: Buffer = Buffer.alloc(0);
  private started = false;
  private closed = false;
  private readonly batches: Batch[] = [];

  constructor(
    private readonly socket: Socket,
    private readonly prefix: string,
    private readonly session: SharedSession,
  ) {
    socket.setNoDelay(true);
    socket.on('data', (data) => this.receive(data));
    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      this.closed = true;
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

  write(data: Uint8Array): void {
    // PGlite reuses its buffer for the next answer: the socket gets a copy.
    if (!this.closed) this.socket.write(Buffer.from(data));
  }

  destroy(): void {
    this.socket.destroy();
  }

  private receive(data: Buffer): void {
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
      kept.push(renameStatement(message, this.prefix));
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
