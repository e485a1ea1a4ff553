import { randomBytes } from 'node:crypto';
import { and, eq, lte, sql } from 'drizzle-orm';
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
  checkedPasswordHash: string;
}

/** Opens the second step of a login; answers the challenge (only its hash is stored). */
export async function openLoginChallenge(
  db: Database,
  login: LoginChallenge,
  now: Date,
): Promise<string> {
  const challenge = randomBytes(32).toString('base64url');
  await db.insert(loginChallenges).values({
    tokenHash: hashToken(challenge),
    ...login,
    expiresAt: new Date(now.getTime() + CHALLENGE_LIFETIME_MS),
  });
  return challenge;
}

/**
 * Takes one try of a challenge, before its code is checked (so tries sent at once are each
 * counted): the challenge's login while it is alive and had a try left; null otherwise (an
 * unknown, expired or spent challenge, which is then deleted).
 */
export async function takeChallengeTry(
  db: Database,
  challenge: string,
  now: Date,
): Promise<LoginChallenge | null> {
  const tokenHash = hashToken(challenge);
  const [row] = await db
    .update(loginChallenges)
    .set({ attempts: sql`${loginChallenges.attempts} + 1` })
    .where(
      and(
        eq(loginChallenges.tokenHash, tokenHash),
        sql`${loginChallenges.attempts} < ${CHALLENGE_ATTEMPTS}`,
        sql`${loginChallenges.expiresAt} > ${now.toISOString()}::timestamptz`,
      ),
    )
    .returning({
      userId: loginChallenges.userId,
      userAgent: loginChallenges.userAgent,
      checkedPasswordHash: loginChallenges.checkedPasswordHash,
    });
  if (!row) await db.delete(loginChallenges).where(eq(loginChallenges.tokenHash, tokenHash));
  return row ?? null;
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

/** The challenge's login while it is alive and has tries left, without taking one. */
export async function peekLoginChallenge(
  db: Database,
  challenge: string,
  now: Date,
): Promise<LoginChallenge | null> {
  const [row] = await db
    .select({
      userId: loginChallenges.userId,
      userAgent: loginChallenges.userAgent,
      checkedPasswordHash: loginChallenges.checkedPasswordHash,
    })
    .from(loginChallenges)
    .where(
      and(
        eq(loginChallenges.tokenHash, hashToken(challenge)),
        sql`${loginChallenges.attempts} < ${CHALLENGE_ATTEMPTS}`,
        sql`${loginChallenges.expiresAt} > ${now.toISOString()}::timestamptz`,
      ),
    );
  return row ?? null;
}
