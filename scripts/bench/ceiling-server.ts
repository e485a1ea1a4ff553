/**
 * The ceiling: a bare Fastify 5 server in its own process that answers every request with one
 * constant body (bytes, content-type and content-encoding copied from a real answer). Loading it
 * exactly like an endpoint shows what this machine, client and framework can do at most for an
 * answer of that size; the bench reports each endpoint as a share of it.
 */
import Fastify, { type FastifyReply } from 'fastify';

export type CeilingMessage = {
  id: number;
  body: string; // base64
  contentType: string;
  contentEncoding: string | null;
};
export type CeilingReply = { type: 'ready'; port: number } | { type: 'answer-set'; id: number };

let answer = {
  body: Buffer.from('{}'),
  contentType: 'application/json; charset=utf-8',
  contentEncoding: null as string | null,
};

const app = Fastify({ logger: false });
const handler = async (_request: unknown, reply: FastifyReply) => {
  void reply.header('content-type', answer.contentType);
  if (answer.contentEncoding) void reply.header('content-encoding', answer.contentEncoding);
  return reply.send(answer.body);
};
app.route({ method: ['GET', 'POST', 'PUT'], url: '/', handler });
app.route({ method: ['GET', 'POST', 'PUT'], url: '/*', handler });

await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
if (address === null || typeof address === 'string') throw new Error('no TCP address');

process.on('message', (message: CeilingMessage) => {
  answer = {
    body: Buffer.from(message.body, 'base64'),
    contentType: message.contentType,
    contentEncoding: message.contentEncoding,
  };
  process.send?.({ type: 'answer-set', id: message.id } satisfies CeilingReply);
});
process.on('disconnect', () => process.exit(0));
process.send?.({ type: 'ready', port: address.port } satisfies CeilingReply);
