import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AuditFilters } from '@shared/schemas/audit.js';
import type { Database } from '@server/db/client.js';
import { auditLog } from '@server/db/schema.js';
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
