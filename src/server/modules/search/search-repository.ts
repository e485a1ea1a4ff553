import { and, asc, desc, eq, not, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { artists, videos } from '../../db/schema.js';
import type { ArtistRow } from '../artists/artist-presenter.js';
import { videoColumns, type VideoListRow } from '../videos/video-presenter.js';
import { findArtistsByName } from './artist-names.js';
import { correctedQuery, prefixQuery } from './full-text-query.js';
import { searchWords } from './search-terms.js';
import { correctWords } from './word-corrections.js';

const ARTIST_LIMIT = 20;
const VIDEO_LIMIT = 40;

/**
 * Artists whose name contains the term, or resembles it (trigram word similarity, which forgives
 * typos such as 'jonny cash'); exact names first, then names starting with it, then the closest.
 */
export async function searchArtists(db: Database, term: string): Promise<ArtistRow[]> {
  return findArtistsByName(db, term, {
    limit: ARTIST_LIMIT,
    tieBreak: [asc(artists.name), asc(artists.id)],
  });
}

/**
 * Videos matching the full-text query, those with every word in the title first, each group
 * newest first. Two cheap queries instead of ranking every match: "newest first" is read off the
 * published index (stopping at 40) when matches are many, and from a small bitmap when they are
 * few; the title group has its own column, so the planner knows how many titles match.
 */
async function findVideos(
  db: Database,
  query: SQL,
  options: { includePrivate: boolean },
): Promise<VideoListRow[]> {
  const visible = options.includePrivate ? undefined : eq(videos.isPublic, true);
  const inTitle = sql`${videos.searchTitleDocument} @@ ${query}`;
  const newest = [desc(videos.publishedAt), desc(videos.id)];
  const titled = await db
    .select(videoColumns)
    .from(videos)
    .where(and(inTitle, visible))
    .orderBy(...newest)
    .limit(VIDEO_LIMIT);
  if (titled.length === VIDEO_LIMIT) return titled;
  const rest = await db
    .select(videoColumns)
    .from(videos)
    .where(and(sql`${videos.searchDocument} @@ ${query}`, not(inTitle), visible))
    .orderBy(...newest)
    .limit(VIDEO_LIMIT - titled.length);
  return [...titled, ...rest];
}

/**
 * Videos whose title or description holds every word as a word prefix (full text), titles first.
 * When nothing matches, each misspelt word (no prefix of any catalogue word) is replaced by the
 * closest catalogue words and the search runs once more: 'dusty trian' finds "Dusty Train".
 */
export async function searchVideos(
  db: Database,
  term: string,
  options: { includePrivate: boolean },
): Promise<VideoListRow[]> {
  const words = searchWords(term);
  if (words.length === 0) return [];
  const found = await findVideos(db, prefixQuery(words), options);
  if (found.length > 0) return found;
  const corrected = await correctWords(db, words);
  return corrected === null ? [] : findVideos(db, correctedQuery(corrected), options);
}
