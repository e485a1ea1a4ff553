import { etagOf } from '@server/lib/etag.js';
import { ownMemory } from '@server/lib/own-memory.js';
import type { CachedBody, CachedPage, PageBuild } from './page-cache.js';
import { createEncodings } from './page-encodings.js';

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

function makeBody(json: string, grown: (bytes: number) => void): CachedBody {
  const body = ownMemory(Buffer.from(json));
  return { body, etag: etagOf(body), encodings: createEncodings(body, grown) };
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
  const variants = new Map<string, CachedBody>();
  let data: T | undefined = 'data' in built ? built.data : undefined;
  const body = makeBody(
    'document' in built
      ? built.document
      : envelopeJson('json' in built ? built.json : JSON.stringify(built.data), message),
    grown,
  );
  // Only the bytes are kept, not the JSON text: a page's text is a V8 string on the heap, twice
  // its length when a title has a character beyond Latin-1 (a dash), which made thousands of
  // new pages hold ~100 MB of heap and the garbage collector the busiest part of the server.
  const dataBytes = () => body.body.length * DATA_PER_BODY_BYTE;
  const endLength = Buffer.byteLength(envelopeEnd(message));
  // A document's data is a few fields about it, not the page parsed.
  const heldData = data === undefined || 'document' in built ? 0 : dataBytes();
  return {
    ...body,
    key,
    builtBytes: body.body.length + heldData,
    get data(): T {
      if (data === undefined) {
        const json = body.body.subarray(ENVELOPE_START.length, body.body.length - endLength);
        data = JSON.parse(json.toString()) as T;
        grown(dataBytes());
      }
      return data;
    },
    dependsOn: new Set(built.dependsOn),
    variant(variantKey, make) {
      let variant = variants.get(variantKey);
      if (!variant) {
        if (variants.size >= MAX_VARIANTS) return null;
        variant = makeBody(make(), grown);
        variants.set(variantKey, variant);
        grown(variant.body.length);
      }
      return variant;
    },
  };
}
