/**
 * What a kept page takes of the JavaScript heap beside its bytes: fills a page cache with 16,000
 * pages of 0, 13 (a video page) and 60 (a search page) dependencies each and prints the heap and
 * the memory outside it per page, after full collections. PAGE_OVERHEAD_BYTES and
 * DEPENDENCY_OVERHEAD_BYTES (src/server/modules/public-pages/cached-page.ts) come from it.
 *
 *   node --expose-gc --import tsx scripts/bench/page-memory.ts
 */
import { createLocalInvalidation } from '../../src/server/modules/public-pages/cache-invalidation.js';
import { createPageCache } from '../../src/server/modules/public-pages/page-cache.js';
import { videoDependency } from '../../src/server/modules/public-pages/public-page.js';

const PAGES = 16_000;
/** Neighbouring pages share some videos, as related videos and searches do. */
const SHARED_EVERY = 7;

const collect = (globalThis as { gc?: () => void }).gc;
if (!collect) throw new Error('run with node --expose-gc (see the comment at the top)');
const gc = () => {
  collect();
  collect();
};

const body = JSON.stringify({
  videos: Array.from({ length: 30 }, (_, id) => ({ id, title: `A country song, take ${id}` })),
});

async function heapPerPage(dependencies: number): Promise<{ heap: number; outside: number }> {
  const cache = createPageCache({
    invalidation: createLocalInvalidation(),
    maxAgeMs: 3_600_000,
    maxBytes: Number.MAX_SAFE_INTEGER,
  });
  gc();
  const before = process.memoryUsage();
  for (let i = 0; i < PAGES; i++) {
    const page = await cache.get(`/api/videos/${i}`, {
      message: 'Video found',
      build: async () => ({
        json: body,
        dependsOn: Array.from({ length: dependencies }, (_, d) =>
          videoDependency(i * SHARED_EVERY + d),
        ),
      }),
    });
    page?.encodings.get('br');
  }
  gc();
  const after = process.memoryUsage();
  // Kept alive until measured.
  if (cache.peek('/api/videos/0') === undefined) throw new Error('the first page was not kept');
  return {
    heap: (after.heapUsed - before.heapUsed) / PAGES,
    outside: (after.external - before.external) / PAGES,
  };
}

console.log(`${PAGES.toLocaleString('en-US')} pages of ${Buffer.byteLength(body)} bytes each:`);
for (const dependencies of [0, 13, 60]) {
  const { heap, outside } = await heapPerPage(dependencies);
  console.log(
    `  ${String(dependencies).padStart(2)} dependencies: heap ${heap.toFixed(0)} B a page, ` +
      `outside the heap ${outside.toFixed(0)} B a page (body and brotli form)`,
  );
}
