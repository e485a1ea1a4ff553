import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Tag } from '@shared/schemas/catalogue.js';
import type { Database } from '@server/db/client.js';
import { tags, videoTags, videos } from '@server/db/schema.js';
import { likeNeedle } from '@server/lib/search-sql.js';

export const TAG_SUGGESTIONS_LIMIT = 50;

const tagColumns = { id: tags.id, name: tags.name };
const sameName = (name: string) => sql`lower(${tags.name}) = lower(${name})`;
const nameText = sql`public.search_text(${tags.name})`;
// "By name" ignores case and accents, whatever the database's collation.
const byName = [nameText, asc(tags.name), asc(tags.id)];

/** Every tag by name; with q, the first matches for an autocomplete, names starting with q first. */
export async function listTags(db: Database, q?: string): Promise<Tag[]> {
  if (!q)
    return db
      .select(tagColumns)
      .from(tags)
      .orderBy(...byName);
  const needle = likeNeedle(q);
  return db
    .select(tagColumns)
    .from(tags)
    .where(sql`${nameText} LIKE '%' || ${needle} || '%'`)
    .orderBy(desc(sql`${nameText} LIKE ${needle} || '%'`), ...byName)
    .limit(TAG_SUGGESTIONS_LIMIT);
}

/** The tag of that name whatever its case, created when there is none. */
export async function findOrCreateTag(db: Database, name: string): Promise<Tag> {
  const find = async () =>
    (await db.select(tagColumns).from(tags).where(sameName(name)).limit(1))[0];
  const existing = await find();
  if (existing) return existing;
  const [inserted] = await db
    .insert(tags)
    .values({ name })
    .onConflictDoNothing()
    .returning(tagColumns);
  // Nothing inserted: another request created the same name in between; read its row.
  return inserted ?? (await find())!;
}

export async function videoExists(db: Database, id: number): Promise<boolean> {
  const rows = await db.select({ id: videos.id }).from(videos).where(eq(videos.id, id)).limit(1);
  return rows.length > 0;
}

/** The ids in the list that name no tag, in the order given. */
export async function findMissingTagIds(db: Database, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.select({ id: tags.id }).from(tags).where(inArray(tags.id, ids));
  const found = new Set(rows.map((row) => row.id));
  return [...new Set(ids)].filter((id) => !found.has(id));
}

export async function attachTags(db: Database, videoId: number, tagIds: number[]): Promise<void> {
  const unique = [...new Set(tagIds)];
  if (unique.length === 0) return;
  await db
    .insert(videoTags)
    .values(unique.map((tagId) => ({ videoId, tagId })))
    .onConflictDoNothing();
}

export async function detachTags(db: Database, videoId: number, tagIds: number[]): Promise<void> {
  if (tagIds.length === 0) return;
  await db
    .delete(videoTags)
    .where(and(eq(videoTags.videoId, videoId), inArray(videoTags.tagId, tagIds)));
}

export async function listVideoTags(db: Database, videoId: number): Promise<Tag[]> {
  return db
    .select(tagColumns)
    .from(videoTags)
    .innerJoin(tags, eq(tags.id, videoTags.tagId))
    .where(eq(videoTags.videoId, videoId))
    .orderBy(...byName);
}

/**
 * Puts every artist's tag on each video whose title or description names the artist as whole
 * words, accents and case ignored. Per artist, the phrase query is answered by the GIN index on
 * the stored search_document column, so the work grows with the matches, not with videos x artists. Returns how
 * many links were added; links already there are left alone, so a second run adds none.
 */
export async function autotagVideos(db: Database): Promise<number> {
  // Fresh imports wait in the GIN index's pending list, which every one of the per-artist index
  // scans below would read in full (measured: 5k pending videos made a 10k-artist run 6x slower).
  // Merging it first costs what the next vacuum would. Skipped when our role does not own the
  // index, as the function requires.
  await db.execute(sql`
    SELECT gin_clean_pending_list(c.oid) FROM pg_class c
    WHERE c.oid = to_regclass('public.videos_search_document_idx') AND pg_has_role(c.relowner, 'USAGE')
  `);
  const result = await db.execute(sql`
    WITH added AS (
      INSERT INTO video_tags (video_id, tag_id)
      SELECT v.id, a.tag_id
      FROM artists a
      CROSS JOIN LATERAL phraseto_tsquery('simple', public.search_text(a.name)) AS q(query)
      JOIN videos v ON v.search_document @@ q.query
      WHERE numnode(q.query) > 0
      ON CONFLICT DO NOTHING
      RETURNING 1
    )
    SELECT count(*)::int AS added FROM added
  `);
  // Both drivers (pg and PGlite) answer raw queries with { rows }.
  const rows = (result as unknown as { rows: { added: number }[] }).rows;
  return rows[0]?.added ?? 0;
}

/**
 * The auto-tag rule for the given videos only (new imports): tags an administrator removed from
 * older videos stay removed. Returns how many links were added.
 */
export async function autotagVideosById(db: Database, videoIds: number[]): Promise<number> {
  if (videoIds.length === 0) return 0;
  const result = await db.execute(sql`
    WITH added AS (
      INSERT INTO video_tags (video_id, tag_id)
      SELECT v.id, a.tag_id
      FROM videos v
      CROSS JOIN artists a
      CROSS JOIN LATERAL phraseto_tsquery('simple', public.search_text(a.name)) AS q(query)
      WHERE v.id = ANY(${`{${videoIds.join(',')}}`}::int[])
        AND numnode(q.query) > 0 AND v.search_document @@ q.query
      ON CONFLICT DO NOTHING
      RETURNING 1
    )
    SELECT count(*)::int AS added FROM added
  `);
  const rows = (result as unknown as { rows: { added: number }[] }).rows;
  return rows[0]?.added ?? 0;
}
