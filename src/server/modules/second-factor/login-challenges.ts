import { randomBytes } from 'node:crypto';
import { eq, lte, sql } from 'drizzle-orm';
import type { Database } from '@server/db/client.js';
import { loginChallenges } from '@server/db/schema.js';
import { hashToken } from '../auth/session-repository.js';

/** Long enough to find the phone and type a code; short enough that a leaked one is stale. */
export const CHALLENGE_LIFETIME_MS = 5 * 60 * 1000;
/** Wrong codes one challenge takes before it is spent (the account's limit counts them too). */
export const CHALLENGE_ATTEMPTS = 5;

export interface LoginChallenge {
  userId: number;
  userAgent: string;
}

/** Opens the second step of a login; answers the challenge (only its hash is stored). */
export async function openLoginChallenge(
  db: Database,
  userId: number,
  userAgent: string,
  now: Date,
): Promise<string> {
  const challenge = randomBytes(32).toString('base64url');
  await db.insert(loginChallenges).values({
    tokenHash: hashToken(challenge),
    userId,
    userAgent,
    expiresAt: new Date(now.getTime() + CHALLENGE_LIFETIME_MS),
  });
  return challenge;
}

/** The challenge's login, while it is alive and has tries left; null otherwise. */
export async function findLoginChallenge(
  db: Database,
  challenge: string,
  now: Date,
): Promise<LoginChallenge | null> {
  const [row] = await db
    .select()
    .from(loginChallenges)
    .where(eq(loginChallenges.tokenHash, hashToken(challenge)));
  if (!row) return null;
  if (row.expiresAt <= now || row.attempts >= CHALLENGE_ATTEMPTS) {
    await closeLoginChallenge(db, challenge);
    return null;
  }
  return { userId: row.userId, userAgent: row.userAgent };
}

/** Counts a wrong code against the challenge. */
export async function failLoginChallenge(db: Database, challenge: string): Promise<void> {
  await db
    .update(loginChallenges)
    .set({ attempts: sql`${loginChallenges.attempts} + 1` })
    .where(eq(loginChallenges.tokenHash, hashToken(challenge)));
}

/** Ends a challenge; true for the one request that ended it (a challenge opens one session). */
export async function closeLoginChallenge(db: Database, challenge: string): Promise<boolean> {
  const gone = await db
    .delete(loginChallenges)
    .where(eq(loginChallenges.tokenHash, hashToken(challenge)))
    .returning({ userId: loginChallenges.userId });
  return gone.length > 0;
}

/** Drops the challenges past their end; the hourly session sweep calls it. */
export async function deleteExpiredChallenges(db: Database, now: Date): Promise<number> {
  const gone = await db
    .delete(loginChallenges)
    .where(lte(loginChallenges.expiresAt, now))
    .returning({ userId: loginChallenges.userId });
  return gone.length;
}

/** Ends every open challenge of an account (its password changed, its factor was reset). */
export async function closeChallengesOf(db: Database, userId: number): Promise<void> {
  await db.delete(loginChallenges).where(eq(loginChallenges.userId, userId));
}
