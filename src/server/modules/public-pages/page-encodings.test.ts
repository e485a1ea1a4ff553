import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import {
  COMPRESSION_STEPS,
  createEncodings,
  MIN_COMPRESSED_BYTES,
  MOST_UPGRADES_AT_ONCE,
} from './page-encodings.js';

/** JSON-like text that compresses as pages do: repeated keys, varied values. */
function pageLike(bytes: number): Buffer {
  const items: string[] = [];
  for (let i = 0; items.join(',').length < bytes; i++) {
    items.push(JSON.stringify({ id: i, title: `Song ${i * 7919} live`, tags: [{ id: i % 13 }] }));
  }
  return Buffer.from(`[${items.join(',')}]`);
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 200));

describe('page encodings', () => {
  it('sends a small body as it is', () => {
    const encodings = createEncodings(Buffer.alloc(MIN_COMPRESSED_BYTES - 1, 'a'), () => undefined);
    expect(encodings.get('br')).toBeNull();
    expect(encodings.get('gzip')).toBeNull();
  });

  it('makes a cheap form first, then better ones off the event loop as the page is asked again', async () => {
    const body = pageLike(20_000);
    let held = 0;
    const encodings = createEncodings(body, (bytes) => (held += bytes));
    let sends = 0;
    const send = () => (sends++, encodings.get('br')!);
    const first = send();
    expect(brotliDecompressSync(first).equals(body)).toBe(true);
    expect(held).toBe(first.length);
    const [, good, best] = COMPRESSION_STEPS;
    while (sends < good.afterSends - 1) expect(send()).toBe(first);
    await settle();
    expect(send()).toBe(first); // this send asks for the better form
    await settle();
    const better = send();
    expect(better.length).toBeLessThan(first.length);
    expect(brotliDecompressSync(better).equals(body)).toBe(true);
    while (sends < best.afterSends - 1) expect(send()).toBe(better);
    send();
    await settle();
    const smallest = send();
    expect(smallest.length).toBeLessThan(better.length);
    expect(brotliDecompressSync(smallest).equals(body)).toBe(true);
    expect(held).toBe(smallest.length);
  });

  it('keeps gzip and brotli apart', async () => {
    const body = pageLike(5_000);
    const encodings = createEncodings(body, () => undefined);
    expect(gunzipSync(encodings.get('gzip')!).equals(body)).toBe(true);
    expect(brotliDecompressSync(encodings.get('br')!).equals(body)).toBe(true);
  });

  it('holds no more memory than the bytes it counts, in either encoding, made now or later', async () => {
    const body = pageLike(8_000);
    const encodings = createEncodings(body, () => undefined);
    // The memory behind each form is its own: not zlib's whole output chunk.
    const own = (form: Buffer) => expect(form.buffer.byteLength).toBe(form.length);
    for (const encoding of ['br', 'gzip'] as const) {
      const first = encodings.get(encoding)!;
      own(first);
      // Asked again, the page gets a better form, made off the event loop.
      await vi.waitFor(() => expect(encodings.get(encoding)).not.toBe(first));
      own(encodings.get(encoding)!);
    }
  });

  it('skips a better form while the most are being made, and makes it at a later send', async () => {
    const pages = Array.from({ length: MOST_UPGRADES_AT_ONCE + 1 }, (_, i) =>
      createEncodings(pageLike(6_000 + i * 100), () => undefined),
    );
    const firsts = pages.map((page) => page.get('br')!);
    const [, good] = COMPRESSION_STEPS;
    // Every page reaches its second setting in the same moment: only the first ones are made.
    for (const page of pages) for (let sends = 1; sends < good.afterSends; sends++) page.get('br');
    await settle();
    const late = pages.length - 1;
    pages.forEach((page, i) => {
      if (i < late) expect(page.get('br')!.length).toBeLessThan(firsts[i]!.length);
      else expect(page.get('br')).toBe(firsts[i]); // skipped, not queued; this send asks again
    });
    await settle();
    expect(pages[late]!.get('br')!.length).toBeLessThan(firsts[late]!.length);
  });
});
