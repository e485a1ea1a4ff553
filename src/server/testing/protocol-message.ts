/**
 * A PostgreSQL protocol message as a client sends it: its type byte, its length (counting
 * itself) and its body; strings are written as C strings. For the embedded database's tests.
 */
export function protocolMessage(type: string, ...parts: (string | Buffer)[]): Buffer {
  const body = Buffer.concat(
    parts.map((part) => (typeof part === 'string' ? Buffer.from(`${part}\0`) : part)),
  );
  const header = Buffer.alloc(5);
  header.write(type, 0);
  header.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([header, body]);
}
