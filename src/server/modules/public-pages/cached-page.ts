import { etagOf } from '@server/lib/etag.js';
import { ownMemory } from '@server/lib/own-memory.js';
import type { CachedBody, CachedPage, PageBuild } from './page-cache.js';
import { createEncodings, type Encodings } from './page-encodings.js';

/** A page as the page cache weighs it: the bytes it held when built (growth is counted after). */
export interface BuiltPage<T> extends CachedPage<T> {
  readonly builtBytes: number;
}

const ENVELOPE_START = '{"status":200,"data":';

/** The API envelope around data already written as JSON: `ok(data, message)`. */
function envelopeJson(dataJson: string, message: string): string {
  return `${ENVELOPE_START}${dataJson}${envelopeEnd(message)}`;
}

function envelopeEnd(message: string): string {
  return `,"message":${JSON.stringify(message)}}`;
}

/**
 * A page parsed for signed-in viewers keeps its data as objects too; on V8 those take about twice
 * the bytes of their JSON (measured: 3,000 video pages grew the heap ~6x their JSON, garbage
 * included). Counted once parsed, so the bound is on memory rather than on JSON.
 */
const DATA_PER_BODY_BYTE = 2;

/**
 * Per page, the signed-in variants kept: what its viewers like on it. Most like nothing there,
 * a few like one thing or two, so a handful covers nearly every view.
 */
const MAX_VARIANTS = 16;

/**
 * What keeping a page costs the JavaScript heap besides its bytes, so that the page cache's
 * budget bounds the memory it takes rather than its bytes alone: the page's objects and its
 * entries in the cache. Measured by scripts/bench/page-memory.ts (16,000 pages): ~1,040 bytes a
 * page, Buffer objects included, and 80-130 bytes for each video or artist it depends on (less
 * when pages share them), the cache's index included.
 */
export const PAGE_OVERHEAD_BYTES = 1000;
export const DEPENDENCY_OVERHEAD_BYTES = 100;

/** A body as kept: its own memory, its validator, its compressed forms made on demand. */
class KeptBody implements CachedBody {
  readonly body: Buffer;
  readonly etag: string;
  readonly encodings: Encodings;

  constructor(json: string, grown: (bytes: number) => void) {
    this.body = ownMemory(Buffer.from(json));
    this.etag = etagOf(this.body);
    this.encodings = createEncodings(this.body, grown);
  }
}

/**
 * A page kept in the cache. A class rather than an object literal of closures: the page cache
 * holds thousands, and each literal with a getter and its closures took its own hidden class and
 * contexts: 2,790 bytes of heap for a page that depends on nothing, 1,040 now (page-memory.ts).
 */
class KeptPage<T> extends KeptBody implements BuiltPage<T> {
  readonly key: string;
  readonly builtBytes: number;
  readonly dependsOn: readonly string[];
  #data: T | undefined;
  #variants: Map<string, CachedBody> | null = null;
  readonly #endLength: number;
  readonly #grown: (bytes: number) => void;

  constructor(key: string, built: PageBuild<T>, message: string, grown: (bytes: number) => void) {
    // Only the bytes are kept, not the JSON text: a page's text is a V8 string on the heap, twice
    // its length when a title has a character beyond Latin-1 (a dash), which made thousands of
    // new pages hold ~100 MB of heap and the garbage collector the busiest part of the server.
    super(
      'document' in built
        ? built.document
        : envelopeJson('json' in built ? built.json : JSON.stringify(built.data), message),
      grown,
    );
    this.key = key;
    this.#data = 'data' in built ? built.data : undefined;
    this.#grown = grown;
    this.#endLength = Buffer.byteLength(envelopeEnd(message));
    // An array: a Set of a dozen strings takes twice the heap, and is only ever walked.
    this.dependsOn = [...new Set(built.dependsOn)];
    // A document's data is a few fields about it, not the page parsed.
    const heldData = this.#data === undefined || 'document' in built ? 0 : this.#dataBytes();
    this.builtBytes =
      this.body.length +
      heldData +
      PAGE_OVERHEAD_BYTES +
      this.dependsOn.length * DEPENDENCY_OVERHEAD_BYTES;
  }

  #dataBytes(): number {
    return this.body.length * DATA_PER_BODY_BYTE;
  }

  get data(): T {
    if (this.#data === undefined) {
      const json = this.body.subarray(ENVELOPE_START.length, this.body.length - this.#endLength);
      this.#data = JSON.parse(json.toString()) as T;
      this.#grown(this.#dataBytes());
    }
    return this.#data;
  }

  variant(variantKey: string, make: () => string): CachedBody | null {
    // Made on the first signed-in view: most pages are only ever sent to visitors.
    this.#variants ??= new Map();
    let variant = this.#variants.get(variantKey);
    if (!variant) {
      if (this.#variants.size >= MAX_VARIANTS) return null;
      variant = new KeptBody(make(), this.#grown);
      this.#variants.set(variantKey, variant);
      this.#grown(variant.body.length);
    }
    return variant;
  }
}

/**
 * The page a build made, kept under `key`, with its answer's `message`. `grown` hears every
 * change in the bytes it holds later: encodings, variants, its data parsed.
 */
export function makeCachedPage<T>(
  key: string,
  built: PageBuild<T>,
  message: string,
  grown: (bytes: number) => void,
): BuiltPage<T> {
  return new KeptPage(key, built, message, grown);
}
