/** The artist page as it was built before it moved into one SQL statement (artist-page-query.ts): kept as the reference the statement is tested against. */
import type { ArtistDetailData } from '@shared/schemas/artists.js';
import type { Database } from '../db/client.js';
import { presentVideos } from '../modules/videos/video-presenter.js';
import { presentArtists } from '../modules/artists/artist-presenter.js';
import {
  ARTIST_VIDEOS_LIMIT,
  findArtistById,
  listTagVideos,
} from '../modules/artists/artists-repository.js';

/** The artist page: the artist and the newest videos of their tag, or null for an unknown id. */
export async function referenceArtistPage(
  db: Database,
  id: number,
  viewer: { includePrivate: boolean; viewerId: number | null },
): Promise<ArtistDetailData | null> {
  const row = await findArtistById(db, id);
  if (!row) return null;
  const videoRows = await listTagVideos(db, row.tagId, {
    includePrivate: viewer.includePrivate,
    limit: ARTIST_VIDEOS_LIMIT,
  });
  const [[artist], videos] = await Promise.all([
    presentArtists(db, [row], viewer.viewerId),
    presentVideos(db, videoRows, viewer.viewerId),
  ]);
  return { artist: artist!, videos, tagid: row.tagId };
}
