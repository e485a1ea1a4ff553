import { sql } from 'drizzle-orm';
import type { Database } from '@server/db/client.js';
import { preparedPerDatabase } from '@server/db/prepared.js';
import { artistJson } from '../artists/artist-json.js';
import { videoJson, visibleTo, type Visibility } from '../videos/video-json.js';
import {
  artistOrder,
  SEARCH_ARTISTS,
  searchMatches,
  searchPageObject,
  videoOrder,
  visibilityOf,
} from './search-query.js';

/**
 * A search's results in their order, without their contents: its first `depth` videos' ids, its
 * artists' ids (the SEARCH_ARTISTS every page shows), and the true number of each. What every
 * page of one search has in common; a page is then read by its ids (searchPageByIds).
 */
export interface SearchOrder {
  videoIds: number[];
  videoTotal: number;
  artistIds: number[];
  artistTotal: number;
}

const orderStatement = (visibility: Visibility) =>
  preparedPerDatabase((db) =>
    db
      .select({
        videoIds: sql<number[]>`o.video_ids`,
        videoTotal: sql<number>`o.video_total`,
        artistIds: sql<number[]>`o.artist_ids`,
        artistTotal: sql<number>`o.artist_total`,
      })
      .from(
        sql`(
        WITH ${searchMatches(visibility)}
        SELECT ARRAY(SELECT m.id FROM matches m ORDER BY ${videoOrder('m')}
                     LIMIT ${sql.placeholder('depth')}::int) AS video_ids,
               (SELECT count(*) FROM matches)::int AS video_total,
               ARRAY(SELECT a.id FROM artist_matches a ORDER BY ${artistOrder('a')}
                     LIMIT ${sql.raw(String(SEARCH_ARTISTS))}) AS artist_ids,
               (SELECT count(*) FROM artist_matches)::int AS artist_total
      ) AS o`,
      )
      .prepare(`search_order_${visibility}`),
  );

// Visibility again: the order is dropped when a video is hidden, but a page read in between
// must not show it.
const pageStatement = (visibility: Visibility) =>
  preparedPerDatabase((db) =>
    db
      .select({ json: sql<string>`p.json` })
      .from(
        sql`(SELECT ${searchPageObject({
          artists: sql`(SELECT coalesce(json_agg(${artistJson('ap')} ORDER BY u.n), '[]'::json)
                        FROM unnest(${sql.placeholder('artistIds')}::int[]) WITH ORDINALITY
                          AS u(id, n)
                        JOIN artists ap ON ap.id = u.id)`,
          videos: sql`(SELECT coalesce(json_agg(${videoJson('v')} ORDER BY u.n), '[]'::json)
                       FROM unnest(${sql.placeholder('videoIds')}::int[]) WITH ORDINALITY
                         AS u(id, n)
                       JOIN videos v ON v.id = u.id ${visibleTo(visibility)})`,
          artistTotal: sql`${sql.placeholder('artistTotal')}::int`,
          videoTotal: sql`${sql.placeholder('videoTotal')}::int`,
        })} AS json) AS p`,
      )
      .prepare(`search_page_by_ids_${visibility}`),
  );

const statements = {
  order: { public: orderStatement('public'), any: orderStatement('any') },
  page: { public: pageStatement('public'), any: pageStatement('any') },
};

/** The order of what the typed words find: their first `depth` videos and their artists. */
export async function findSearchOrder(
  db: Database,
  request: { words: string[]; term: string; includePrivate: boolean; depth: number },
): Promise<SearchOrder> {
  const [row] = await statements.order[visibilityOf(request.includePrivate)](db).execute({
    words: request.words,
    query: null,
    term: request.term,
    depth: request.depth,
  });
  return row!;
}

/** A page of results (SearchData as JSON text) from its order and the ids of its videos. */
export async function searchPageByIds(
  db: Database,
  request: {
    order: SearchOrder;
    videoIds: number[];
    page: number;
    pageSize: number;
    includePrivate: boolean;
  },
): Promise<string> {
  const { order } = request;
  const [row] = await statements.page[visibilityOf(request.includePrivate)](db).execute({
    artistIds: order.artistIds,
    videoIds: request.videoIds,
    artistTotal: order.artistTotal,
    videoTotal: order.videoTotal,
    page: request.page,
    pageSize: request.pageSize,
  });
  return row!.json;
}
