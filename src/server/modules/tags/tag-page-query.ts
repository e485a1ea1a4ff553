import { sql } from 'drizzle-orm';
import type { Database } from '@server/db/client.js';
import { preparedPerDatabase } from '@server/db/prepared.js';
import { taggedVideosWindow, visibleTo, type Visibility } from '../videos/video-json.js';

const PAGE = sql`OFFSET (${sql.placeholder('page')}::int - 1) * ${sql.placeholder('pageSize')}::int
  LIMIT ${sql.placeholder('pageSize')}::int`;

/**
 * One page of a category in one prepared statement, written as JSON by the database: the tag,
 * the artist who owns it, a page of its videos newest first and how many there are in all.
 * Private videos are listed and counted for administrators only.
 */
const tagPageStatement = (visibility: Visibility) =>
  preparedPerDatabase((db) =>
    db
      .select({
        json: sql<string>`json_build_object(
          'id', t.id,
          'name', t.name,
          'artistId', (SELECT a.id FROM artists a WHERE a.tag_id = t.id),
          'videos', shown.list,
          'total', (
            SELECT count(*) FROM video_tags vt JOIN videos v ON v.id = vt.video_id
            WHERE vt.tag_id = t.id ${visibleTo(visibility)})::int
        )::text`,
        videoIds: sql<number[]>`shown.ids`,
      })
      .from(sql`tags t CROSS JOIN LATERAL ${taggedVideosWindow(sql`t.id`, visibility, PAGE)} shown`)
      .where(sql`t.id = ${sql.placeholder('id')}`)
      .prepare(`tag_page_${visibility}`),
  );

const statements = { public: tagPageStatement('public'), any: tagPageStatement('any') };

export interface TagPageRequest {
  id: number;
  page: number;
  pageSize: number;
  /** Administrators see (and count) private videos too. */
  includePrivate: boolean;
}

/** TagPageData as JSON text and the videos it shows, or null for an unknown tag. */
export async function findTagPageJson(
  db: Database,
  request: TagPageRequest,
): Promise<{ json: string; videoIds: number[] } | null> {
  const { includePrivate, ...params } = request;
  const [row] = await statements[includePrivate ? 'any' : 'public'](db).execute(params);
  return row ?? null;
}
