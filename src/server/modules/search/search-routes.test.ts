import { beforeAll, describe, expect, it } from 'vitest';
import { apiMessages } from '@shared/messages/api.js';
import { catalogueMessages } from '@shared/messages/catalogue.js';
import type { SearchData } from '@shared/schemas/public-catalogue.js';
import { eq } from 'drizzle-orm';
import { artistLikes, searchWordList, videoLikes } from '@server/db/schema.js';
import { buildArtist, buildVideo, callApi, signedInUser } from '@server/testing/factories.js';
import { useTestApp } from '@server/testing/use-test-app.js';

const { t, admin, user } = useTestApp({ signIn: { admin: 'admin', user: 'user' } });

const at = (day: number) => new Date(Date.UTC(2021, 0, day));
const ids: Record<string, number> = {};

async function search(query: string, token?: string) {
  return callApi(t.app, 'GET', `/api/search/${encodeURIComponent(query)}`, token ? { token } : {});
}

async function found(
  query: string,
  token?: string,
): Promise<{ artists: string[]; videos: string[] }> {
  const res = await search(query, token);
  expect(res.statusCode, query).toBe(200);
  const data = res.body.data as SearchData;
  expect(data.total).toBe(data.artists.length + data.videos.length);
  return { artists: data.artists.map((a) => a.name), videos: data.videos.map((v) => v.title) };
}

beforeAll(async () => {
  for (const name of [
    'June Carter Cash',
    'Johnny Cash',
    'Cashmere Cowboys',
    'Cash',
    'Beyoncé',
    'Dolly Parton',
    'Dollar Bill',
    'Willie Nelson',
    '50% Off Band',
    'under_score',
    'Back\\slash',
  ]) {
    ids[name] = (await buildArtist(t.db, { name })).id;
  }
  const videos: [string, string, number, boolean][] = [
    ['Johnny Cash - Folsom Prison Blues', 'Live at the prison', 3, true],
    ['Ring of Fire (Live)', 'Johnny Cash sings his classic', 5, true],
    ['Johnny Cash unreleased demo', 'Private for now', 9, false],
    ['Beyoncé - Texas Hold Em', 'A country crossover', 4, true],
    ['Dolly Parton - Jolene', 'The 1973 hit', 2, true],
    ['Willie Nelson - On the Road Again', 'A travelling song', 6, true],
  ];
  for (const [title, description, day, isPublic] of videos) {
    ids[title] = (
      await buildVideo(t.db, { title, description, publishedAt: at(day), isPublic })
    ).id;
  }
});

describe('GET /api/search/:query', () => {
  it("finds Johnny Cash first for 'jonny cash', with his videos, title matches first", async () => {
    const res = await search('jonny cash');
    expect(res.statusCode).toBe(200);
    expect(res.body.message).toBe(catalogueMessages.searchDone);
    const { artists, videos } = await found('jonny cash');
    expect(artists[0]).toBe('Johnny Cash');
    expect(videos[0]).toBe('Johnny Cash - Folsom Prison Blues');
    expect(videos).not.toContain('Willie Nelson - On the Road Again');
    expect(videos).not.toContain('Johnny Cash unreleased demo');
  });

  it('ranks artists: exact name, then names starting with the term, then the rest', async () => {
    const { artists } = await found('Cash');
    expect(artists.slice(0, 2)).toEqual(['Cash', 'Cashmere Cowboys']);
    expect(artists.slice(2).sort()).toEqual(['Johnny Cash', 'June Carter Cash']);
  });

  it('finds words anywhere in a title or description, as prefixes, ignoring case and accents', async () => {
    expect((await found('johnny cash')).videos).toEqual([
      'Johnny Cash - Folsom Prison Blues',
      'Ring of Fire (Live)',
    ]);
    for (const query of ['beyonce', 'BEYONCÉ', 'Beyonce\u0301']) {
      expect(await found(query)).toEqual({
        artists: ['Beyoncé'],
        videos: ['Beyoncé - Texas Hold Em'],
      });
    }
    const dol = await found('dol');
    expect(dol.artists).toEqual(['Dollar Bill', 'Dolly Parton']);
    expect(dol.videos).toEqual(['Dolly Parton - Jolene']);
    expect((await found('JOLENE')).videos).toEqual(['Dolly Parton - Jolene']);
    expect((await found('prison blu')).videos).toEqual(['Johnny Cash - Folsom Prison Blues']);
  });

  it('finds every word a word being typed begins, whether it begins a few or many', async () => {
    // 17 words begin with 'xavcor': past 16 the search asks the index for the prefix itself,
    // below it for the words of the list (word-corrections.ts). Either must find the same.
    const letters = 'abcdefghijklmnopq'.split('');
    for (const [n, letter] of letters.entries()) {
      await buildVideo(t.db, { title: `Xavcor${letter} Ballad`, publishedAt: at(40 + n) });
    }
    await buildArtist(t.db, { name: 'Xavcorz Smith' });
    const newestFirst = letters.map((letter) => `Xavcor${letter} Ballad`).reverse();
    expect((await found('xavcor')).videos).toEqual(newestFirst);
    expect((await found('ballad xavco')).videos).toEqual(newestFirst);
    expect(await found('xavcorm')).toEqual({ artists: [], videos: ['Xavcorm Ballad'] });
    expect((await found('xavcorz')).artists).toEqual(['Xavcorz Smith']);
    expect((await found('smith xavcor')).artists).toEqual(['Xavcorz Smith']);
    // A kept word beside a corrected one is asked the same way.
    expect((await found('ballod xavcorm')).videos).toEqual(['Xavcorm Ballad']);
  });

  it('keeps a word with signs once normalised a prefix, read as to_tsquery reads it', async () => {
    // '⒈' is '1.' once unaccented: to_tsquery reads the prefix as '1', which '1999' begins,
    // where the word list would only offer words beginning with '1.' ('1.5').
    await buildVideo(t.db, { title: 'Zorblat 1999 Tour', publishedAt: at(60) });
    await buildVideo(t.db, { title: 'Zorblat Remaster 1.5', publishedAt: at(61) });
    expect((await found('zorblat ⒈')).videos).toEqual([
      'Zorblat Remaster 1.5',
      'Zorblat 1999 Tour',
    ]);
  });

  it('finds private videos for administrators only', async () => {
    expect((await found('unreleased', user.token)).videos).toEqual([]);
    expect((await found('unreleased')).videos).toEqual([]);
    expect((await found('unreleased', admin.token)).videos).toEqual([
      'Johnny Cash unreleased demo',
    ]);
  });

  it.each([
    "'",
    '&',
    '|',
    '!',
    ':',
    '(',
    ')',
    '\\',
    '*',
    '<->',
    "cash' OR '1'='1",
    'cash & !johnny',
    'a:* | b',
    "johnny's",
    '((cash',
    "\\'",
    'ʼ',
    'ŉ',
    '¼',
    'cash:*A',
    '"quoted"',
    '-- ;',
    '\u0007tab\tnew\nline',
  ])('answers 200 for %j, never a server error', async (query) => {
    const res = await search(query);
    expect(res.statusCode, res.body.message).toBe(200);
  });

  it('searches words: LIKE wildcards and other signs match nothing on their own, full-width ones too', async () => {
    for (const signs of ['%', '％', '_', '\\', '%_%']) {
      expect(await found(signs), signs).toEqual({ artists: [], videos: [] });
    }
    expect((await found('50%')).artists).toEqual(['50% Off Band']);
    expect((await found('under_score')).artists).toEqual(['under_score']);
    expect((await found('back\\sl')).artists).toEqual(['Back\\slash']);
  });

  it('answers 400 for an empty, blank or over-long term', async () => {
    for (const url of ['/api/search/', '/api/search', `/api/search/${encodeURIComponent('   ')}`]) {
      const res = await callApi(t.app, 'GET', url);
      expect(res.statusCode, url).toBe(400);
      expect(res.body).toEqual({ status: 400, data: null, message: apiMessages.searchEmpty });
    }
    const long = await search('x'.repeat(101));
    expect(long.statusCode).toBe(400);
    expect(long.body.message).toBe(catalogueMessages.searchTooLong);
    expect((await search(` ${'x'.repeat(100)} `)).statusCode).toBe(200);
  });

  it('refuses a NUL character with a 400 (PostgreSQL text cannot hold one)', async () => {
    const res = await search('\u0000x');
    expect(res.statusCode).toBe(400);
  });

  it.each(['100%', '%FF', '%ED%A0%80', '%C3', '%00%00'])(
    'answers the raw path /api/search/%s with no server error',
    async (raw) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/search/${raw}` });
      expect(res.statusCode).toBeLessThan(500);
    },
  );

  it('adds isLiked to artists and videos for a signed-in user only', async () => {
    // A new fan: the shared one's likes are already cached, and these are written behind the API.
    const liker = await signedInUser(t.app);
    await t.db.insert(artistLikes).values({ userId: liker.id, artistId: ids['Johnny Cash']! });
    await t.db
      .insert(videoLikes)
      .values({ userId: liker.id, videoId: ids['Ring of Fire (Live)']! });
    // Written behind the API's back, so the cached pages are told by hand.
    await t.app.pageCache.invalidate();
    const data = (await search('johnny cash', liker.token)).body.data as SearchData;
    for (const artist of data.artists) expect(artist.isLiked).toBe(artist.name === 'Johnny Cash');
    for (const video of data.videos)
      expect(video.isLiked).toBe(video.title === 'Ring of Fire (Live)');
    expect(data.artists.find((a) => a.name === 'Johnny Cash')?.like_count).toBe(1);
    const visitor = (await search('johnny cash')).body.data as SearchData;
    expect([...visitor.artists, ...visitor.videos].some((item) => 'isLiked' in item)).toBe(false);
  });

  it('answers at most 20 artists and a page of 40 videos, and counts every match', async () => {
    for (let n = 0; n < 22; n++) await buildArtist(t.db, { name: `Zydeco Band ${n}` });
    for (let n = 0; n < 42; n++) await buildVideo(t.db, { title: `Zydeco night ${n}` });
    const data = (await search('zydeco')).body.data as SearchData;
    expect(data.artists).toHaveLength(20);
    expect(data.videos).toHaveLength(40);
    expect(data).toMatchObject({
      artistTotal: 22,
      videoTotal: 42,
      total: 64,
      page: 1,
      pageSize: 40,
    });
  });

  it('pages the videos: every match exactly once, in the order of the first page', async () => {
    for (let n = 0; n < 7; n++) {
      await buildVideo(t.db, { title: `Pagination polka ${n}`, publishedAt: at(30 + n) });
      await buildVideo(t.db, {
        title: `Other ${n}`,
        description: 'A pagination polka',
        publishedAt: at(40 + n),
      });
    }
    const all = (await search('pagination polka')).body.data as SearchData;
    expect(all.videoTotal).toBe(14);
    const seen: string[] = [];
    for (let page = 1; page <= 5; page++) {
      const res = await callApi(
        t.app,
        'GET',
        `/api/search/pagination%20polka?page=${page}&pageSize=3`,
      );
      const data = res.body.data as SearchData;
      expect(data).toMatchObject({ page, pageSize: 3, videoTotal: 14 });
      seen.push(...data.videos.map((video) => video.title));
    }
    expect(seen).toEqual(all.videos.map((video) => video.title));
    expect(new Set(seen).size).toBe(14);
    // Titles first (newest first), then the videos that say it elsewhere.
    expect(seen.slice(0, 7).every((title) => title.startsWith('Pagination polka'))).toBe(true);
    const past = await callApi(t.app, 'GET', '/api/search/pagination%20polka?page=9&pageSize=3');
    expect((past.body.data as SearchData).videos).toEqual([]);
    for (const bad of ['page=0', 'pageSize=101', 'page=x']) {
      const res = await callApi(t.app, 'GET', `/api/search/polka?${bad}`);
      expect(res.statusCode, bad).toBe(400);
    }
  });
});

describe('GET /api/search/:query with misspelt words', () => {
  let edited: number;
  beforeAll(async () => {
    const catalogue: [string, string][] = [
      ['Dusty Train Shuffle', 'Steel guitar all night'],
      ['Brian and the Rangers', 'A trio from Tulsa'],
      ['Dvořák Hoedown', 'A symphony goes west'],
      ['Quokka Waltz', 'Slow and sweet'],
    ];
    for (const [n, [title, description]] of catalogue.entries()) {
      const video = await buildVideo(t.db, { title, description, publishedAt: at(10 + n) });
      if (title === 'Quokka Waltz') edited = video.id;
    }
  });

  const known = async (word: string) =>
    (await t.db.select().from(searchWordList).where(eq(searchWordList.word, word))).length === 1;

  it("corrects the one misspelt word of two: 'dusty trian' finds Dusty Train", async () => {
    // 'brian' looks closer to 'trian' by trigrams; both are one edit away, and only 'train'
    // goes with 'dusty' in the catalogue.
    expect((await found('dusty trian')).videos).toEqual(['Dusty Train Shuffle']);
    expect((await found('Dusty TRIAN shuf')).videos).toEqual(['Dusty Train Shuffle']);
  });

  it('corrects a word typed without its accent and with a typo', async () => {
    expect((await found('dvorak')).videos).toEqual(['Dvořák Hoedown']);
    expect((await found('dvorac hoedown')).videos).toEqual(['Dvořák Hoedown']);
  });

  it('keeps the word list up with new videos and edited titles', async () => {
    expect(await known('quokka')).toBe(true);
    expect((await found('quokke')).videos).toEqual(['Quokka Waltz']);
    expect(await known('wombat')).toBe(false);
    const res = await callApi(t.app, 'PUT', '/api/admin/videos', {
      token: admin.token,
      body: { id: String(edited), title: 'Wombat Waltz', description: 'Slow and sweet' },
    });
    expect(res.statusCode).toBe(200);
    expect(await known('wombat')).toBe(true);
    expect((await found('wombet waltz')).videos).toEqual(['Wombat Waltz']);
    // Words are never taken out: a stale one only makes a correction that finds nothing.
    expect(await known('quokka')).toBe(true);
    expect((await found('quokke')).videos).toEqual([]);
  });

  it('finds nothing when a word resembles no word of the catalogue', async () => {
    expect(await found('zzqx florp')).toEqual({ artists: [], videos: [] });
    expect((await found('dusty zzqx')).videos).toEqual([]);
    // Three letters are too few to correct: 'trn' is no typo of 'train' as far as search goes.
    expect((await found('dusty trn')).videos).toEqual([]);
  });
});
