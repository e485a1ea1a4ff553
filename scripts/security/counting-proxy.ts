/**
 * A reverse proxy in front of the server under test that counts every answer by status, so a scan
 * can be held to "no 5xx" whatever the server logged.
 */
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ProxyCounts {
  requests: number;
  byStatus: Map<number, number>;
  /** Answers >= 500 from the server, with the request line of the first few. */
  serverErrors: number;
  serverErrorSamples: string[];
  /** Requests the server never answered (connection refused or reset). */
  upstreamFailures: number;
  /** Requests so malformed that Node's HTTP parser refused them before they reached the server. */
  unparsable: number;
}

export interface CountingProxy {
  origin: string;
  counts: ProxyCounts;
  close: () => Promise<void>;
}

export async function startCountingProxy(target: { port: number }): Promise<CountingProxy> {
  const counts: ProxyCounts = {
    requests: 0,
    byStatus: new Map(),
    serverErrors: 0,
    serverErrorSamples: [],
    upstreamFailures: 0,
    unparsable: 0,
  };
  const server = createServer((incoming, outgoing) => {
    counts.requests += 1;
    const upstream = httpRequest(
      {
        host: '127.0.0.1',
        port: target.port,
        method: incoming.method,
        path: incoming.url,
        headers: incoming.headers,
      },
      (answer) => {
        const status = answer.statusCode ?? 0;
        counts.byStatus.set(status, (counts.byStatus.get(status) ?? 0) + 1);
        if (status >= 500) {
          counts.serverErrors += 1;
          if (counts.serverErrorSamples.length < 10) {
            counts.serverErrorSamples.push(`${status} ${incoming.method} ${incoming.url}`);
          }
        }
        outgoing.writeHead(status, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => {
      counts.upstreamFailures += 1;
      if (!outgoing.headersSent) outgoing.writeHead(599, { 'content-type': 'text/plain' });
      outgoing.end('proxy: the server did not answer');
    });
    incoming.pipe(upstream);
  });
  server.on('clientError', (_error, socket) => {
    counts.unparsable += 1;
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nconnection: close\r\n\r\n');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    counts,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
