import { and, count, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '@server/db/client.js';
import { queryRows } from '@server/db/query-rows.js';
import { backupCodes, siteSettings, totpFactors } from '@server/db/schema.js';

export interface TotpFactor {
  sealedSecret: string;
  confirmed: boolean;
  lastStep: number;
}

export async function findTotpFactor(db: Database, userId: number): Promise<TotpFactor | null> {
  const [row] = await db
    .select({
      sealedSecret: totpFactors.sealedSecret,
      confirmedAt: totpFactors.confirmedAt,
      lastStep: totpFactors.lastStep,
    })
    .from(totpFactors)
    .where(eq(totpFactors.userId, userId));
  return row ? { ...row, confirmed: row.confirmedAt !== null } : null;
}

/** Whether the account has a confirmed authenticator app. */
export async function hasTotp(db: Database, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: totpFactors.userId })
    .from(totpFactors)
    .where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.confirmedAt)));
  return row !== undefined;
}

/** The ways the account can pass its second step: none when it has no second factor. */
export async function secondFactorMethods(
  db: Database,
  userId: number,
): Promise<('totp' | 'backup-code' | 'passkey')[]> {
  const rows = await queryRows<{ kind: 'totp' | 'passkey' }>(
    db,
    sql`SELECT 'totp' AS kind FROM totp_factors WHERE user_id = ${userId} AND confirmed_at IS NOT NULL
        UNION ALL (SELECT 'passkey' FROM passkeys WHERE user_id = ${userId} LIMIT 1)`,
  );
  const kinds = new Set(rows.map((row) => row.kind));
  return [
    ...(kinds.has('totp') ? (['totp', 'backup-code'] as const) : []),
    ...(kinds.has('passkey') ? (['passkey'] as const) : []),
  ];
}

/** Whether the account has a second factor: a confirmed authenticator app or a passkey. */
export async function hasSecondFactor(db: Database, userId: number): Promise<boolean> {
  const rows = await queryRows<{ found: number }>(
    db,
    sql`SELECT 1 AS found FROM totp_factors WHERE user_id = ${userId} AND confirmed_at IS NOT NULL
        UNION ALL SELECT 1 FROM passkeys WHERE user_id = ${userId} LIMIT 1`,
  );
  return rows.length > 0;
}

/**
 * Starts (or restarts) an enrolment with a new sealed secret. False when the account already
 * has a confirmed one: that is turned off first, never overwritten.
 */
export async function startTotpEnrolment(
  db: Database,
  userId: number,
  sealedSecret: string,
): Promise<boolean> {
  const rows = await queryRows<{ user_id: number }>(
    db,
    sql`INSERT INTO totp_factors (user_id, sealed_secret) VALUES (${userId}, ${sealedSecret})
        ON CONFLICT (user_id) DO UPDATE SET sealed_secret = EXCLUDED.sealed_secret,
          last_step = 0, created_at = now()
        WHERE totp_factors.confirmed_at IS NULL
        RETURNING user_id`,
  );
  return rows.length > 0;
}

/**
 * Takes a code's step for the account: true for the first request to claim it, false for any
 * later one (a replay, here or on another instance: the row's update is the lock). With
 * `confirm`, it turns on the waiting enrolment of exactly the secret the code was checked
 * against (a setup restarted meanwhile is not confirmed by the old secret's code).
 */
export async function claimTotpStep(
  db: Database,
  userId: number,
  step: number,
  factor: { sealedSecret: string; confirm: boolean },
): Promise<boolean> {
  const rows = await db
    .update(totpFactors)
    .set({ lastStep: step, confirmedAt: factor.confirm ? sql`now()` : undefined })
    .where(
      and(
        eq(totpFactors.userId, userId),
        eq(totpFactors.sealedSecret, factor.sealedSecret),
        sql`${totpFactors.lastStep} < ${step}`,
        factor.confirm ? isNull(totpFactors.confirmedAt) : isNotNull(totpFactors.confirmedAt),
      ),
    )
    .returning({ userId: totpFactors.userId });
  return rows.length > 0;
}

/**
 * Replaces every backup code of the account with these (hashed) ones; call it inside a
 * transaction, so two renewals at once leave one set.
 */
export async function replaceBackupCodes(
  db: Database,
  userId: number,
  codeHashes: readonly string[],
): Promise<void> {
  await db.delete(backupCodes).where(eq(backupCodes.userId, userId));
  if (codeHashes.length === 0) return;
  await db.insert(backupCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
}

/**
 * Holds the account's row until the transaction ends, so that changes to its factors (app
 * confirmed, renewed, off, reset; passkey added or removed) come one after another: a change
 * that checks "is this the last factor?" cannot race another.
 */
export async function lockSecondFactors(db: Database, userId: number): Promise<void> {
  await queryRows(db, sql`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`);
}

/** Spends a backup code: true once, false for an unknown or used one. */
export async function spendBackupCode(
  db: Database,
  userId: number,
  codeHash: string,
): Promise<boolean> {
  const rows = await db
    .update(backupCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(backupCodes.userId, userId),
        eq(backupCodes.codeHash, codeHash),
        isNull(backupCodes.usedAt),
      ),
    )
    .returning({ userId: backupCodes.userId });
  return rows.length > 0;
}

export async function backupCodesLeft(db: Database, userId: number): Promise<number> {
  const [row] = await db
    .select({ left: count() })
    .from(backupCodes)
    .where(and(eq(backupCodes.userId, userId), isNull(backupCodes.usedAt)));
  return row?.left ?? 0;
}

/**
 * Turns the second factor off: the authenticator and every backup code go (inside the caller's
 * transaction). Answers whether a confirmed one was on.
 */
export async function removeSecondFactor(db: Database, userId: number): Promise<boolean> {
  const gone = await db
    .delete(totpFactors)
    .where(eq(totpFactors.userId, userId))
    .returning({ confirmedAt: totpFactors.confirmedAt });
  await db.delete(backupCodes).where(eq(backupCodes.userId, userId));
  return gone.some((row) => row.confirmedAt !== null);
}

const REQUIRED_KEY = 'second-factor';

/** The back-office setting "Require a second factor for every administrator". */
export async function isSecondFactorRequired(db: Database): Promise<boolean> {
  const [row] = await db
    .select({ value: siteSettings.value })
    .from(siteSettings)
    .where(eq(siteSettings.key, REQUIRED_KEY));
  const value = row?.value as { required?: unknown } | undefined;
  return value?.required === true;
}

export async function saveSecondFactorRequired(db: Database, required: boolean): Promise<void> {
  await db
    .insert(siteSettings)
    .values({ key: REQUIRED_KEY, value: { required } })
    .onConflictDoUpdate({
      target: siteSettings.key,
      set: { value: { required }, updatedAt: sql`now()` },
    });
}
