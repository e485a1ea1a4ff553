/**
 * What crosses between the bench and its load process: plain data only (functions do not cross
 * processes), so variety (users, ids, queries) is spelled out as one request list per connection.
 */
export type Method = 'GET' | 'POST' | 'PUT';

/**
 * Marks a request sent beside a measured row (reports-beside-reads.ts): the ceiling server
 * answers it as Twang would (a 202 with a short envelope), not with the row's body.
 */
export const BACKGROUND_HEADER = 'x-bench-background';

export interface RequestSpec {
  method: Method;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadScenario {
  origin: string;
  connections: number;
  durationSeconds: number;
  /** Connection k cycles through perConnection[k % length], so each can be its own user. */
  perConnection: RequestSpec[][];
  /** Stop after this many answers instead of after durationSeconds (each request once). */
  amount?: number;
}

export interface LoadResult {
  responses: number;
  seconds: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  meanMs: number;
  maxMs: number;
  non2xx: number;
  statusCodes: Record<string, number>;
  /** Connection errors and time-outs. */
  errors: number;
  timeouts: number;
  meanBytes: number;
}

export type LoadRequest = { id: number; scenario: LoadScenario };
export type LoadReply = { id: number; result: LoadResult } | { id: number; error: string };
