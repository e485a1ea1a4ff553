import { sql } from 'drizzle-orm';
import type { Database } from '@server/db/client.js';
import { queryRows } from '@server/db/query-rows.js';
import {
  ANALYTICS_TOP_COUNT,
  type TopArtist,
  type TopCategory,
  type TopEpisode,
  type TopLists,
} from '@shared/schemas/analytics.js';
import type { DayRange } from './analytics-range.js';
import { hoursOf } from './analytics-repository.js';
import { rollUpEndedMonths, videoSumsOf } from './video-months.js';
import { findDailyViews } from './daily-views-repository.js';

type Kind = 'episode' | 'artist' | 'category';

interface TopRow {
  kind: Kind;
  id: number;
  /** The tag whose videos make an artist's or a category's figures; null for an episode. */
  tag_id: number | null;
  name: string;
  picture: string;
  views: number | string;
  seconds: string | number;
  finishes: number | string;
}

const TOP = sql.raw(String(ANALYTICS_TOP_COUNT));

/**
 * The range's most viewed episodes, artists and categories (a tag no artist owns), ten of each,
 * equal views ranked by hours watched. The videos' sums are taken once and added up per tag.
 */
async function findTopRows(db: Database, range: DayRange) {
  const months = await rollUpEndedMonths(db, range);
  return queryRows<TopRow>(
    db,
    sql`WITH r AS MATERIALIZED (${videoSumsOf(range, months)}),
        t AS MATERIALIZED (
          SELECT vt.tag_id, sum(r.views)::bigint AS views, sum(r.seconds)::bigint AS seconds,
                 sum(r.finishes)::bigint AS finishes
          -- A video's tags by its key, one video at a time: a hash of all of video_tags costs
          -- more than the few thousand videos a range has. The LIMIT keeps the planner from
          -- flattening it into such a join (no video has a thousand tags).
          FROM r CROSS JOIN LATERAL (
            SELECT tag_id FROM video_tags x WHERE x.video_id = r.video_id LIMIT 1000) vt
          GROUP BY vt.tag_id),
        top_r AS (SELECT * FROM r ORDER BY views DESC, seconds DESC, video_id LIMIT ${TOP})
        (SELECT 'episode' AS kind, v.id, NULL::int AS tag_id, v.title AS name, v.thumbnail AS picture,
                r.views, r.seconds, r.finishes
         FROM top_r r JOIN videos v ON v.id = r.video_id
         ORDER BY r.views DESC, r.seconds DESC, v.id)
        UNION ALL
        (SELECT 'artist', a.id, a.tag_id, a.name, a.image_url, t.views, t.seconds, t.finishes
         FROM t JOIN artists a ON a.tag_id = t.tag_id
         ORDER BY t.views DESC, t.seconds DESC, a.id LIMIT ${TOP})
        UNION ALL
        (SELECT 'category', g.id, g.id, g.name, '', t.views, t.seconds, t.finishes
         FROM t JOIN tags g ON g.id = t.tag_id
         WHERE NOT EXISTS (SELECT 1 FROM artists a WHERE a.tag_id = g.id)
         ORDER BY t.views DESC, t.seconds DESC, g.id LIMIT ${TOP})`,
  );
}

export async function findTopLists(db: Database, range: DayRange): Promise<TopLists> {
  const rows = await findTopRows(db, range);
  const videoIds = rows.filter((row) => row.kind === 'episode').map((row) => Number(row.id));
  const tagIds = [
    ...new Set(rows.filter((row) => row.tag_id !== null).map((row) => Number(row.tag_id))),
  ];
  const { byVideo, byTag } = await findDailyViews(db, range, videoIds, tagIds);
  const none = () => new Array<number>(range.days).fill(0);
  const figuresOf = (row: TopRow, daily: Map<number, number[]>, key: number) => ({
    views: Number(row.views),
    hoursWatched: hoursOf(Number(row.seconds)),
    finishes: Number(row.finishes),
    dailyViews: daily.get(key) ?? none(),
  });

  const episodes: TopEpisode[] = [];
  const artists: TopArtist[] = [];
  const categories: TopCategory[] = [];
  for (const row of rows) {
    const id = Number(row.id);
    if (row.kind === 'episode') {
      episodes.push({
        id,
        title: row.name,
        thumbnail: row.picture,
        ...figuresOf(row, byVideo, id),
      });
    } else if (row.kind === 'artist') {
      const figures = figuresOf(row, byTag, Number(row.tag_id));
      artists.push({ id, name: row.name, image: row.picture, ...figures });
    } else {
      categories.push({ id, name: row.name, ...figuresOf(row, byTag, id) });
    }
  }
  // UNION ALL keeps each part's order in practice, not by promise: rank again here, as the SQL
  // does (seconds, not the rounded hours, break a tie in views).
  const secondsOf = new Map(rows.map((row) => [`${row.kind}/${row.id}`, Number(row.seconds)]));
  const rank = <T extends { views: number; id: number }>(kind: Kind, list: T[]) =>
    list.sort(
      (a, b) =>
        b.views - a.views ||
        (secondsOf.get(`${kind}/${b.id}`) ?? 0) - (secondsOf.get(`${kind}/${a.id}`) ?? 0) ||
        a.id - b.id,
    );
  return {
    range,
    episodes: rank('episode', episodes),
    artists: rank('artist', artists),
    categories: rank('category', categories),
  };
}
