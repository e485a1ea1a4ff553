import { brotliDecompressSync } from 'node:zlib';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { envelope } from '@shared/api-envelope.js';
import { artistDetailData } from '@shared/schemas/artists.js';
import type { Video } from '@shared/schemas/catalogue.js';
import {
  homeData,
  searchData,
  tagPageData,
  videoPageData,
} from '@shared/schemas/public-catalogue.js';
import {
  buildArtist,
  buildVideo,
  callApi,
  signedInUser,
  type Caller,
} from '@server/testing/factories.js';
import { MIN_COMPRESSED_BYTES } from './page-encodings.js';
import { useTestApp } from '@server/testing/use-test-app.js';

/**
 * The video, category, artist and search pages come from the page cache for visitors and users:
 * these tests read a page, change it through the API, and read it again.
 */
let artist: { id: number; tagId: number; name: string };
let shown: number;
let hidden: number;

const { t, admin, fan } = useTestApp({ signIn: { admin: 'admin', fan: 'user' } });
beforeAll(async () => {
  artist = await buildArtist(t.db, { name: 'Cached Cassidy' });
  shown = (await buildVideo(t.db, { tagIds: [artist.tagId], title: 'Cassidy live' })).id;
  hidden = (
    await buildVideo(t.db, { tagIds: [artist.tagId], title: 'Cassidy demo', isPublic: false })
  ).id;
});
beforeEach(() => t.app.pageCache.invalidate());

const PAGES = {
  video: () => `/api/videos/${shown}`,
  category: () => `/api/tag/${artist.tagId}`,
  artist: () => `/api/artists/${artist.id}`,
  search: () => '/api/search/cassidy',
};

/** The video `shown` as a page lists it, wherever the page keeps its videos. */
function shownOn(data: Record<string, unknown>): Video | undefined {
  const lists = [data.video ? [data.video] : [], data.videos ?? [], data.suggestedVideos ?? []];
  return (lists.flat() as Video[]).find((video) => video.id === shown);
}

async function read(url: string, caller?: Caller) {
  const res = await callApi(t.app, 'GET', url, { token: (caller ?? fan).token });
  expect(res.statusCode, `${url}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body.data as Record<string, unknown>;
}

async function like(episodeId: number, liked: boolean) {
  const url = liked ? '/api/users/liked/add-video' : '/api/users/liked/remove-video';
  const res = await callApi(t.app, 'PUT', url, {
    token: fan.token,
    body: { userId: fan.id, episodeId },
  });
  expect(res.statusCode).toBe(200);
}

describe.each(Object.entries(PAGES))('the cached %s page', (_name, url) => {
  it("follows a like's count and the liker's own mark at once", async () => {
    const before = shownOn(await read(url()))!;
    expect(before.isLiked).toBe(false);
    await like(shown, true);
    const after = shownOn(await read(url()))!;
    expect(after).toMatchObject({ like_count: before.like_count + 1, isLiked: true });
    const other = await signedInUser(t.app);
    expect(shownOn(await read(url(), other))).toMatchObject({
      like_count: before.like_count + 1,
      isLiked: false,
    });
    await like(shown, false);
    expect(shownOn(await read(url()))).toMatchObject({
      like_count: before.like_count,
      isLiked: false,
    });
  });

  it('follows an edit at once', async () => {
    await read(url());
    const res = await callApi(t.app, 'PUT', '/api/admin/videos', {
      token: admin.token,
      body: {
        id: shown,
        title: 'Cassidy live, renamed',
        description: 'Live at the Opry',
        public_state: '1',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(shownOn(await read(url()))?.title).toBe('Cassidy live, renamed');
    await callApi(t.app, 'PUT', '/api/admin/videos', {
      token: admin.token,
      body: {
        id: shown,
        title: 'Cassidy live',
        description: 'Live at the Opry',
        public_state: '1',
      },
    });
  });
});

describe('cached pages for signed-in viewers', () => {
  // Their answers skip the route's response serializer (send-cached-page.ts), so the schemas are
  // checked here instead, for visitors' stored bytes too.
  const schemas: [string, () => string, z.ZodType][] = [
    ['home', () => '/api/home', homeData],
    ['video', PAGES.video, videoPageData],
    ['category', PAGES.category, tagPageData],
    ['artist', PAGES.artist, artistDetailData],
    ['search', PAGES.search, searchData],
  ];
  it.each(schemas)('answer the %s page as its schema describes', async (_name, url, schema) => {
    for (const token of [fan.token, undefined]) {
      const res = await t.app.inject({
        url: url(),
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      if (!token && url().startsWith('/api/artists/')) continue;
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const parsed = envelope(schema).safeParse(res.json());
      expect(parsed.error?.issues ?? []).toEqual([]);
    }
  });
});

describe('pages that only administrators see whole', () => {
  it('never hand a private video read by an administrator to anyone else', async () => {
    const category = `/api/tag/${artist.tagId}`;
    const asAdmin = (await read(category, admin)).videos as Video[];
    expect(asAdmin.map((video) => video.id)).toContain(hidden);
    const asFan = (await read(category)).videos as Video[];
    expect(asFan.map((video) => video.id)).not.toContain(hidden);

    expect((await read(`/api/videos/${hidden}`, admin)).video).toMatchObject({ id: hidden });
    const visitor = await callApi(t.app, 'GET', `/api/videos/${hidden}`);
    expect(visitor.statusCode).toBe(404);

    const artistPage = (await read(`/api/artists/${artist.id}`, admin)).videos as Video[];
    expect(artistPage.map((video) => video.id)).toContain(hidden);
    const fanArtistPage = (await read(`/api/artists/${artist.id}`)).videos as Video[];
    expect(fanArtistPage.map((video) => video.id)).not.toContain(hidden);
  });
});

describe('the cached artist page', () => {
  it("follows an artist like's count and the liker's mark at once", async () => {
    const page = `/api/artists/${artist.id}`;
    const before = (await read(page)).artist as { like_count: number; isLiked: boolean };
    const res = await callApi(t.app, 'PUT', '/api/users/liked/add-artist', {
      token: fan.token,
      body: { userId: fan.id, artistId: artist.id },
    });
    expect(res.statusCode).toBe(200);
    expect((await read(page)).artist).toMatchObject({
      like_count: before.like_count + 1,
      isLiked: true,
    });
    const found = (await read('/api/search/cassidy')).artists as {
      id: number;
      like_count: number;
    }[];
    expect(found.find((item) => item.id === artist.id)?.like_count).toBe(before.like_count + 1);
  });
});

describe('cached pages for visitors', () => {
  it('are sent as stored, compressed bytes with a validator that answers 304', async () => {
    for (const url of Object.values(PAGES).slice(0, 2).concat(PAGES.search)) {
      const plain = await t.app.inject({ method: 'GET', url: url() });
      const br = await t.app.inject({
        method: 'GET',
        url: url(),
        headers: { 'accept-encoding': 'br' },
      });
      if (plain.rawPayload.length < MIN_COMPRESSED_BYTES) {
        // Too small to be worth compressing: sent as it is.
        expect(br.headers['content-encoding']).toBeUndefined();
        expect(br.body).toBe(plain.body);
      } else {
        expect(br.headers['content-encoding']).toBe('br');
        expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
      }
      const again = await t.app.inject({
        method: 'GET',
        url: url(),
        headers: { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) },
      });
      expect(again.statusCode).toBe(304);
    }
  });

  it('keep a page per category page and size', async () => {
    for (let n = 0; n < 3; n++) await buildVideo(t.db, { tagIds: [artist.tagId] });
    await t.app.pageCache.invalidate();
    const first = await t.app.inject({ url: `/api/tag/${artist.tagId}?page=1&pageSize=2` });
    const second = await t.app.inject({ url: `/api/tag/${artist.tagId}?page=2&pageSize=2` });
    const ids = (res: typeof first) =>
      (res.json() as { data: { videos: Video[] } }).data.videos.map((video) => video.id);
    expect(ids(first)).toHaveLength(2);
    expect(ids(second)).toHaveLength(2);
    expect(ids(first).some((id) => ids(second).includes(id))).toBe(false);
  });
});
