/**
 * The ceiling: a bare Node http server in its own process that answers every request with one
 * constant body (bytes, content-type and content-encoding copied from a real answer). Loading it
 * exactly like an endpoint shows what this machine and client can do at most for an answer of
 * that size, with no framework at all; the bench reports each endpoint as a share of it.
 */
import { createServer } from 'node:http';
import { BACKGROUND_HEADER } from './scenario.js';

export type CeilingMessage = {
  id: number;
  body: string; // base64
  contentType: string;
  contentEncoding: string | null;
};
export type CeilingReply = { type: 'ready'; port: number } | { type: 'answer-set'; id: number };

let answer = {
  body: Buffer.from('{}'),
  headers: { 'content-type': 'application/json; charset=utf-8' } as Record<string, string>,
};

/** What Twang answers a progress report with, for requests marked with BACKGROUND_HEADER. */
const BACKGROUND_ANSWER = Buffer.from(
  JSON.stringify({ status: 202, data: { position: 754.2, finished: false }, message: 'Saved.' }),
);

const server = createServer((request, response) => {
  // A request's body (logins, likes) is read to its end before answering, as a real server must.
  request.resume();
  request.on('end', () => {
    if (request.headers[BACKGROUND_HEADER] !== undefined) {
      response.writeHead(202, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': BACKGROUND_ANSWER.length,
      });
      response.end(BACKGROUND_ANSWER);
      return;
    }
    response.writeHead(200, { ...answer.headers, 'content-length': answer.body.length });
    response.end(answer.body);
  });
});
server.keepAliveTimeout = 72_000;

await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const address = server.address();
if (address === null || typeof address === 'string') throw new Error('no TCP address');

process.on('message', (message: CeilingMessage) => {
  answer = {
    body: Buffer.from(message.body, 'base64'),
    headers: {
      'content-type': message.contentType,
      ...(message.contentEncoding ? { 'content-encoding': message.contentEncoding } : {}),
    },
  };
  process.send?.({ type: 'answer-set', id: message.id } satisfies CeilingReply);
});
process.on('disconnect', () => process.exit(0));
process.send?.({ type: 'ready', port: address.port } satisfies CeilingReply);
