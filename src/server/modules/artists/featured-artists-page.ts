import { sql } from 'drizzle-orm';
import type { ArtistList } from '@shared/schemas/artists.js';
import { preparedPerDatabase } from '@server/db/prepared.js';
import { artistDependency, type PublicPage } from '../public-pages/public-page.js';
import { artistJson } from './artist-json.js';
import { markLikedArtists } from '../likes/liked-marks.js';

/** The featured artists by name, ignoring case and accents, written as JSON by the database. */
const featuredStatement = preparedPerDatabase((db) =>
  db
    .select({
      json: sql<string>`json_build_object('artists', coalesce(json_agg(${artistJson('a')}
        ORDER BY left(a.search_name, 1), a.search_name, a.name, a.id), '[]'::json))::text`,
      ids: sql<number[]>`coalesce(array_agg(a.id), '{}')`,
    })
    .from(sql`artists a`)
    .where(sql`a.featured`)
    .prepare('featured_artists'),
);

/**
 * The featured artists (GET /api/featured-artists, open to everyone): one page for all, kept
 * until an artist changes; administrators see what everyone sees.
 */
export const featuredArtistsPage: PublicPage<Record<string, never>, ArtistList> = {
  key: () => 'featured-artists',
  build: async ({ db }) => {
    const [row] = await featuredStatement(db).execute();
    return { json: row!.json, dependsOn: row!.ids.map(artistDependency) };
  },
  shown: (data) => ({ artists: data.artists.map((artist) => artist.id), videos: [] }),
  withLikes: (data, liked) => ({ artists: markLikedArtists(data.artists, liked.artists) }),
  message: 'OK',
  notFoundMessage: 'OK',
};
