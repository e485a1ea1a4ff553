import { describe, expect, it } from 'vitest';
import { artistSchema } from '@shared/schemas/catalogue.js';
import { buildArtist } from '@server/testing/factories.js';
import { useTestApp } from '@server/testing/use-test-app.js';
import { presentArtists } from './artist-presenter.js';

const { t } = useTestApp();

/** The schema with no field to spare: the database writes the shape, so it must write all of it. */
const exactArtist = artistSchema.strict();

describe('the artist shape, written by the database (artistJson)', () => {
  it('is the schema’s, field for field', async () => {
    const artists = [
      await buildArtist(t.db, { featured: true }),
      await buildArtist(t.db, { featured: false }),
    ];
    const presented = await presentArtists(t.db, artists, null);
    expect(presented.map((artist) => exactArtist.parse(artist))).toEqual(presented);
    expect(presented[0]).toMatchObject({
      id: artists[0]!.id,
      artistid: artists[0]!.id,
      name: artists[0]!.name,
      image: artists[0]!.imageUrl,
      img_path: artists[0]!.imageUrl,
      featured: 1,
      tagid: artists[0]!.tagId,
      like_count: 0,
    });
    expect(presented[1]!.featured).toBe(0);
  });

  it('keeps the order asked for and leaves out a deleted artist', async () => {
    const [a, b] = [await buildArtist(t.db), await buildArtist(t.db)];
    const presented = await presentArtists(t.db, [b, { id: 999_999 }, a], null);
    expect(presented.map((artist) => artist.id)).toEqual([b.id, a.id]);
  });
});
