import { sql, type SQL } from 'drizzle-orm';
import { youtubeWatchUrl, type Tag, type Video } from '@shared/schemas/catalogue.js';
import { sqlAlias } from '@server/db/sql-alias.js';
import type { VideoListRow } from './video-presenter.js';

/** A timestamp as `Date.toISOString()` writes it (UTC, milliseconds); null stays null. */
export const isoTimeText = (column: string): string =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** What a video's fields are made of: its row of `videos`, and its tags. */
type VideoSource = VideoListRow & { tags: Tag[] };

/** One field of the shape: as SQL over a row of videos named `v`, and from a row in hand. */
interface Field<T> {
  sql: (v: string) => string;
  of: (row: VideoSource) => T;
}

/**
 * The API's video shape (shared/schemas/catalogue.ts videoSchema, but isLiked, which is the
 * viewer's), written once, field by field, in the order the JSON lists them. The type requires
 * every field of the schema, each in both forms: videoJson() is the writer of every answer;
 * toVideo() serves code that holds a row already and needs no answer from the database.
 */
const VIDEO_FIELDS: { [K in keyof Omit<Video, 'isLiked'>]-?: Field<Video[K]> } = {
  id: { sql: (v) => `${v}.id`, of: (row) => row.id },
  epid: { sql: (v) => `${v}.id`, of: (row) => row.id },
  title: { sql: (v) => `${v}.title`, of: (row) => row.title },
  description: { sql: (v) => `${v}.description`, of: (row) => row.description },
  // A video with no picture of its own shows YouTube's.
  thumbnail: {
    sql: (
      v,
    ) => `CASE WHEN ${v}.thumbnail = '' THEN 'https://i.ytimg.com/vi/' || ${v}.youtube_id || '/hqdefault.jpg'
         ELSE ${v}.thumbnail END`,
    of: (row) => row.thumbnail || `https://i.ytimg.com/vi/${row.youtubeId}/hqdefault.jpg`,
  },
  youtube_id: { sql: (v) => `${v}.youtube_id`, of: (row) => row.youtubeId },
  youtube_url: {
    sql: (v) => `'https://www.youtube.com/watch?v=' || ${v}.youtube_id`,
    of: (row) => youtubeWatchUrl(row.youtubeId),
  },
  link: {
    sql: (v) => `'https://www.youtube.com/watch?v=' || ${v}.youtube_id`,
    of: (row) => youtubeWatchUrl(row.youtubeId),
  },
  episode_number: { sql: (v) => `${v}.episode_number`, of: (row) => row.episodeNumber },
  epnum: { sql: (v) => `${v}.episode_number`, of: (row) => row.episodeNumber },
  public_state: { sql: (v) => `${v}.is_public`, of: (row) => row.isPublic },
  published_at: {
    sql: (v) => isoTimeText(`${v}.published_at`),
    of: (row) => row.publishedAt.toISOString(),
  },
  publish_at: {
    sql: (v) => isoTimeText(`${v}.publish_at`),
    of: (row) => row.publishAt?.toISOString() ?? null,
  },
  like_count: { sql: (v) => `${v}.like_count`, of: (row) => row.likeCount },
  view_count: { sql: (v) => `${v}.view_count`, of: (row) => row.viewCount },
  // By name: the read model videos.tag_list (migration 0006) keeps them so.
  tags: { sql: (v) => `${v}.tag_list`, of: (row) => row.tags },
};

const FIELDS = Object.entries(VIDEO_FIELDS) as [string, Field<unknown>][];

/**
 * The video shape built by the database from a row of videos named `alias`, so a page of videos
 * leaves PostgreSQL as JSON text in one round trip. `to_json` of a row writes compact JSON, in
 * the columns' order. video-json.test.ts checks it against the schema, field for field.
 */
export function videoJson(alias: string): SQL {
  const v = sqlAlias(alias);
  const columns = FIELDS.map(([name, field]) => `${field.sql(v)} AS ${name}`).join(',\n    ');
  return sql.raw(`(SELECT to_json(video) FROM (SELECT
    ${columns}
  ) video)`);
}

/**
 * The same shape from a row already read (and its tags, by name): for code that has the row
 * and needs nothing more from the database. Built from the same fields as videoJson.
 */
export function toVideo(row: VideoListRow, tags: Tag[]): Video {
  const source: VideoSource = { ...row, tags };
  return Object.fromEntries(FIELDS.map(([name, field]) => [name, field.of(source)])) as Video;
}

/** A JSON array of videos, in the order `orderBy` gives, or [] for none. */
export function videoJsonArray(alias: string, orderBy: string): SQL {
  return sql`coalesce(json_agg(${videoJson(alias)} ORDER BY ${sql.raw(orderBy)}), '[]'::json)`;
}

/** Who a statement lists videos for: visitors (public videos only) or administrators (any). */
export type Visibility = 'public' | 'any';

/** What hides private videos (of a row named `v`) from visitors, to follow a WHERE condition. */
export function visibleTo(visibility: Visibility): SQL {
  return sql.raw(visibility === 'public' ? 'AND v.is_public' : '');
}

/**
 * A window of the videos with one tag, newest first, for a CROSS JOIN LATERAL: `list`, their
 * JSON in that order, and `ids`. `tagId` is the outer query's tag column; `window` the LIMIT
 * (and OFFSET) that picks the page. Ids are numbered first and joined back for their JSON, so
 * the JSON is written for the page's videos only.
 */
export function taggedVideosWindow(tagId: SQL, visibility: Visibility, window: SQL): SQL {
  return sql`(
    SELECT ${videoJsonArray('v', 'page.ord')} AS list,
           coalesce(array_agg(page.id ORDER BY page.ord), '{}') AS ids
    FROM (
      SELECT v.id, row_number() OVER (ORDER BY v.published_at DESC, v.id DESC) AS ord
      FROM video_tags vt JOIN videos v ON v.id = vt.video_id
      WHERE vt.tag_id = ${tagId} ${visibleTo(visibility)}
      ORDER BY v.published_at DESC, v.id DESC
      ${window}
    ) page JOIN videos v ON v.id = page.id
  )`;
}
