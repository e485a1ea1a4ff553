import type { SearchData } from '../../../shared/schemas/public-catalogue.js';
import type { Database } from '../../db/client.js';
import { presentArtists } from '../artists/artist-presenter.js';
import { presentVideos } from '../videos/video-presenter.js';
import { searchArtists, searchVideos } from './search-repository.js';

/** The artists and videos a search finds, as the results page shows them. */
export async function buildSearchResults(
  db: Database,
  term: string,
  viewer: { includePrivate: boolean; viewerId: number | null },
): Promise<SearchData> {
  const [artistRows, videoRows] = await Promise.all([
    searchArtists(db, term),
    searchVideos(db, term, { includePrivate: viewer.includePrivate }),
  ]);
  const [artists, videos] = await Promise.all([
    presentArtists(db, artistRows, viewer.viewerId),
    presentVideos(db, videoRows, viewer.viewerId),
  ]);
  return { artists, videos, total: artists.length + videos.length };
}
