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
  /** Called once the server's run is over, before the same load is sent to the ceiling. */
  beforeCeiling?: (ceilingOrigin: string) => void;
  /**
   * For pages asked for the first time: the warm-up's own requests, and the number of answers
   * the measured run stops at, so that no request of perConnection is sent twice (see eachOnce).
   */
  once?: { warmup: RequestSpec[][]; amount: number };
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

/**
 * A list split so every request is sent once: a few samples, then the warm-up's share, then the
 * measured share dealt out to the connections. The run stops a little before the shortest
 * connection's list would wrap around (connections keep nearly the same pace), so no page is
 * asked for twice and the page cache never answers.
 */
export function eachOnce(
  list: RequestSpec[],
  connections: number,
  warmupCount: number,
): Pick<Endpoint, 'perConnection' | 'samples' | 'once'> {
  if (list.length === 0) throw new Error('eachOnce: no requests to send');
  // A short list (the smoke run's tiny catalogue) keeps most of itself for the measured run.
  const samplesEnd = Math.min(40, Math.ceil(list.length / 10));
  const warmupEnd = samplesEnd + Math.min(warmupCount, Math.floor((list.length - samplesEnd) / 4));
  const measured = list.length > warmupEnd ? list.slice(warmupEnd) : list;
  const warmup = warmupEnd > samplesEnd ? list.slice(samplesEnd, warmupEnd) : measured;
  const perConnection = partition(measured, connections);
  const shortest = Math.min(...perConnection.map((each) => each.length));
  return {
    samples: spread(list.slice(0, samplesEnd), 10),
    perConnection,
    once: {
      warmup: partition(warmup, connections),
      amount: Math.max(connections, Math.floor(shortest * connections * 0.9)),
    },
  };
}

/** The mixed load: every connection goes through the same reads, each from its own place. */
export function mixedEndpoint(name: string, list: RequestSpec[], connections: number): Endpoint {
  return {
    name,
    connections,
    perConnection: rotations(list, connections),
    samples: spread(list, 16),
    targets: [],
  };
}
