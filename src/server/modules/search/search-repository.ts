import { and, asc, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { likeNeedle } from '../../lib/search-sql.js';
import { artists, videos } from '../../db/schema.js';
import type { ArtistRow } from '../artists/artist-presenter.js';
import { videoColumns, type VideoListRow } from '../videos/video-presenter.js';
import { searchWords } from './search-terms.js';

const ARTIST_LIMIT = 20;
const VIDEO_LIMIT = 40;

// The expressions below are written exactly as in the migration's indexes
// (public.search_text(name), public.search_text(title), public.video_document(title, description))
// so that the GIN indexes serve them.
const artistName = sql`public.search_text(${artists.name})`;
const videoTitle = sql`public.search_text(${videos.title})`;
const videoDocument = sql`public.video_document(${videos.title}, ${videos.description})`;

/**
 * `'word':* & 'word':*` in the simple configuration, each word normalised like the documents and
 * quoted as a tsquery lexeme (quotes and backslashes doubled), so input never forms operators.
 */
function prefixQuery(words: string[]): SQL {
  // A word that normalises to nothing becomes NULL, which array_to_string leaves out: an empty
  // lexeme ('':*) would be a tsquery syntax error.
  const lexemes = words.map(
    (word) =>
      sql`'''' || replace(replace(nullif(public.search_text(${word}), ''), '\\', '\\\\'), '''', '''''') || ''':*'`,
  );
  return sql`to_tsquery('pg_catalog.simple', array_to_string(ARRAY[${sql.join(lexemes, sql`, `)}], ' & '))`;
}

/**
 * Artists whose name contains the term, or resembles it (trigram word similarity, which forgives
 * typos such as 'jonny cash'); exact names first, then names starting with it, then the closest.
 */
export async function searchArtists(db: Database, term: string): Promise<ArtistRow[]> {
  const query = sql`public.search_text(${term})`;
  const escaped = likeNeedle(term);
  return db
    .select()
    .from(artists)
    .where(or(sql`${artistName} LIKE '%' || ${escaped} || '%'`, sql`${query} <% ${artistName}`))
    .orderBy(
      desc(sql`${artistName} = ${query}`),
      desc(sql`${artistName} LIKE ${escaped} || '%'`),
      desc(sql`word_similarity(${query}, ${artistName})`),
      asc(artists.name),
      asc(artists.id),
    )
    .limit(ARTIST_LIMIT);
}

/**
 * Videos whose title or description holds every word as a word prefix (full text), or whose title
 * resembles the term (trigrams, for typos); ranked by both scores together, then newest.
 */
export async function searchVideos(
  db: Database,
  term: string,
  options: { includePrivate: boolean },
): Promise<VideoListRow[]> {
  const query = sql`public.search_text(${term})`;
  const words = searchWords(term);
  const similar = sql`${query} <% ${videoTitle}`;
  const similarity = sql`word_similarity(${query}, ${videoTitle})`;
  let match = similar;
  let rank = similarity;
  if (words.length > 0) {
    const tsquery = prefixQuery(words);
    match = sql`(${videoDocument} @@ ${tsquery} OR ${similar})`;
    rank = sql`ts_rank(${videoDocument}, ${tsquery}) + ${similarity}`;
  }
  return db
    .select(videoColumns)
    .from(videos)
    .where(options.includePrivate ? match : and(match, eq(videos.isPublic, true)))
    .orderBy(desc(rank), desc(videos.publishedAt), desc(videos.id))
    .limit(VIDEO_LIMIT);
}
