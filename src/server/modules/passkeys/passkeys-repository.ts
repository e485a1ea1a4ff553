import { and, count, desc, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '@server/db/client.js';
import { passkeys, webauthnChallenges } from '@server/db/schema.js';

export type PasskeyRow = typeof passkeys.$inferSelect;

/** A ceremony's challenge lasts as long as the browser's prompt may stay open. */
export const WEBAUTHN_CHALLENGE_MS = 5 * 60 * 1000;

export async function listPasskeys(db: Database, userId: number): Promise<PasskeyRow[]> {
  return db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(desc(passkeys.createdAt));
}

export async function passkeyCount(db: Database, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  return row?.n ?? 0;
}

export async function findPasskeyByCredential(
  db: Database,
  credentialId: string,
): Promise<PasskeyRow | null> {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId));
  return row ?? null;
}

/** Stores a verified passkey; false when that credential is registered already. */
export async function insertPasskey(
  db: Database,
  passkey: typeof passkeys.$inferInsert,
): Promise<PasskeyRow | null> {
  const [row] = await db.insert(passkeys).values(passkey).onConflictDoNothing().returning();
  return row ?? null;
}

/**
 * Notes a use. The counter only moves on (authenticators that keep none always send 0), so a
 * second request with the same count loses: one assertion, one sign-in.
 */
export async function recordPasskeyUse(
  db: Database,
  id: number,
  newCounter: number,
): Promise<boolean> {
  const rows = await db
    .update(passkeys)
    .set({ counter: newCounter, lastUsedAt: sql`now()` })
    .where(
      and(
        eq(passkeys.id, id),
        // Bracketed whole: and() does not bracket its parts, and a bare OR would reach every row.
        sql`((${newCounter} = 0 AND ${passkeys.counter} = 0) OR ${passkeys.counter} < ${newCounter})`,
      ),
    )
    .returning({ id: passkeys.id });
  return rows.length > 0;
}

export async function renamePasskey(
  db: Database,
  userId: number,
  id: number,
  name: string,
): Promise<PasskeyRow | null> {
  const [row] = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning();
  return row ?? null;
}

export async function deletePasskey(
  db: Database,
  userId: number,
  id: number,
): Promise<PasskeyRow | null> {
  const [row] = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning();
  return row ?? null;
}

/** Clears the prompts nobody answered (hourly, with the login challenges). */
export async function deleteExpiredWebauthnChallenges(db: Database, now: Date): Promise<number> {
  const gone = await db
    .delete(webauthnChallenges)
    .where(lt(webauthnChallenges.expiresAt, now))
    .returning({ challenge: webauthnChallenges.challenge });
  return gone.length;
}

export async function deletePasskeysOf(db: Database, userId: number): Promise<number> {
  const gone = await db
    .delete(passkeys)
    .where(eq(passkeys.userId, userId))
    .returning({ id: passkeys.id });
  return gone.length;
}

export interface WebauthnChallenge {
  purpose: 'register' | 'sign-in';
  userId: number | null;
  loginChallengeHash: string | null;
}

export async function saveWebauthnChallenge(
  db: Database,
  challenge: string,
  ceremony: WebauthnChallenge,
  now: Date,
): Promise<void> {
  await db.insert(webauthnChallenges).values({
    challenge,
    ...ceremony,
    expiresAt: new Date(now.getTime() + WEBAUTHN_CHALLENGE_MS),
  });
}

/** Takes a ceremony's challenge once: the first answer that names it uses it up. */
export async function takeWebauthnChallenge(
  db: Database,
  challenge: string,
  purpose: WebauthnChallenge['purpose'],
  now: Date,
): Promise<WebauthnChallenge | null> {
  const [row] = await db
    .delete(webauthnChallenges)
    .where(
      and(eq(webauthnChallenges.challenge, challenge), eq(webauthnChallenges.purpose, purpose)),
    )
    .returning();
  if (!row || row.expiresAt <= now) return null;
  return { purpose: row.purpose, userId: row.userId, loginChallengeHash: row.loginChallengeHash };
}
