import { and, asc, count, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { Database } from '@server/db/client.js';
import { likeNeedle } from '@server/lib/search-sql.js';
import { withCustomPlans } from '@server/db/custom-plans.js';
import { peopleCounts, recoveryCodes, users } from '@server/db/schema.js';

export type UserRow = typeof users.$inferSelect;

export interface NewUser {
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  zipcode?: string;
  birthday?: string | null;
  newsletter?: boolean;
  isAdmin?: boolean;
}

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

export async function findUserById(db: Database, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function insertUser(db: Database, user: NewUser): Promise<UserRow> {
  const [row] = await db.insert(users).values(user).returning();
  return row!;
}

/** Adds the user unless an account already has that email; true when it was added. */
export async function insertUserUnlessTaken(db: Database, user: NewUser): Promise<boolean> {
  const added = await db
    .insert(users)
    .values(user)
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  return added.length > 0;
}

/**
 * Saves account fields. Pending recovery codes are voided in the same transaction: they were
 * mailed to the address on file, which may be the one just replaced.
 */
export async function updateUser(
  db: Database,
  id: number,
  changes: Partial<Omit<NewUser, 'passwordHash' | 'isAdmin'>>,
): Promise<UserRow | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx.update(users).set(changes).where(eq(users.id, id)).returning();
    if (row) await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, id));
    return row;
  });
}

/** Sets a new password; codes issued for the old one stop working with it. */
export async function setPasswordHash(
  db: Database,
  id: number,
  passwordHash: string,
): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, id));
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, id));
}

/**
 * The same password's hash made again (other parameters), unless it changed meanwhile: true when
 * it was replaced. Recovery codes stay: the password is the same.
 */
export async function replacePasswordHash(
  db: Database,
  id: number,
  oldHash: string,
  newHash: string,
): Promise<boolean> {
  const replaced = await db
    .update(users)
    .set({ passwordHash: newHash })
    .where(and(eq(users.id, id), eq(users.passwordHash, oldHash)))
    .returning({ id: users.id });
  return replaced.length > 0;
}

export async function touchLastLogin(db: Database, id: number): Promise<void> {
  await db.update(users).set({ lastLogin: new Date() }).where(eq(users.id, id));
}

export interface UserListFilter {
  isAdmin: boolean;
  /** Case-insensitive substring of the full name. */
  name?: string | undefined;
  /** Only people who logged in within this many days. */
  lastLoginDays?: number | undefined;
  limit: number;
  offset: number;
}

export async function listUsers(
  db: Database,
  filter: UserListFilter,
): Promise<{ rows: UserRow[]; total: number }> {
  const conditions: SQL[] = [eq(users.isAdmin, filter.isAdmin)];
  if (filter.name) {
    conditions.push(sql`${users.searchName} LIKE '%' || ${likeNeedle(filter.name)} || '%'`);
  }
  if (filter.lastLoginDays) {
    const since = new Date(Date.now() - filter.lastLoginDays * 24 * 60 * 60 * 1000);
    conditions.push(gte(users.lastLogin, since));
  }
  const where = and(...conditions);
  const page = (tx: Database) =>
    tx
      .select()
      .from(users)
      .where(where)
      // The latest sign-in first, never signed in last: users_admin_last_login_idx's order.
      .orderBy(sql`${users.lastLogin} DESC NULLS LAST`, asc(users.id))
      .limit(filter.limit)
      .offset(filter.offset);
  if (conditions.length === 1) {
    // Everyone of the role: the count kept by triggers (people_counts), not 50,000 rows counted.
    const [rows, totals] = await Promise.all([
      page(db),
      db
        .select({ n: peopleCounts.total })
        .from(peopleCounts)
        .where(eq(peopleCounts.isAdmin, filter.isAdmin)),
    ]);
    return { rows, total: totals[0]?.n ?? 0 };
  }
  // A name piece of one letter and one of six want different plans.
  const [rows, totals] = await withCustomPlans(db, async (tx) => [
    await page(tx),
    await tx.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

export type DeleteUserOutcome = 'deleted' | 'not-found' | 'last-admin';

/**
 * Deletes a user unless that would leave no administrator. The admin rows are locked first, so two
 * administrators deleting each other at the same moment cannot both succeed. Sessions, likes and
 * recovery codes go by cascade; the like-count triggers fix the counters.
 */
export async function deleteUserKeepingAnAdmin(
  db: Database,
  id: number,
): Promise<DeleteUserOutcome> {
  return db.transaction(async (tx) => {
    const [target] = await tx
      .select({ isAdmin: users.isAdmin })
      .from(users)
      .where(eq(users.id, id))
      .limit(1);
    if (!target) return 'not-found';
    if (target.isAdmin) {
      // Locked in id order, so two such transactions queue instead of deadlocking.
      const admins = await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(users.isAdmin, true))
        .orderBy(asc(users.id))
        .for('update');
      if (admins.length <= 1) return 'last-admin';
    }
    const rows = await tx.delete(users).where(eq(users.id, id)).returning({ id: users.id });
    return rows.length > 0 ? 'deleted' : 'not-found';
  });
}
