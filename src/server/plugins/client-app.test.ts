import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressClient } from '../../../scripts/compress-client.js';
import { makeClientDir } from '../modules/seo/seo-test-client.js';
import { buildVideo } from '../testing/factories.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { preferredEncoding } from '../lib/content-encoding.js';

/** Big and repetitive enough that both encodings shrink it a lot. */
const SCRIPT = `export const rows = [${Array.from({ length: 400 }, (_, i) => `"row ${i}"`).join(',')}];\n`;
const STYLES = `.card { display: grid; }\n`.repeat(200);
const LOGO = `<svg xmlns="http://www.w3.org/2000/svg">${'<rect width="1" height="1"/>'.repeat(100)}</svg>`;
const THEME_INIT = "document.documentElement.dataset.theme = 'light';\n";
/** Not a compressible format: served as it is, whatever the client accepts. */
const PICTURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 4]);

/** Vite's manifest, in the shape `build.manifest` writes it. */
const MANIFEST = {
  'index.html': {
    file: 'assets/index-AbC123.js',
    isEntry: true,
    imports: ['_shared-Xy1.js'],
    css: ['assets/index-AbC123.css'],
  },
  '_shared-Xy1.js': { file: 'assets/shared-Xy1.js' },
  '_page-kit-Kt1.js': {
    file: 'assets/page-kit-Kt1.js',
    imports: ['_shared-Xy1.js', 'index.html'],
    css: ['assets/page-kit-Kt1.css'],
  },
  'src/client/features/home/components/home-page.tsx': {
    file: 'assets/home-page-Hm1.js',
    isDynamicEntry: true,
    imports: ['index.html', '_page-kit-Kt1.js', '_shared-Xy1.js'],
    css: ['assets/home-page-Hm1.css'],
  },
};

let t: TestApp;
let client: ReturnType<typeof makeClientDir>;

beforeAll(async () => {
  client = makeClientDir();
  mkdirSync(join(client.dir, 'assets'));
  writeFileSync(join(client.dir, 'assets', 'index-AbC123.js'), SCRIPT);
  writeFileSync(join(client.dir, 'assets', 'index-AbC123.css'), STYLES);
  writeFileSync(join(client.dir, 'default-logo.svg'), LOGO);
  writeFileSync(join(client.dir, 'photo.png'), PICTURE);
  writeFileSync(join(client.dir, 'theme-init.js'), THEME_INIT);
  mkdirSync(join(client.dir, '.vite'));
  writeFileSync(join(client.dir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  // What `npm run build:client` does after vite build.
  await compressClient(client.dir);
  t = await createTestApp({ env: { CLIENT_DIR: client.dir } });
});
afterAll(async () => {
  await t.close();
  client.remove();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('precompressed static files', () => {
  it('sends the .br twin when the client accepts brotli', async () => {
    const res = await get('/assets/index-AbC123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(SCRIPT.length / 3);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the .gz twin when the client accepts only gzip', async () => {
    const res = await get('/assets/index-AbC123.css', { 'accept-encoding': 'gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toMatch(/^text\/css/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(res.rawPayload).toString()).toBe(STYLES);
  });

  it.each([
    ['no accept-encoding', {}],
    ['identity only', { 'accept-encoding': 'identity' }],
    ['both refused', { 'accept-encoding': 'br;q=0, gzip;q=0' }],
    ['only encodings it has no twin for', { 'accept-encoding': 'deflate' }],
  ])('sends the file as it is with %s', async (_name, headers) => {
    const res = await get('/default-logo.svg', headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.body).toBe(LOGO);
  });

  it('sends files of already compressed formats as they are, with no vary', async () => {
    const res = await get('/photo.png', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toBeUndefined();
    expect(res.rawPayload.equals(PICTURE)).toBe(true);
  });

  it('caches hashed assets for a year as immutable, in every encoding', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const res = await get('/assets/index-AbC123.js', { 'accept-encoding': encoding });
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('lets unhashed files be revalidated: short max-age, ETag and Last-Modified, then 304', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const first = await get('/default-logo.svg', { 'accept-encoding': encoding });
      expect(first.headers['cache-control']).toBe('public, max-age=300');
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^(W\/)?".+"$/);
      expect(first.headers['last-modified']).toBeDefined();

      const again = await get('/default-logo.svg', {
        'accept-encoding': encoding,
        'if-none-match': etag,
      });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
    }
  });

  it('answers 304 to If-Modified-Since too', async () => {
    const first = await get('/default-logo.svg');
    const again = await get('/default-logo.svg', {
      'if-modified-since': String(first.headers['last-modified']),
    });
    expect(again.statusCode).toBe(304);
  });

  it('gives the twins and the raw template no routes of their own', async () => {
    for (const url of ['/assets/index-AbC123.js.br', '/assets/index-AbC123.js.gz', '/index.html']) {
      const res = await get(url);
      // The SPA page (its not-found view), with its head filled in, not the file.
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).not.toContain('<!--app-head-->');
    }
  });
});

describe('the page (index.html filled in per request)', () => {
  it('is compressed with brotli when accepted, and decompresses to the page', async () => {
    const res = await get('/about', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = brotliDecompressSync(res.rawPayload).toString();
    expect(html).toContain('<div id="root"></div>');
    expect(html).toMatch(/<title>[^<]+<\/title>/);
    expect(html).toBe((await get('/about')).body);
  });

  it('is gzipped when only gzip is accepted, and plain otherwise', async () => {
    const gz = await get('/about', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await get('/about');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
  });

  it('carries an ETag and answers 304 when the client has that page', async () => {
    const first = await get('/about', { 'accept-encoding': 'br' });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await get('/about', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // The home page's head differs from /about's, so the tag does not fit it.
    const other = await get('/', { 'if-none-match': etag });
    expect(other.statusCode).toBe(200);
  });
});

describe("the page's preloads", () => {
  const head = async (url: string) => {
    const html = (await get(url)).body;
    return html.slice(0, html.indexOf('</head>'));
  };
  const dataPreloads = (html: string) =>
    [...html.matchAll(/<link rel="preload" as="fetch" crossorigin href="([^"]+)" \/>/g)].map(
      (match) => match[1],
    );

  it("asks for the page's API answer, as the client's fetch will", async () => {
    expect(dataPreloads(await head('/'))).toEqual(['/api/home']);
    expect(dataPreloads(await head('/videos/42'))).toEqual(['/api/videos/42']);
    expect(dataPreloads(await head('/categories/7'))).toEqual([
      '/api/tag/7?page=1&amp;pageSize=60',
    ]);
    expect(dataPreloads(await head('/search/dusty%20train'))).toEqual([
      '/api/search/dusty%20train',
    ]);
    expect(dataPreloads(await head('/search/caf%C3%A9'))).toEqual(['/api/search/caf%C3%A9']);
  });

  it('preloads nothing for other pages or a malformed search', async () => {
    for (const url of ['/about', '/artists/3', '/videos/abc', '/search/%E0%A4%A', '/admin']) {
      expect(await head(url)).not.toMatch(/rel="(?:preload|modulepreload)"/);
    }
  });

  it("links the page's own chunks after the entry's tags, not the entry's", async () => {
    const html = await head('/');
    const code = [...html.matchAll(/<link rel="(?:modulepreload|stylesheet)"[^>]*href="([^"]+)"/g)]
      .map((match) => match[1])
      .filter((href) => href?.startsWith('/assets/'));
    expect(code).toEqual([
      '/assets/home-page-Hm1.css',
      '/assets/page-kit-Kt1.css',
      '/assets/home-page-Hm1.js',
      '/assets/page-kit-Kt1.js',
    ]);
    // Applied: the page arrives drawn by the server, so its styles must hold from the first paint.
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/page-kit-Kt1.css" />');
    expect(html.indexOf('/assets/home-page-Hm1.css')).toBeGreaterThan(html.indexOf(THEME_INIT));
  });

  it('carries theme-init.js in the page, allowed by its hash and nothing else inline', async () => {
    const res = await get('/about');
    expect(res.body).toContain(`<script>${THEME_INIT}</script>`);
    expect(res.body).not.toContain('src="/theme-init.js"');
    const hash = createHash('sha256').update(THEME_INIT).digest('base64');
    const scriptSrc = /script-src ([^;]+)/.exec(String(res.headers['content-security-policy']));
    // Inline: theme-init alone, by its hash; from elsewhere: the YouTube IFrame Player API's origin.
    expect(scriptSrc?.[1]).toBe(`'self' https://www.youtube.com 'sha256-${hash}'`);
    // The file stays served for pages cached before a deploy.
    expect((await get('/theme-init.js')).body).toBe(THEME_INIT);
    expect(String((await get('/api/config')).headers['content-security-policy'])).toBe(
      "default-src 'none'; frame-ancestors 'none'; base-uri 'none'",
    );
  });

  it('carries the site configuration that GET /api/config answers', async () => {
    const match = /<script type="application\/json" id="site-config">([^<]+)<\/script>/.exec(
      await head('/about'),
    );
    const config = (await get('/api/config')).json<{ data: unknown }>().data;
    expect(JSON.parse(match![1]!)).toEqual(config);
  });

  it("does not serve Vite's manifest", async () => {
    const res = await get('/.vite/manifest.json');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
  });

  it("preloads the home page's featured picture once there is a video", async () => {
    expect(await head('/')).not.toContain('as="image"');
    await buildVideo(t.db, { thumbnail: '/media/pictures/featured.jpg' });
    // Written behind the API's back: the cached home page is told by hand.
    await t.app.pageCache.invalidate();
    expect(await head('/')).toContain(
      '<link rel="preload" as="image" fetchpriority="high" href="/media/pictures/featured.jpg" />',
    );
    expect(await head('/about')).not.toContain('as="image"');
  });
});

describe('preferredEncoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['gzip, deflate, br', 'br'],
    ['br;q=0.1, gzip;q=1', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['identity, deflate', null],
    ['BR', 'br'],
  ] as const)('%s -> %s', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});
