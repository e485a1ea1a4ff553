import { createHash } from 'node:crypto';

/**
 * Just enough of PostgreSQL's frontend/backend protocol (version 3) for the embedded database's
 * worker to share its one PGlite session between several `pg` connections: cut a connection's
 * bytes into whole messages, and give each connection's prepared statements names of their own.
 * https://www.postgresql.org/docs/current/protocol-message-formats.html
 */

/** Sent before the startup packet by a client that would like TLS; the answer is one byte. */
const SSL_REQUEST_CODE = 80_877_103;
/** A client's request to cancel another connection's query; PGlite has nothing to cancel. */
const CANCEL_REQUEST_CODE = 80_877_102;
const PROTOCOL_3 = 196_608;
/** PostgreSQL keeps the first 63 bytes of a name: a longer prefixed one is hashed to fit. */
const MAX_NAME_BYTES = 63;

export type FirstMessage =
  | { kind: 'incomplete' }
  | { kind: 'ssl-request'; length: number }
  | { kind: 'cancel-request'; length: number }
  | { kind: 'startup'; length: number }
  | { kind: 'unsupported' };

/** What a connection's first bytes are: the messages without a type byte. */
export function readFirstMessage(buffer: Buffer): FirstMessage {
  if (buffer.length < 8) return { kind: 'incomplete' };
  const length = buffer.readInt32BE(0);
  const code = buffer.readInt32BE(4);
  if (length === 8 && code === SSL_REQUEST_CODE) return { kind: 'ssl-request', length };
  if (length === 16 && code === CANCEL_REQUEST_CODE) return { kind: 'cancel-request', length };
  if (code !== PROTOCOL_3 || length < 8) return { kind: 'unsupported' };
  return buffer.length < length ? { kind: 'incomplete' } : { kind: 'startup', length };
}

/** The whole typed messages at the start of the buffer, and how many bytes they take. */
export function splitMessages(buffer: Buffer): { messages: Buffer[]; used: number } {
  const messages: Buffer[] = [];
  let used = 0;
  while (buffer.length - used >= 5) {
    const declared = buffer.readInt32BE(used + 1);
    if (declared < 4) throw new Error('A protocol message declared an impossible length.');
    const length = 1 + declared;
    if (buffer.length - used < length) break;
    messages.push(buffer.subarray(used, used + length));
    used += length;
  }
  return { messages, used };
}

export function messageType(message: Buffer): string {
  return String.fromCharCode(message[0] ?? 0);
}

/**
 * The message with its prepared statement's name (Parse, Bind, Describe 'S', Close 'S') prefixed,
 * so that two connections preparing the same name do not meet in the one session they share. The
 * unnamed statement is left as it is: it lives only until the next Parse, within one batch that
 * runs as a whole.
 */
export function renameStatement(message: Buffer, prefix: string): Buffer {
  const type = messageType(message);
  if (type === 'P') return prefixStringAt(message, 5, prefix);
  if (type === 'B') return prefixStringAt(message, endOfString(message, 5) + 1, prefix);
  if ((type === 'D' || type === 'C') && message[5] === 0x53 /* 'S' */) {
    return prefixStringAt(message, 6, prefix);
  }
  return message;
}

/** True when the message ends a unit the session may be handed to another connection after. */
export function endsExchange(message: Buffer): boolean {
  const type = messageType(message);
  return type === 'S' /* Sync */ || type === 'Q'; /* simple Query */
}

function endOfString(message: Buffer, start: number): number {
  const end = message.indexOf(0, start);
  if (end < 0) throw new Error('A protocol message ended inside a string.');
  return end;
}

function prefixStringAt(message: Buffer, start: number, prefix: string): Buffer {
  if (message[start] === 0) return message;
  const end = endOfString(message, start);
  let name = Buffer.concat([Buffer.from(prefix, 'utf8'), message.subarray(start, end)]);
  if (name.length > MAX_NAME_BYTES) {
    name = Buffer.from(`${prefix}${createHash('sha256').update(name).digest('hex').slice(0, 40)}`);
  }
  const renamed = Buffer.concat([message.subarray(0, start), name, message.subarray(end)]);
  renamed.writeInt32BE(renamed.length - 1, 1);
  return renamed;
}

/** The statement a Parse message prepares, or null for the unnamed one and other messages. */
export function parsedStatementName(message: Buffer): string | null {
  if (messageType(message) !== 'P' || message[5] === 0) return null;
  return message.toString('utf8', 5, endOfString(message, 5));
}

export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** A simple Query message. */
export function simpleQuery(text: string): Buffer {
  const body = Buffer.from(`${text}\0`, 'utf8');
  const message = Buffer.alloc(5 + body.length);
  message.write('Q', 0);
  message.writeInt32BE(4 + body.length, 1);
  body.copy(message, 5);
  return message;
}

export function syncMessage(): Buffer {
  return Buffer.from([0x53, 0, 0, 0, 4]);
}
