import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AuditFilters } from '@shared/schemas/audit.js';
import type { Database } from '@server/db/client.js';
import { artists, auditLog, tags, users, videos } from '@server/db/schema.js';
import { likeEscaped } from '@server/lib/search-sql.js';

export type NewAuditEntry = typeof auditLog.$inferInsert;

export async function insertAuditEntry(db: Database, entry: NewAuditEntry): Promise<void> {
  await db.insert(auditLog).values(entry);
}

function matching(filters: AuditFilters): SQL | undefined {
  const conditions: SQL[] = [];
  if (filters.actor) {
    conditions.push(
      sql`lower(${auditLog.actorEmail}) LIKE '%' || ${likeEscaped(sql`lower(${filters.actor})`)} || '%'`,
    );
  }
  if (filters.action) conditions.push(eq(auditLog.action, filters.action));
  if (filters.target) conditions.push(eq(auditLog.targetId, filters.target));
  return and(...conditions);
}

/** Newest first, a page at a time, narrowed by who, which call and on what. */
export async function listAuditEntries(
  db: Database,
  filters: AuditFilters,
  page: { limit: number; offset: number },
) {
  const where = matching(filters);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

// The names an entry keeps of what its call acted on, read when the call is made.

export async function videoTitle(db: Database, id: number): Promise<string | null> {
  const [row] = await db.select({ title: videos.title }).from(videos).where(eq(videos.id, id));
  return row?.title ?? null;
}

export async function artistName(db: Database, id: number): Promise<string | null> {
  const [row] = await db.select({ name: artists.name }).from(artists).where(eq(artists.id, id));
  return row?.name ?? null;
}

/** The names of these tags, in the order asked. */
export async function tagNames(db: Database, ids: readonly number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: tags.id, name: tags.name })
    .from(tags)
    .where(inArray(tags.id, [...ids]));
  const names = new Map(rows.map((row) => [row.id, row.name]));
  return ids.flatMap((id) => names.get(id) ?? []);
}

export async function personOf(db: Database, id: number) {
  const [row] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, id));
  return row ?? null;
}
