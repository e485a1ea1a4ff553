/** An endpoint as the bench measures it, and helpers to spell out its requests. */
import type { RequestSpec } from './scenario.js';
import type { Target } from './targets.js';

export interface Endpoint {
  name: string;
  connections: number;
  /** Connection k cycles through perConnection[k % length]. */
  perConnection: RequestSpec[][];
  /**
   * Requests sent once, in order, before the load: their answers check the endpoint works and
   * give the ceiling its body (the one closest to their mean size).
   */
  samples: RequestSpec[];
  targets: Target[];
  /** When set, a sample answered with another content type counts as a failure. */
  contentType?: RegExp;
  /** Puts back what the load changed (likes). */
  after?: () => Promise<void>;
}

export function get(path: string, headers?: Record<string, string>): RequestSpec {
  return headers ? { method: 'GET', path, headers } : { method: 'GET', path };
}

/**
 * A GET as the site's clients send it: every browser, and the mobile app's HTTP client, offer
 * compressed answers, and the server keeps its cached pages compressed for them. The ceiling
 * copies the answer's encoding and bytes, so it serves the same bytes.
 */
export function clientGet(path: string, headers: Record<string, string> = {}): RequestSpec {
  return get(path, { 'accept-encoding': 'br, gzip', ...headers });
}

/**
 * One list per connection, each the same requests started at a different place, so connections
 * do not all ask for the same id at the same moment.
 */
export function rotations(list: RequestSpec[], connections: number): RequestSpec[][] {
  return Array.from({ length: connections }, (_, k) => {
    const offset = Math.floor((k * list.length) / connections) % list.length;
    return [...list.slice(offset), ...list.slice(0, offset)];
  });
}

/**
 * The list dealt out like cards: connection k gets items k, k + C, k + 2C, ... so no request is
 * sent twice until a connection has gone through its whole share (for uncached figures).
 */
export function partition(list: RequestSpec[], connections: number): RequestSpec[][] {
  return Array.from({ length: connections }, (_, k) => {
    const mine = list.filter((_, i) => i % connections === k);
    return mine.length > 0 ? mine : [list[k % list.length]!];
  });
}

/** Up to `count` requests spread over the list, for sampling. */
export function spread(list: RequestSpec[], count: number): RequestSpec[] {
  if (list.length <= count) return list;
  return Array.from({ length: count }, (_, i) => list[Math.floor((i * list.length) / count)]!);
}

/** Lists of the same length interleaved: a, b, c, a, b, c, ... */
export function interleave(...lists: RequestSpec[][]): RequestSpec[] {
  const longest = Math.max(...lists.map((list) => list.length));
  const mixed: RequestSpec[] = [];
  for (let i = 0; i < longest; i += 1) {
    for (const list of lists) if (list.length > 0) mixed.push(list[i % list.length]!);
  }
  return mixed;
}
