import { beforeAll, describe, expect, it } from 'vitest';
import type { SearchData } from '@shared/schemas/public-catalogue.js';
import { buildArtist, buildVideo, callApi, type Caller } from '@server/testing/factories.js';
import { useTestApp } from '@server/testing/use-test-app.js';
import { EVERYTHING } from '../cache-drops/write-changes.js';
import { findSearchPageJson } from './search-query.js';

const { t, admin, user } = useTestApp({ signIn: { admin: 'admin', user: 'user' } });

/** Orders kept 12 videos deep, so a test can page past them. */
const DEPTH = 12;
const PAGE_SIZE = 5;
const at = (day: number) => new Date(Date.UTC(2022, 0, day));

async function page(term: string, n: number, caller?: Caller): Promise<SearchData> {
  const path = `/api/search/${encodeURIComponent(term)}?page=${n}&pageSize=${PAGE_SIZE}`;
  const res = await callApi(t.app, 'GET', path, caller ? { token: caller.token } : {});
  expect(res.statusCode, path).toBe(200);
  return res.body.data as SearchData;
}

/** The page as the search's own statement writes it, ranking and counting every match. */
async function statementPage(term: string, n: number, includePrivate: boolean) {
  const found = await findSearchPageJson(t.db, {
    words: term.split(' '),
    query: null,
    term,
    page: n,
    pageSize: PAGE_SIZE,
    includePrivate,
  });
  return JSON.parse(found.json) as SearchData;
}

beforeAll(async () => {
  t.app.searchOrders.depth = DEPTH;
  for (const name of ['Hoedown Kings', 'The Hoedown', 'Hoedown']) await buildArtist(t.db, { name });
  // 17 public videos (10 say it in the title, 7 elsewhere) and 2 private ones, days apart.
  for (let n = 0; n < 10; n++)
    await buildVideo(t.db, { title: `Hoedown night ${n}`, publishedAt: at(1 + n) });
  for (let n = 0; n < 7; n++) {
    await buildVideo(t.db, {
      title: `Barn dance ${n}`,
      description: 'A hoedown to remember',
      publishedAt: at(20 + n),
    });
  }
  for (let n = 0; n < 2; n++) {
    await buildVideo(t.db, {
      title: `Hoedown rehearsal ${n}`,
      publishedAt: at(5),
      isPublic: false,
    });
  }
});

describe('later pages of a search, read from its kept order', () => {
  it('are the pages the search statement writes, for visitors, fans and administrators', async () => {
    for (const [caller, includePrivate] of [
      [undefined, false],
      [user, false],
      [admin, true],
    ] as const) {
      for (let n = 2; n <= 5; n++) {
        const served = await page('hoedown', n, caller);
        const expected = await statementPage('hoedown', n, includePrivate);
        const marks = (item: { isLiked?: boolean }) => ({ ...item, isLiked: undefined });
        expect({
          ...served,
          artists: served.artists.map(marks),
          videos: served.videos.map(marks),
        }).toEqual({
          ...expected,
          artists: expected.artists.map(marks),
          videos: expected.videos.map(marks),
        });
        expect(served.videoTotal).toBe(includePrivate ? 19 : 17);
        expect(served.artistTotal).toBe(3);
      }
    }
  });

  it('past the ids kept, are searched for as before', async () => {
    // Page 3 holds matches 11-15: past the 12 ids kept, in full.
    const third = await page('hoedown', 3);
    expect(third.videos.map((video) => video.title)).toEqual(
      (await statementPage('hoedown', 3, false)).videos.map((video) => video.title),
    );
    expect(third.videos).toHaveLength(PAGE_SIZE);
    expect((await page('hoedown', 4)).videos).toHaveLength(2);
    expect((await page('hoedown', 9)).videos).toEqual([]);
  });

  it('read no ranking: a match added behind the API, untold, shows only once told', async () => {
    const sized = async (n: number, size: number) => {
      const path = `/api/search/hoedown?page=${n}&pageSize=${size}`;
      return (await callApi(t.app, 'GET', path)).body.data as SearchData;
    };
    const before = await sized(2, 4);
    await buildVideo(t.db, { title: 'Hoedown encore', publishedAt: at(27) });
    // A page not asked before, so not cached itself: read from the order found before the encore.
    const third = await sized(3, 4);
    expect(third.videoTotal).toBe(before.videoTotal);
    expect(third.videos.map((video) => video.title)).toEqual([
      'Hoedown night 1',
      'Hoedown night 0',
      'Barn dance 6',
      'Barn dance 5',
    ]);
    await t.app.dropCaches(EVERYTHING);
    const told = await sized(3, 4);
    expect(told.videoTotal).toBe(before.videoTotal + 1);
    expect(told.videos[0]!.title).toBe('Hoedown night 2');
  });

  it('answer every page of a search whose matches are all kept, past its end too', async () => {
    for (let n = 0; n < 7; n++)
      await buildVideo(t.db, { title: `Fiddle tune ${n}`, publishedAt: at(1 + n) });
    for (let n = 2; n <= 4; n++) {
      const served = await page('fiddle', n);
      expect(served).toEqual(await statementPage('fiddle', n, false));
    }
    expect((await page('fiddle', 2)).videos).toHaveLength(2);
    expect((await page('fiddle', 3)).videos).toEqual([]);
  });

  it('show a new match once the catalogue changes', async () => {
    const before = await page('hoedown', 2);
    const firstBefore = await page('hoedown', 1);
    const newest = await buildVideo(t.db, { title: 'Hoedown finale', publishedAt: at(28) });
    // Written behind the API's back: told as a write would tell it.
    await t.app.dropCaches(EVERYTHING);
    const after = await page('hoedown', 2);
    expect(after.videoTotal).toBe(before.videoTotal + 1);
    // The finale leads page 1: each title on page 2 moves one place down.
    expect(after.videos[0]!.title).toBe(firstBefore.videos.at(-1)!.title);
    expect(after.videos.slice(1).map((video) => video.title)).toEqual(
      before.videos.slice(0, -1).map((video) => video.title),
    );
    expect(after.videos.map((video) => video.id)).not.toContain(newest.id);
  });

  it("show a video's like count as it is now", async () => {
    const shown = (await page('hoedown', 2)).videos[0]!;
    const liked = await callApi(t.app, 'PUT', '/api/users/liked/add-video', {
      token: user.token,
      body: { userId: user.id, episodeId: shown.id },
    });
    expect(liked.statusCode).toBe(200);
    const again = (await page('hoedown', 2)).videos[0]!;
    expect(again.id).toBe(shown.id);
    expect(again.like_count).toBe(shown.like_count + 1);
  });
});
