import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { adminVideosMessages } from '@shared/messages/admin-videos.js';
import { apiMessages } from '@shared/messages/api.js';
import type { AdminVideoSearchResult } from '@shared/schemas/admin-videos.js';
import { eq } from 'drizzle-orm';
import { videos } from '@server/db/schema.js';
import { buildVideo, callApi, signedInUser } from '@server/testing/factories.js';
import { useTestApp } from '@server/testing/use-test-app.js';

const { t, admin, otherAdmin } = useTestApp({
  signIn: { admin: 'admin', otherAdmin: 'admin' },
});

async function search(query: string, params = '', token = admin.token) {
  const res = await callApi(
    t.app,
    'GET',
    `/api/admin/search/videos/${encodeURIComponent(query)}${params}`,
    { token },
  );
  return { ...res, result: res.body.data as AdminVideoSearchResult };
}
const titles = (result: AdminVideoSearchResult) => result.videos.map((video) => video.title);
const day = (n: number) => new Date(Date.UTC(2024, 5, n));

describe('GET /api/admin/search/videos/:query', () => {
  it('ranks the exact title, then titles starting with the query, then containing it, then near ones', async () => {
    await buildVideo(t.db, { title: 'Late Night Honky Tonk Jam', publishedAt: day(1) });
    await buildVideo(t.db, { title: 'Honky Tonk Angels', publishedAt: day(2) });
    await buildVideo(t.db, { title: 'Honky Tonk', publishedAt: day(3) });
    await buildVideo(t.db, { title: 'Honky Tunk Heroes', publishedAt: day(4) });
    await buildVideo(t.db, { title: 'Bluegrass Breakdown', publishedAt: day(5) });
    const res = await search('Honky Tonk');
    expect(res.statusCode).toBe(200);
    expect(titles(res.result)).toEqual([
      'Honky Tonk',
      'Honky Tonk Angels',
      'Late Night Honky Tonk Jam',
      'Honky Tunk Heroes',
    ]);
    expect(res.result.pageInfo).toEqual({ videoResults: 4, page: 1, pageSize: 20 });
  });

  it('lists equally good matches newest first', async () => {
    await buildVideo(t.db, { title: 'Fiddlesticks Reel One', publishedAt: day(1) });
    await buildVideo(t.db, { title: 'Fiddlesticks Reel Two', publishedAt: day(9) });
    await buildVideo(t.db, { title: 'Fiddlesticks Reel Three', publishedAt: day(5) });
    expect(titles((await search('fiddlesticks reel')).result)).toEqual([
      'Fiddlesticks Reel Two',
      'Fiddlesticks Reel Three',
      'Fiddlesticks Reel One',
    ]);
  });

  it('ignores case and accents, finds typos, and includes private videos', async () => {
    await buildVideo(t.db, { title: 'Johnny Cashmere Medley', isPublic: false });
    await buildVideo(t.db, { title: 'Café Zydeco Crossover', isPublic: true });
    const typo = await search('jonny cashmere');
    expect(titles(typo.result)).toEqual(['Johnny Cashmere Medley']);
    expect(typo.result.videos[0]?.public_state).toBe(false);
    expect(titles((await search('CAFE ZYDECO')).result)).toEqual(['Café Zydeco Crossover']);
    expect(titles((await search('café')).result)).toContain('Café Zydeco Crossover');
  });

  it('finds a fragment or punctuation as text: LIKE wildcards are literal, numbers are whole words', async () => {
    await buildVideo(t.db, { title: '100% Country Hour' });
    await buildVideo(t.db, { title: '1000 Miles of Country' });
    await buildVideo(t.db, { title: 'Opry Night – Live' });
    expect(titles((await search('100%')).result)).toEqual(['100% Country Hour']);
    expect(titles((await search('%')).result)).toEqual(['100% Country Hour']);
    expect(titles((await search('–')).result)).toEqual(['Opry Night – Live']);
    expect(titles((await search('OUNTR')).result).sort()).toEqual([
      '100% Country Hour',
      '1000 Miles of Country',
    ]);
    for (const signs of ['_', '%_']) {
      expect((await search(signs)).result.pageInfo.videoResults, signs).toBe(0);
    }
  });

  it('pages the results and counts them all', async () => {
    for (let n = 1; n <= 25; n++) {
      await buildVideo(t.db, { title: `Quadrille Dance ${n}`, publishedAt: day(n) });
    }
    const third = await search('quadrille dance', '?page=3&pageSize=10');
    expect(third.result.pageInfo).toEqual({ videoResults: 25, page: 3, pageSize: 10 });
    expect(titles(third.result)).toEqual([5, 4, 3, 2, 1].map((n) => `Quadrille Dance ${n}`));
    const beyond = await search('quadrille dance', '?page=9&pageSize=10');
    expect(beyond.result).toEqual({
      videos: [],
      pageInfo: { videoResults: 25, page: 9, pageSize: 10 },
    });
    const biggest = await search('quadrille dance', '?pageSize=100');
    expect(biggest.result.videos).toHaveLength(25);
  });

  it('answers an empty list when nothing matches', async () => {
    const res = await search('xylophone polka');
    expect(res.statusCode).toBe(200);
    expect(res.result).toEqual({
      videos: [],
      pageInfo: { videoResults: 0, page: 1, pageSize: 20 },
    });
  });

  it.each([
    ['a query over 100 characters', 'a'.repeat(101), '', adminVideosMessages.searchQueryTooLong],
    ['a blank query', '   ', '', apiMessages.searchEmpty],
    ['page 0', 'country', '?page=0', adminVideosMessages.pageInvalid],
    ['a word as page', 'country', '?page=two', adminVideosMessages.pageInvalid],
    ['pageSize over 100', 'country', '?pageSize=101', adminVideosMessages.pageSizeInvalid],
    ['pageSize 0', 'country', '?pageSize=0', adminVideosMessages.pageSizeInvalid],
  ])('rejects %s with 400', async (_name, query, params, message) => {
    const res = await search(query, params);
    expect(res.statusCode).toBe(400);
    expect(res.body).toEqual({ status: 400, data: null, message });
  });

  it('answers a search asked again from the cache, until a video is edited through the API', async () => {
    const video = await buildVideo(t.db, { title: 'Mandolin Wind Private', isPublic: false });
    expect(titles((await search('mandolin wind')).result)).toEqual(['Mandolin Wind Private']);
    // Behind the API's back, nothing drops the answer kept.
    await t.db.update(videos).set({ title: 'Mandolin Breeze' }).where(eq(videos.id, video.id));
    expect(titles((await search('mandolin wind')).result)).toEqual(['Mandolin Wind Private']);
    // An edit of a private video, which no public page shows, drops it too.
    const edited = await callApi(t.app, 'PUT', '/api/admin/videos', {
      token: admin.token,
      body: {
        id: String(video.id),
        title: 'Mandolin Gale',
        description: video.description,
        episode_number: '',
        public_state: '0',
      },
    });
    expect(edited.statusCode).toBe(200);
    expect((await search('mandolin wind')).result.pageInfo.videoResults).toBe(0);
    expect(titles((await search('mandolin gale')).result)).toEqual(['Mandolin Gale']);
  });

  it('shows a new like count at once, and each administrator their own likes', async () => {
    const video = await buildVideo(t.db, { title: 'Dobro Sunrise' });
    expect((await search('dobro sunrise')).result.videos[0]).toMatchObject({
      like_count: 0,
      isLiked: false,
    });
    const like = (token: string, userId: number) =>
      callApi(t.app, 'PUT', '/api/users/liked/add-video', {
        token,
        body: { userId, episodeId: video.id },
      });
    const fan = await signedInUser(t.app);
    expect((await like(fan.token, fan.id)).statusCode).toBe(200);
    expect((await like(admin.token, admin.id)).statusCode).toBe(200);
    expect((await search('dobro sunrise')).result.videos[0]).toMatchObject({
      like_count: 2,
      isLiked: true,
    });
    const theirs = await search('dobro sunrise', '', otherAdmin.token);
    expect(theirs.result.videos[0]).toMatchObject({ like_count: 2, isLiked: false });
  });

  it('answers from the cached page in the encoding asked for, the same JSON as plain', async () => {
    // Past the size worth compressing (page-encodings.ts).
    await buildVideo(t.db, {
      title: 'Pedal Steel Dawn',
      description: 'A slow waltz. '.repeat(100),
    });
    const ask = (encoding: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/admin/search/videos/pedal%20steel',
        headers: { authorization: `Bearer ${admin.token}`, 'accept-encoding': encoding },
      });
    const plain = await ask('identity');
    const zipped = await ask('gzip');
    const again = await ask('gzip');
    expect(plain.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['vary']).toContain('accept-encoding');
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'))).toEqual(plain.json());
    expect(plain.json()).toMatchObject({
      data: { videos: [{ title: 'Pedal Steel Dawn', isLiked: false }] },
    });
    expect(again.headers.etag).toBe(zipped.headers.etag);
    // An administrator's answer is never kept by a browser or a proxy.
    expect(zipped.headers['cache-control']).toBe('no-store');
    const unchanged = await t.app.inject({
      method: 'GET',
      url: '/api/admin/search/videos/pedal%20steel',
      headers: {
        authorization: `Bearer ${admin.token}`,
        'accept-encoding': 'gzip',
        'if-none-match': String(zipped.headers.etag),
      },
    });
    expect(unchanged.statusCode).toBe(304);
  });

  it('accepts a query of exactly 100 characters', async () => {
    expect((await search('b'.repeat(100))).statusCode).toBe(200);
  });
});
