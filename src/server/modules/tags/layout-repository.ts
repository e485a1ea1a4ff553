import { asc, eq, sql } from 'drizzle-orm';
import type { Tag } from '@shared/schemas/catalogue.js';
import type { Database } from '@server/db/client.js';
import { layoutRows, tags } from '@server/db/schema.js';
import { findMissingTagIds } from './tags-repository.js';

/** The home page's category rows, in order. */
export async function listLayout(db: Database): Promise<Tag[]> {
  return db
    .select({ id: tags.id, name: tags.name })
    .from(layoutRows)
    .innerJoin(tags, eq(tags.id, layoutRows.tagId))
    .orderBy(asc(layoutRows.position));
}

/**
 * Replaces the whole layout in one transaction, so the home page never shows half of it. The
 * table lock makes two saves at once queue up instead of colliding on the positions.
 */
export async function replaceLayout(
  db: Database,
  tagIds: number[],
): Promise<{ ok: true; tags: Tag[] } | { ok: false; missingTagIds: number[] }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`LOCK TABLE layout_rows IN EXCLUSIVE MODE`);
    const missingTagIds = await findMissingTagIds(tx, tagIds);
    if (missingTagIds.length > 0) return { ok: false, missingTagIds } as const;
    await tx.delete(layoutRows);
    if (tagIds.length > 0) {
      await tx.insert(layoutRows).values(tagIds.map((tagId, position) => ({ position, tagId })));
    }
    return { ok: true, tags: await listLayout(tx) } as const;
  });
}
