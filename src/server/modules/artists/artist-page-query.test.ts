import { beforeAll, describe, expect, it } from 'vitest';
import type { ArtistDetailData, ArtistList } from '@shared/schemas/artists.js';
import { artists } from '@server/db/schema.js';
import { seedDemoContent } from '@server/setup/demo-seed.js';
import { referenceArtistPage } from '@server/testing/reference-artist-page.js';
import { findArtistPageJson } from './artist-page-query.js';
import { presentArtists } from './artist-presenter.js';
import { featuredArtistsPage } from './featured-artists-page.js';
import { useTestApp } from '@server/testing/use-test-app.js';

let artistIds: number[];

const { t } = useTestApp();
beforeAll(async () => {
  await seedDemoContent(t.db, { log: () => undefined, now: new Date('2026-11-01T12:00:00Z') });
  artistIds = (await t.db.select({ id: artists.id }).from(artists).orderBy(artists.id)).map(
    (row) => row.id,
  );
});

describe('the artist page statement', { timeout: 120_000 }, () => {
  it('answers what the four-query page answered, for every demo artist and audience', async () => {
    for (const id of [...artistIds, 999_999]) {
      for (const includePrivate of [false, true]) {
        const found = await findArtistPageJson(t.db, id, { includePrivate });
        const data = found && (JSON.parse(found.json) as ArtistDetailData);
        expect(data, `artist ${id}`).toEqual(
          await referenceArtistPage(t.db, id, { includePrivate, viewerId: null }),
        );
        expect(found?.videoIds).toEqual(data?.videos.map((video) => video.id));
      }
    }
  });
});

describe('the featured artists statement', () => {
  it('lists the featured artists by name, ignoring case and accents', async () => {
    const built = await featuredArtistsPage.build(t.app, {});
    const listed = (JSON.parse((built as { json: string }).json) as ArtistList).artists;
    const rows = (await t.db.select().from(artists)).filter((row) => row.featured);
    const featured = (await presentArtists(t.db, rows, null)).sort(
      (a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.id - b.id,
    );
    expect(listed.map((artist) => artist.name)).toEqual(featured.map((artist) => artist.name));
    expect(listed).toEqual(featured);
    expect(listed.length).toBeGreaterThan(0);
  });
});
