import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '@server/db/client.js';
import { recoveryCodes, users } from '@server/db/schema.js';
import { MAX_RECOVERY_ATTEMPTS, RECOVERY_RESEND_COOLDOWN_MS } from './recovery-code.js';

/**
 * Stores a new code and deletes the user's older ones, so only the latest code works; returns
 * false, storing nothing, while a usable code is younger than the resend cooldown. The user's row
 * is locked first, so two requests at once still leave a single live code.
 */
export async function replaceRecoveryCode(
  db: Database,
  userId: number,
  codeHash: string,
  expiresAt: Date,
  now = new Date(),
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const recent = await tx
      .select({ id: recoveryCodes.id })
      .from(recoveryCodes)
      .where(
        and(
          eq(recoveryCodes.userId, userId),
          isNull(recoveryCodes.usedAt),
          lt(recoveryCodes.attempts, MAX_RECOVERY_ATTEMPTS),
          gt(recoveryCodes.createdAt, new Date(now.getTime() - RECOVERY_RESEND_COOLDOWN_MS)),
        ),
      )
      .limit(1);
    if (recent.length > 0) return false;
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.insert(recoveryCodes).values({ userId, codeHash, expiresAt, createdAt: now });
    return true;
  });
}

/**
 * One try of a code against the user's live one (unused, unexpired, under the attempt limit), in a
 * single UPDATE so concurrent tries cannot exceed the limit or use a code twice. A wrong code costs
 * one attempt; a right one costs none, and with `consume` marks the code used.
 */
export async function tryRecoveryCode(
  db: Database,
  userId: number,
  codeHash: string,
  options: { consume: boolean; now?: Date },
): Promise<boolean> {
  const now = options.now ?? new Date();
  const matches = sql`${recoveryCodes.codeHash} = ${codeHash}`;
  const rows = await db
    .update(recoveryCodes)
    .set({
      attempts: sql`${recoveryCodes.attempts} + CASE WHEN ${matches} THEN 0 ELSE 1 END`,
      ...(options.consume
        ? { usedAt: sql`CASE WHEN ${matches} THEN ${now.toISOString()}::timestamptz ELSE NULL END` }
        : {}),
    })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        isNull(recoveryCodes.usedAt),
        gt(recoveryCodes.expiresAt, now),
        lt(recoveryCodes.attempts, MAX_RECOVERY_ATTEMPTS),
      ),
    )
    .returning({ matched: sql<boolean>`${matches}` });
  return rows.some((row) => row.matched);
}
