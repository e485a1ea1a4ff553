import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { layoutRows, videos } from '@server/db/schema.js';
import { buildTag, buildVideo } from '@server/testing/factories.js';
import { createTestApp, type TestApp } from '@server/testing/test-app.js';
import { renderSitemap, SITEMAP_MAX_URLS } from './sitemap.js';

const PUBLIC_URL = 'https://twang.example/';
const SITE = 'https://twang.example';

let t: TestApp;
beforeAll(async () => {
  // No client build: robots.txt and the sitemap are served all the same.
  t = await createTestApp({ env: { PUBLIC_URL } });
});
afterAll(() => t.close());

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);

describe('GET /robots.txt', () => {
  it('allows everything but /admin and /api, and names the sitemap', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = response.body.split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'User-agent: *',
        'Allow: /',
        'Disallow: /admin',
        'Disallow: /api',
        `Sitemap: ${SITE}/sitemap.xml`,
      ]),
    );
  });

  it('is not part of the API document', () => {
    const doc = t.app.swagger() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).not.toContain('/robots.txt');
    expect(Object.keys(doc.paths)).not.toContain('/sitemap.xml');
  });
});

describe('GET /sitemap.xml', () => {
  let publicVideo: { id: number };
  let editedVideo: { id: number };
  let privateVideo: { id: number };
  let layoutTag: { id: number };
  let publicTag: { id: number };
  let privateTag: { id: number };
  let unusedTag: { id: number };

  beforeAll(async () => {
    layoutTag = await buildTag(t.db, 'Layout only');
    publicTag = await buildTag(t.db, 'With public');
    privateTag = await buildTag(t.db, 'Private only');
    unusedTag = await buildTag(t.db, 'Unused');
    await t.db.insert(layoutRows).values({ position: 0, tagId: layoutTag.id });
    publicVideo = await buildVideo(t.db, {
      tagIds: [publicTag.id],
      publishedAt: new Date('2022-02-02T00:00:00.000Z'),
      updatedAt: new Date('2022-02-02T00:00:00.000Z'),
    });
    editedVideo = await buildVideo(t.db, {
      publishedAt: new Date('2021-01-01T00:00:00.000Z'),
      updatedAt: new Date('2023-03-03T00:00:00.000Z'),
    });
    privateVideo = await buildVideo(t.db, {
      tagIds: [privateTag.id, publicTag.id],
      isPublic: false,
      publishedAt: new Date('2024-04-04T00:00:00.000Z'),
    });
  });

  it('lists the static pages, the tag pages and the public videos as absolute addresses', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(response.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(locs(response.body)).toEqual([
      `${SITE}/`,
      `${SITE}/about`,
      `${SITE}/privacy`,
      `${SITE}/categories/${layoutTag.id}`,
      `${SITE}/categories/${publicTag.id}`,
      `${SITE}/videos/${publicVideo.id}`,
      `${SITE}/videos/${editedVideo.id}`,
    ]);
  });

  it('leaves out private videos and tags holding only private or no videos', async () => {
    const { body } = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(body).not.toContain(`/videos/${privateVideo.id}<`);
    expect(body).not.toContain(`/categories/${privateTag.id}<`);
    expect(body).not.toContain(`/categories/${unusedTag.id}<`);
  });

  it('dates videos by their last change and tags by their newest public video', async () => {
    const { body } = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    const entry = (path: string) =>
      new RegExp(`<url><loc>${SITE}${path}</loc>(.*?)</url>`).exec(body)?.[1];
    expect(entry(`/videos/${publicVideo.id}`)).toBe('<lastmod>2022-02-02T00:00:00.000Z</lastmod>');
    expect(entry(`/videos/${editedVideo.id}`)).toBe('<lastmod>2023-03-03T00:00:00.000Z</lastmod>');
    expect(entry(`/categories/${publicTag.id}`)).toBe(
      '<lastmod>2022-02-02T00:00:00.000Z</lastmod>',
    );
    expect(entry(`/categories/${layoutTag.id}`)).toBe('');
    expect(entry('/about')).toBe('');
  });

  it('shows a video once it is made public', async () => {
    const video = await buildVideo(t.db, { isPublic: false });
    const before = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(locs(before.body)).not.toContain(`${SITE}/videos/${video.id}`);
    await t.db.update(videos).set({ isPublic: true }).where(eq(videos.id, video.id));
    const after = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(locs(after.body)).toContain(`${SITE}/videos/${video.id}`);
  });
});

describe('renderSitemap', () => {
  it('stops at the protocol limit of 50,000 addresses and escapes them', () => {
    const entries = Array.from({ length: SITEMAP_MAX_URLS + 5 }, (_, i) => ({
      loc: `https://x.example/?a=${i}&b=<c>`,
    }));
    const xml = renderSitemap(entries);
    expect(locs(xml)).toHaveLength(SITEMAP_MAX_URLS);
    expect(xml).toContain('<loc>https://x.example/?a=0&amp;b=&lt;c&gt;</loc>');
  });
});
