import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import { ownMemory } from '@server/lib/own-memory.js';

export type Encoding = 'br' | 'gzip';

/** A kept body's compressed forms. */
export interface Encodings {
  /** The body in this encoding, or null when it is too small to be worth compressing. */
  get(encoding: Encoding): Buffer | null;
}

/** Below this, compression saves a few hundred bytes at most: the plain body goes out. */
export const MIN_COMPRESSED_BYTES = 1024;

/**
 * The settings a page's compressed form goes through. The first is made on the event loop while
 * the page's first caller waits, so it is the cheapest: brotli 1 costs ~0.07 ms for a 7.5 KB
 * video page (quality 5 ~0.19 ms, quality 9 ~2.2 ms, which every new page paid before), for
 * ~30% more bytes than quality 5. Most pages are asked for once (a crawler, a new search); a page
 * asked for again is remade at a good setting, and one asked for often at the best (brotli 11 is
 * another ~8% smaller than 5, at ~14 ms), both in libuv's thread pool, off the event loop.
 * Handing the first form to the thread pool too cost more than making it (~0.46 ms of CPU a
 * page against ~0.19 ms, measured at quality 5): new pages are CPU-bound.
 */
export const COMPRESSION_STEPS = [
  { afterSends: 0, br: 1, gzip: 1 },
  { afterSends: 2, br: 5, gzip: 6 },
  { afterSends: 16, br: 11, gzip: 9 },
] as const;

type Step = (typeof COMPRESSION_STEPS)[number];

/**
 * Better forms being made at once, across every page. A compression handed to libuv's pool holds
 * its encoder's memory from the moment it is asked, not when a thread takes it: a burst of pages
 * asked again (a crawler's second pass, a bench's warm-up) queued ~1,000 at once and grew RSS by
 * ~100 MB for a quarter second. Past this many, an upgrade is skipped rather than queued: the page
 * keeps the form it has and its next send asks again. Queuing them behind a limit instead bounded
 * the memory as well but ran the queue on into the next requests' time (the following row fell
 * from ~2,500 to ~1,300-2,000 req/s), see docs/performance.md.
 */
export const MOST_UPGRADES_AT_ONCE = 4;
let upgradesUnderWay = 0;

const brotliOptions = (body: Buffer, quality: number) => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: quality,
    [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
  },
});

function compressNow(body: Buffer, encoding: Encoding, step: Step): Buffer {
  return ownMemory(
    encoding === 'br'
      ? brotliCompressSync(body, brotliOptions(body, step.br))
      : gzipSync(body, { level: step.gzip }),
  );
}

function compressLater(body: Buffer, encoding: Encoding, step: Step): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const done = (error: Error | null, result: Buffer) =>
      error ? reject(error) : resolve(ownMemory(result));
    if (encoding === 'br') brotliCompress(body, brotliOptions(body, step.br), done);
    else gzip(body, { level: step.gzip }, done);
  });
}

interface Form {
  bytes: Buffer;
  sends: number;
  /** The index in COMPRESSION_STEPS of the last setting asked for. */
  step: number;
}

/**
 * The compressed forms of one body, made on first demand. `grown` hears every change in the
 * bytes they hold, so the page cache can count them. A class with a field per encoding: the page
 * cache keeps thousands, and a Map and two closures each cost ~500 bytes of heap (measured).
 */
class PageEncodings implements Encodings {
  #br: Form | null = null;
  #gzip: Form | null = null;

  constructor(
    private readonly body: Buffer,
    private readonly grown: (bytes: number) => void,
  ) {}

  get(encoding: Encoding): Buffer | null {
    if (this.body.length < MIN_COMPRESSED_BYTES) return null;
    let form = encoding === 'br' ? this.#br : this.#gzip;
    if (!form) {
      form = { bytes: compressNow(this.body, encoding, COMPRESSION_STEPS[0]), sends: 0, step: 0 };
      if (encoding === 'br') this.#br = form;
      else this.#gzip = form;
      this.grown(form.bytes.length);
    }
    form.sends += 1;
    const next = COMPRESSION_STEPS[form.step + 1];
    if (next && form.sends >= next.afterSends && upgradesUnderWay < MOST_UPGRADES_AT_ONCE) {
      this.#upgrade(encoding, form);
    }
    return form.bytes;
  }

  #upgrade(encoding: Encoding, form: Form): void {
    form.step += 1;
    upgradesUnderWay += 1;
    compressLater(this.body, encoding, COMPRESSION_STEPS[form.step]!)
      .then(
        (bytes) => {
          if (bytes.length >= form.bytes.length) return;
          this.grown(bytes.length - form.bytes.length);
          form.bytes = bytes;
        },
        // The form before stays; it is correct, only larger.
        () => undefined,
      )
      .finally(() => (upgradesUnderWay -= 1));
  }
}

/** The compressed forms of one body (PageEncodings). */
export function createEncodings(body: Buffer, grown: (bytes: number) => void): Encodings {
  return new PageEncodings(body, grown);
}
