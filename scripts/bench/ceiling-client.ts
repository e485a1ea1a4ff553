/** The bench's side of the ceiling server: start it, and hand it the answer to give. */
import { childRequests, endChild, forkScript, nextMessage } from './children.js';
import type { CeilingMessage, CeilingReply } from './ceiling-server.js';

export interface SampleAnswer {
  body: Buffer;
  contentType: string;
  contentEncoding: string | null;
}

export interface Ceiling {
  origin: string;
  answerWith: (answer: SampleAnswer) => Promise<void>;
  close: () => Promise<void>;
}

export async function startCeiling(): Promise<Ceiling> {
  const child = forkScript('./ceiling-server.ts');
  const ready = await nextMessage(
    child,
    (message) => {
      const reply = message as CeilingReply;
      return reply.type === 'ready' ? reply : undefined;
    },
    'ceiling server',
  );
  const ask = childRequests<CeilingMessage, Extract<CeilingReply, { id: number }>>(
    child,
    'ceiling server',
  );
  return {
    origin: `http://127.0.0.1:${ready.port}`,
    answerWith: async (answer) => {
      await ask({
        body: answer.body.toString('base64'),
        contentType: answer.contentType,
        contentEncoding: answer.contentEncoding,
      });
    },
    close: () => endChild(child),
  };
}
