import { describe, expect, it } from 'vitest';
import { apiMessages } from '@shared/messages/api.js';
import { artistsTagsMessages as am } from '@shared/messages/artists-tags.js';
import type { Artist, Video } from '@shared/schemas/catalogue.js';
import { artistLikes } from '@server/db/schema.js';
import { buildArtist, buildVideo, callApi } from '@server/testing/factories.js';
import { useTestApp } from '@server/testing/use-test-app.js';

const { t, user, admin } = useTestApp({ signIn: { user: 'user', admin: 'admin' } });

type ArtistList = { artists: Artist[] };
const names = (data: unknown) => (data as ArtistList).artists.map((artist) => artist.name);
const search = (text: string, token = user.token) =>
  callApi(t.app, 'GET', `/api/artists/phrase/${encodeURIComponent(text)}`, { token });

describe('who may read artists', () => {
  it.each(['/api/artists/phrase/cash', '/api/artists/letter/c', '/api/artists/{id}'])(
    '%s: 401 for a visitor, 200 for a user and for an administrator',
    async (path) => {
      const artist = await buildArtist(t.db);
      const url = path.replace('{id}', String(artist.id));
      const visitor = await callApi(t.app, 'GET', url);
      expect(visitor.statusCode).toBe(401);
      expect(visitor.body).toEqual({
        status: 401,
        data: null,
        message: apiMessages.signInRequired,
      });
      expect((await callApi(t.app, 'GET', url, { token: user.token })).statusCode).toBe(200);
      expect((await callApi(t.app, 'GET', url, { token: admin.token })).statusCode).toBe(200);
    },
  );

  it('answers 401 with the expired-session text for a stale token', async () => {
    const res = await callApi(t.app, 'GET', '/api/artists/letter/a', { token: 'x'.repeat(43) });
    expect(res.statusCode).toBe(401);
    expect(res.body.message).toBe(apiMessages.sessionExpired);
  });
});

describe('GET /api/artists/phrase/{text}', () => {
  it('finds names with a typo, and ignores case and accents both ways', async () => {
    await buildArtist(t.db, { name: 'Johnny Cash' });
    await buildArtist(t.db, { name: 'Béla Fleck' });
    await buildArtist(t.db, { name: 'Bela Lugosi Band' });
    expect(names((await search('jonny')).body.data)).toContain('Johnny Cash');
    expect(names((await search('JOHNNY cash')).body.data)).toEqual(['Johnny Cash']);
    // The prefix match ranks above a name that is merely close.
    expect(names((await search('bela fl')).body.data)[0]).toBe('Béla Fleck');
    expect(names((await search('BÉLA')).body.data)).toEqual(
      expect.arrayContaining(['Béla Fleck', 'Bela Lugosi Band']),
    );
  });

  it('ranks the exact name first, then names starting with the text, then the rest', async () => {
    await buildArtist(t.db, { name: 'Old Quillon Trio' });
    await buildArtist(t.db, { name: 'Quillon Brothers' });
    await buildArtist(t.db, { name: 'Quillon' });
    const res = await search('quillon');
    expect(res.statusCode).toBe(200);
    expect(names(res.body.data)).toEqual(['Quillon', 'Quillon Brothers', 'Old Quillon Trio']);
    const first = (res.body.data as ArtistList).artists[0]!;
    expect(first).toMatchObject({ artistid: first.id, featured: 0, like_count: 0, isLiked: false });
  });

  it('treats LIKE wildcards as plain text', async () => {
    const res = await search('%%%');
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toEqual({ artists: [] });
  });

  it('answers at most 50 artists', async () => {
    await Promise.all(
      Array.from({ length: 55 }, (_, i) => buildArtist(t.db, { name: `Wanderer ${i}` })),
    );
    expect(names((await search('wanderer')).body.data)).toHaveLength(50);
  });

  it.each([
    ['two letters', 'ab', apiMessages.artistSearchTooShort],
    ['two letters padded with spaces', '  ab  ', apiMessages.artistSearchTooShort],
    ['only spaces', '     ', apiMessages.artistSearchTooShort],
    ['101 characters', 'x'.repeat(101), 'text must be at most 100 characters'],
  ])('rejects %s with a 400', async (_name, text, message) => {
    const res = await search(text);
    expect(res.statusCode).toBe(400);
    expect(res.body).toEqual({ status: 400, data: null, message });
  });
});

describe('GET /api/artists/letter/{letter}', () => {
  it('lists the names starting with the letter, either case, accents ignored, by name', async () => {
    await buildArtist(t.db, { name: 'Yvonne Yodel' });
    await buildArtist(t.db, { name: 'Ÿsolde Young' });
    await buildArtist(t.db, { name: 'yancey Yates' });
    await buildArtist(t.db, { name: 'Bobby Y' });
    const upper = await callApi(t.app, 'GET', '/api/artists/letter/Y', { token: user.token });
    expect(upper.statusCode).toBe(200);
    expect(names(upper.body.data)).toEqual(['yancey Yates', 'Ÿsolde Young', 'Yvonne Yodel']);
    const lower = await callApi(t.app, 'GET', '/api/artists/letter/y', { token: user.token });
    expect(lower.body.data).toEqual(upper.body.data);
  });

  it.each(['ab', '1', '%C3%A9', '-'])('rejects %s with a 400 naming the rule', async (letter) => {
    const res = await callApi(t.app, 'GET', `/api/artists/letter/${letter}`, { token: user.token });
    expect(res.statusCode).toBe(400);
    expect(res.body.message).toBe(am.artistLetterInvalid);
  });
});

describe('GET /api/artists/{id}', () => {
  it("answers the artist, its tag's videos newest first (public only for users) and tagid", async () => {
    const artist = await buildArtist(t.db, { name: 'Patsy Cline' });
    const older = await buildVideo(t.db, {
      tagIds: [artist.tagId],
      publishedAt: new Date('2020-01-01'),
    });
    const newer = await buildVideo(t.db, {
      tagIds: [artist.tagId],
      publishedAt: new Date('2021-01-01'),
    });
    const hidden = await buildVideo(t.db, {
      tagIds: [artist.tagId],
      isPublic: false,
      publishedAt: new Date('2022-01-01'),
    });
    await buildVideo(t.db, { title: 'Patsy Cline tribute, untagged' });

    const res = await callApi(t.app, 'GET', `/api/artists/${artist.id}`, { token: user.token });
    expect(res.statusCode).toBe(200);
    const data = res.body.data as { artist: Artist; videos: Video[]; tagid: number };
    expect(data.tagid).toBe(artist.tagId);
    expect(data.artist).toMatchObject({
      id: artist.id,
      name: 'Patsy Cline',
      tagid: artist.tagId,
      isLiked: false,
    });
    expect(data.videos.map((video) => video.id)).toEqual([newer.id, older.id]);
    expect(data.videos[0]!.tags).toEqual([{ id: artist.tagId, name: 'Patsy Cline' }]);

    const asAdmin = await callApi(t.app, 'GET', `/api/artists/${artist.id}`, {
      token: admin.token,
    });
    const adminVideos = (asAdmin.body.data as { videos: Video[] }).videos.map((video) => video.id);
    expect(adminVideos).toEqual([hidden.id, newer.id, older.id]);
  });

  it('shows at most 24 videos, and isLiked for the caller', async () => {
    const artist = await buildArtist(t.db);
    for (let i = 0; i < 26; i++) await buildVideo(t.db, { tagIds: [artist.tagId] });
    await t.db.insert(artistLikes).values({ userId: user.id, artistId: artist.id });
    // Written behind the API's back, so the viewer cache is told by hand.
    await t.app.viewerCache.likesChanged(user.id);
    const res = await callApi(t.app, 'GET', `/api/artists/${artist.id}`, { token: user.token });
    const data = res.body.data as { artist: Artist; videos: Video[] };
    expect(data.videos).toHaveLength(24);
    expect(data.artist).toMatchObject({ isLiked: true, like_count: 1 });
    const other = await callApi(t.app, 'GET', `/api/artists/${artist.id}`, { token: admin.token });
    expect((other.body.data as { artist: Artist }).artist.isLiked).toBe(false);
  });

  it('answers 404 for an unknown artist and 400 for an id that is not a number', async () => {
    const missing = await callApi(t.app, 'GET', '/api/artists/999999', { token: user.token });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toEqual({ status: 404, data: null, message: apiMessages.artistNotFound });
    const bad = await callApi(t.app, 'GET', '/api/artists/abc', { token: user.token });
    expect(bad.statusCode).toBe(400);
    expect(bad.body.message).toBe('id must be a positive whole number');
  });
});

describe('GET /api/featured-artists', () => {
  it('lists the featured artists by name for everyone, with isLiked only when signed in', async () => {
    const zed = await buildArtist(t.db, { name: 'Zed Featured', featured: true });
    await buildArtist(t.db, { name: 'Abe Featured', featured: true });
    await buildArtist(t.db, { name: 'Not Featured', featured: false });
    await t.db.insert(artistLikes).values({ userId: user.id, artistId: zed.id });
    await t.app.viewerCache.likesChanged(user.id);

    const visitor = await callApi(t.app, 'GET', '/api/featured-artists');
    expect(visitor.statusCode).toBe(200);
    const list = (visitor.body.data as ArtistList).artists;
    expect(list.map((artist) => artist.name)).toEqual(['Abe Featured', 'Zed Featured']);
    expect(list.every((artist) => artist.featured === 1 && artist.isLiked === undefined)).toBe(
      true,
    );

    const signed = await callApi(t.app, 'GET', '/api/featured-artists', { token: user.token });
    const liked = (signed.body.data as ArtistList).artists.map((artist) => [
      artist.name,
      artist.isLiked,
    ]);
    expect(liked).toEqual([
      ['Abe Featured', false],
      ['Zed Featured', true],
    ]);
    expect(
      (await callApi(t.app, 'GET', '/api/featured-artists', { token: admin.token })).statusCode,
    ).toBe(200);
  });
});
