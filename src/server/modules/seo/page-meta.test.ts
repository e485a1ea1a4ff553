import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildArtist, buildTag, buildVideo } from '@server/testing/factories.js';
import { createTestApp, type TestApp } from '@server/testing/test-app.js';
import { renderAnswers } from '../server-render/render-answers.js';
import { describePage } from './page-meta.js';
import { siteOf } from './site-urls.js';
import { jsonLdBlocks, makeClientDir, metaContents } from './seo-test-client.js';

const PUBLIC_URL = 'https://twang.example';
const EVIL = `Hank's "Best" </script><script>alert(1)</script> & more`;

let t: TestApp;
let client: ReturnType<typeof makeClientDir>;

beforeAll(async () => {
  client = makeClientDir();
  t = await createTestApp({
    env: { CLIENT_DIR: client.dir, PUBLIC_URL, BRAND_NAME: 'Twang & Co' },
  });
});
afterAll(async () => {
  await t.close();
  client.remove();
});

async function page(path: string) {
  const response = await t.app.inject({ method: 'GET', url: path });
  return { response, html: response.body };
}

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

describe('link previews of /videos/{id}', () => {
  it('fills title, description, canonical, Open Graph, Twitter card and VideoObject JSON-LD', async () => {
    const video = await buildVideo(t.db, {
      title: 'Ring of Fire',
      description: 'Live at the Opry,\n  1963.',
      thumbnail: '/media/demo/video/7.svg',
      youtubeId: 'abcDEF12345',
      publishedAt: new Date('2023-05-06T07:08:09.000Z'),
    });
    const { response, html } = await page(`/videos/${video.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const url = `${PUBLIC_URL}/videos/${video.id}`;
    const image = `${PUBLIC_URL}/media/demo/video/7.svg`;
    const embed = 'https://www.youtube-nocookie.com/embed/abcDEF12345';
    expect(titleOf(html)).toBe('Ring of Fire | Twang &amp; Co');
    expect(metaContents(html, 'description')).toEqual(['Live at the Opry, 1963.']);
    expect(html).toContain(`<link rel="canonical" href="${url}" />`);
    expect(metaContents(html, 'og:type')).toEqual(['video.other']);
    expect(metaContents(html, 'og:title')).toEqual(['Ring of Fire']);
    expect(metaContents(html, 'og:description')).toEqual(['Live at the Opry, 1963.']);
    expect(metaContents(html, 'og:image')).toEqual([image]);
    expect(metaContents(html, 'og:url')).toEqual([url]);
    expect(metaContents(html, 'og:site_name')).toEqual(['Twang &amp; Co']);
    expect(metaContents(html, 'og:video')).toEqual([embed]);
    expect(metaContents(html, 'twitter:card')).toEqual(['summary_large_image']);
    expect(metaContents(html, 'twitter:title')).toEqual(['Ring of Fire']);
    expect(metaContents(html, 'twitter:description')).toEqual(['Live at the Opry, 1963.']);
    expect(metaContents(html, 'twitter:image')).toEqual([image]);
    const [jsonLd, ...others] = jsonLdBlocks(html);
    expect(others).toEqual([]);
    expect(JSON.parse(jsonLd!)).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'VideoObject',
      name: 'Ring of Fire',
      description: 'Live at the Opry, 1963.',
      thumbnailUrl: [image],
      uploadDate: '2023-05-06T07:08:09.000Z',
      embedUrl: embed,
      contentUrl: 'https://www.youtube.com/watch?v=abcDEF12345',
    });
  });

  it("describes a video from its page's answer, as the render read it, and a missing one as a 404", async () => {
    const video = await buildVideo(t.db, {
      title: 'Cached & Described',
      description: 'A <b>bold</b> night.',
      youtubeId: 'zyxWVU98765',
    });
    const site = siteOf(t.app);
    const path = `/videos/${video.id}`;
    const answers = renderAnswers(t.app);
    const described = await describePage(t.db, site, path, await answers.answer(`/api${path}`));
    expect(described.found).toBe(true);
    expect(described.meta.title).toBe('Cached & Described | Twang & Co');
    expect(described.meta.description).toBe('A <b>bold</b> night.');
    const missing = await describePage(
      t.db,
      site,
      path,
      await answers.answer('/api/videos/999999'),
    );
    expect(missing).toMatchObject({ found: false, meta: { noindex: true } });
  });

  it('replaces the build-time title and description instead of adding a second one', async () => {
    const video = await buildVideo(t.db, { title: 'Only once' });
    const { html } = await page(`/videos/${video.id}`);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(metaContents(html, 'description')).toHaveLength(1);
    expect(html).not.toContain('Build-time');
    expect(html).not.toContain('<!--app-head-->');
    expect(html).toContain('<script src="/theme-init.js"></script>');
  });

  it('escapes every value, so a title cannot close the script element or an attribute', async () => {
    const video = await buildVideo(t.db, { title: EVIL, description: EVIL });
    const { html } = await page(`/videos/${video.id}`);
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('"Best"');
    const escaped =
      'Hank&#39;s &quot;Best&quot; &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; more';
    expect(titleOf(html)).toBe(`${escaped} | Twang &amp; Co`);
    expect(metaContents(html, 'og:title')).toEqual([escaped]);
    expect(metaContents(html, 'description')).toEqual([escaped]);
    // Only the page's own script (theme-init), the site configuration's JSON and the JSON-LD
    // block open a <script> element.
    expect(html.match(/<script/g)).toHaveLength(3);
    const [jsonLd] = jsonLdBlocks(html);
    expect(jsonLd).toContain('\\u003c/script\\u003e');
    expect((JSON.parse(jsonLd!) as { name: string }).name).toBe(EVIL);
  });

  it('falls back to a description naming the video when it has none', async () => {
    const video = await buildVideo(t.db, { title: 'Quiet one', description: '   ' });
    const { html } = await page(`/videos/${video.id}`);
    expect(metaContents(html, 'description')).toEqual(['Watch Quiet one on Twang &amp; Co.']);
  });

  it('answers a private video 404 with the plain page: no title, no preview tags', async () => {
    const video = await buildVideo(t.db, { title: 'Secret Session', isPublic: false });
    const { response, html } = await page(`/videos/${video.id}`);
    expect(response.statusCode).toBe(404);
    expect(metaContents(html, 'robots')).toEqual(['noindex']);
    expect(html).not.toContain('Secret Session');
    expect(html).not.toContain(video.youtubeId);
    expect(titleOf(html)).toBe('Twang &amp; Co');
    expect(metaContents(html, 'og:title')).toEqual([]);
    expect(jsonLdBlocks(html)).toEqual([]);
    expect(html).not.toContain('rel="canonical"');
  });

  it('answers unknown, huge and malformed ids 404 with the plain page', async () => {
    for (const path of ['/videos/999999', '/videos/99999999999', '/videos/0', '/videos/abc']) {
      const { response, html } = await page(path);
      expect(response.statusCode, path).toBe(404);
      expect(metaContents(html, 'robots'), path).toEqual(['noindex']);
      expect(titleOf(html), path).toBe('Twang &amp; Co');
      expect(metaContents(html, 'og:title'), path).toEqual([]);
    }
  });
});

describe('link previews of artists, categories and the home page', () => {
  it('describes /artists/{id} with its name, biography, picture and address', async () => {
    const artist = await buildArtist(t.db, {
      name: 'Patsy <Cline>',
      imageUrl: '/media/demo/artist/3.svg',
    });
    const { html } = await page(`/artists/${artist.id}?from=share`);
    expect(titleOf(html)).toBe('Patsy &lt;Cline&gt; | Twang &amp; Co');
    expect(metaContents(html, 'description')).toEqual(['Biography of Patsy &lt;Cline&gt;']);
    expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}/artists/${artist.id}" />`);
    expect(metaContents(html, 'og:title')).toEqual(['Patsy &lt;Cline&gt;']);
    expect(metaContents(html, 'og:url')).toEqual([`${PUBLIC_URL}/artists/${artist.id}`]);
    expect(metaContents(html, 'og:image')).toEqual([`${PUBLIC_URL}/media/demo/artist/3.svg`]);
    expect(metaContents(html, 'og:site_name')).toEqual(['Twang &amp; Co']);
  });

  it('describes /categories/{id} and pictures it with its newest public video only', async () => {
    const tag = await buildTag(t.db, 'Honky Tonk');
    await buildVideo(t.db, {
      tagIds: [tag.id],
      thumbnail: 'https://img.example/public.jpg',
      publishedAt: new Date('2020-01-01T00:00:00Z'),
    });
    await buildVideo(t.db, {
      tagIds: [tag.id],
      isPublic: false,
      thumbnail: 'https://img.example/private.jpg',
      publishedAt: new Date('2021-01-01T00:00:00Z'),
    });
    const { html } = await page(`/categories/${tag.id}`);
    expect(titleOf(html)).toBe('Honky Tonk | Twang &amp; Co');
    expect(metaContents(html, 'description')).toEqual([
      'Watch Honky Tonk videos on Twang &amp; Co.',
    ]);
    expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}/categories/${tag.id}" />`);
    expect(metaContents(html, 'og:type')).toEqual(['website']);
    expect(metaContents(html, 'og:image')).toEqual(['https://img.example/public.jpg']);
    expect(html).not.toContain('private.jpg');
  });

  it('gives unknown artists and categories the plain page', async () => {
    for (const path of ['/artists/987654', '/categories/987654']) {
      const { html } = await page(path);
      expect(titleOf(html), path).toBe('Twang &amp; Co');
      expect(metaContents(html, 'og:title'), path).toEqual([]);
    }
  });

  it('gives / the site title, description and address', async () => {
    const { html } = await page('/');
    expect(titleOf(html)).toBe('Twang &amp; Co');
    expect(metaContents(html, 'description')).toEqual([
      'Watch every episode of the country-music video show.',
    ]);
    expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}/" />`);
    expect(metaContents(html, 'og:type')).toEqual(['website']);
  });

  it('answers 404 for paths no page lives at, and for missing artists and categories', async () => {
    for (const path of ['/no/such/page', '/artists/999999', '/categories/999999', '/videos']) {
      const { response, html } = await page(path);
      expect(response.statusCode, path).toBe(404);
      expect(metaContents(html, 'robots'), path).toEqual(['noindex']);
      // Still the app, which shows its not-found page.
      expect(html, path).toContain('<div id="root"></div>');
    }
  });

  it('answers 200 for every page of the site, and the back-office', async () => {
    const video = await buildVideo(t.db);
    const artist = await buildArtist(t.db);
    for (const path of [
      '/',
      `/videos/${video.id}`,
      `/artists/${artist.id}`,
      '/artists',
      '/search/anything',
      '/account',
      '/about',
      '/privacy',
      '/admin',
      '/admin/editVideo/123',
    ]) {
      const { response, html } = await page(path);
      expect(response.statusCode, path).toBe(200);
      expect(metaContents(html, 'robots'), path).toEqual([]);
    }
  });

  it('describes about, privacy and a search in their own words', async () => {
    const about = await page('/about');
    expect(metaContents(about.html, 'description')).toEqual([
      'About Twang &amp; Co: the country-music video show, the people who make it and how to reach them.',
    ]);
    expect(about.html).toContain(`<link rel="canonical" href="${PUBLIC_URL}/about" />`);
    const privacy = await page('/privacy/');
    expect(metaContents(privacy.html, 'description')[0]).toMatch(/^What Twang &amp; Co collects/);
    const search = await page('/search/porch%20%22light%22');
    expect(metaContents(search.html, 'description')).toEqual([
      'Videos and artists on Twang &amp; Co matching &quot;porch &quot;light&quot;&quot;.',
    ]);
    expect(search.html).not.toContain('rel="canonical"');
  });

  it('gives other pages the plain head with the page policy, and leaves /api alone', async () => {
    const { response, html } = await page('/artists');
    expect(titleOf(html)).toBe('Twang &amp; Co');
    expect(html).not.toContain('rel="canonical"');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    const api = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ status: 404, data: null });
  });
});
