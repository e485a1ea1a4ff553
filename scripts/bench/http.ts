/**
 * One HTTP request with the raw answer bytes. fetch() would decode br/gzip, and the ceiling must be
 * given the bytes exactly as they travelled.
 */
import { request, type Agent, type IncomingHttpHeaders } from 'node:http';
import type { RequestSpec } from './scenario.js';

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * `agent` keeps connections alive between calls, as a player or the app does; without it each call
 * opens and closes its own connection.
 */
export function send(
  origin: string,
  spec: RequestSpec,
  timeoutMs = 30_000,
  agent: Agent | false = false,
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(
      new URL(spec.path, origin),
      { method: spec.method, headers: spec.headers ?? {}, agent, timeout: timeoutMs },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${spec.method} ${spec.path}: timed out`)));
    req.on('error', reject);
    req.end(spec.body);
  });
}

/** The JSON body of an answer (the API's envelope), or an error naming the call. */
export function jsonOf<T>(response: RawResponse, what: string): T {
  try {
    return JSON.parse(response.body.toString('utf8')) as T;
  } catch {
    throw new Error(`${what}: answered ${response.status} with a body that is not JSON`);
  }
}

export const JSON_HEADERS = { 'content-type': 'application/json' };
