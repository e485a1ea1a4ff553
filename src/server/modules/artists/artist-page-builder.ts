import type { ArtistDetailData } from '../../../shared/schemas/artists.js';
import type { Database } from '../../db/client.js';
import { presentVideos } from '../videos/video-presenter.js';
import { presentArtists } from './artist-presenter.js';
import { ARTIST_VIDEOS_LIMIT, findArtistById, listTagVideos } from './artists-repository.js';

/** The artist page: the artist and the newest videos of their tag, or null for an unknown id. */
export async function buildArtistPage(
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
