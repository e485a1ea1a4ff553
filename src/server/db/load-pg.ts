import { createRequire } from 'node:module';
import type PgModule from 'pg';

// Not `require`: the build's banner gives every output file a `require` of its own.
const requireCjs = createRequire(import.meta.url);

/**
 * Loads pg without loading Node's fetch. On load, pg asks whether it runs in a Cloudflare Worker
 * (pg/lib/stream.js): with no `navigator`, which Node 20 lacks and 21+ has, it makes a `Response`,
 * and the first use of that global loads Node's whole fetch implementation (undici). That was
 * 55 ms of a 1 s cold start on a 2-core machine, for an answer that is always no here. So pg is
 * shown a `navigator` like Node 21's (its `userAgent` only) for its synchronous load, and the
 * global is gone again before anything else runs.
 */
export function loadPg(): typeof PgModule {
  if ('navigator' in globalThis) return requireCjs('pg') as typeof PgModule;
  const major = process.versions.node.split('.')[0] ?? '';
  Object.defineProperty(globalThis, 'navigator', {
    value: { userAgent: `Node.js/${major}` },
    configurable: true,
  });
  try {
    return requireCjs('pg') as typeof PgModule;
  } finally {
    Reflect.deleteProperty(globalThis, 'navigator');
  }
}
