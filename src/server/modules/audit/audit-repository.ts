import { count, desc } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { auditLog } from '../../db/schema.js';

export type NewAuditEntry = typeof auditLog.$inferInsert;

export async function insertAuditEntry(db: Database, entry: NewAuditEntry): Promise<void> {
  await db.insert(auditLog).values(entry);
}

/** Newest first, a page at a time. */
export async function listAuditEntries(db: Database, page: { limit: number; offset: number }) {
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(auditLog),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}
