import { createHash, randomBytes } from 'node:crypto';
import { and, eq, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { Database } from '@server/db/client.js';
import { preparedPerDatabase } from '@server/db/prepared.js';
import { queryRows } from '@server/db/query-rows.js';
import { loginChallenges, sessions, users } from '@server/db/schema.js';

const DAY_MS = 24 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_LIFETIME_MS = 30 * DAY_MS;
export const SESSION_IDLE_LIFETIME_MS = 7 * DAY_MS;
/** last_seen_at is written at most this often, so reads do not turn into writes. */
const LAST_SEEN_RESOLUTION_MS = 5 * 60 * 1000;

export interface AuthenticatedUser {
  id: number;
  email: string;
  firstName: string;
  isAdmin: boolean;
  tokenHash: string;
  /** The session may only enrol a second factor until one is confirmed. */
  mustEnrol: boolean;
}

/** The user agent kept with a session: enough to name the device, bounded in size. */
export const USER_AGENT_LIMIT = 300;

export interface SessionOptions {
  userAgent?: string | undefined;
  mustEnrol?: boolean;
  /**
   * The sign-in passed the account's second factor. Without it, an administrator who has one
   * gets no session, even if it was turned on while their password was being checked.
   */
  secondFactorPassed?: boolean;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Opens a session and returns its bearer token (256 random bits; only its hash is stored), or
 * null when the account no longer has the password hash the caller checked. The check and the
 * insert are one statement holding a share lock on the user row, so a login racing a password
 * change, a reset or a deletion either lands before it (and is revoked by it) or not at all.
 */
export async function createSession(
  db: Database,
  userId: number,
  checkedPasswordHash: string,
  options: SessionOptions = {},
): Promise<string | null> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + SESSION_ABSOLUTE_LIFETIME_MS);
  const userAgent = (options.userAgent ?? '').slice(0, USER_AGENT_LIMIT);
  const rows = await queryRows<{ user_id: number }>(
    db,
    sql`INSERT INTO sessions (token_hash, user_id, expires_at, user_agent, must_enrol)
        SELECT ${hashToken(token)}, id, ${expiresAt.toISOString()}::timestamptz, ${userAgent},
          ${options.mustEnrol ?? false}
        FROM (SELECT id FROM users WHERE id = ${userId} AND password_hash = ${checkedPasswordHash}
          AND (${options.secondFactorPassed ?? false} OR NOT is_admin OR (NOT EXISTS (
            SELECT 1 FROM totp_factors WHERE user_id = users.id AND confirmed_at IS NOT NULL)
            AND NOT EXISTS (SELECT 1 FROM passkeys WHERE user_id = users.id)))
          FOR SHARE) AS checked
        RETURNING user_id`,
  );
  return rows.length > 0 ? token : null;
}

/** Every signed-in request starts with this lookup, so it is prepared. */
const sessionLookup = preparedPerDatabase((db) =>
  db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      isAdmin: users.isAdmin,
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
      mustEnrol: sessions.mustEnrol,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('session_lookup'),
);

/** A session as the last lookup found it: whose it is, and the times that end it. */
export interface SessionRecord {
  user: AuthenticatedUser;
  expiresAt: number;
  lastSeenAt: number;
}

/**
 * Opens the session named by a token's hash: null when unknown, past its end or idle too long
 * (then it is deleted). Notes the use when the last one noted is older than the resolution.
 */
export async function findSession(
  db: Database,
  tokenHash: string,
  now = new Date(),
): Promise<SessionRecord | null> {
  const [row] = await sessionLookup(db).execute({ tokenHash });
  if (!row) return null;
  const idleFor = now.getTime() - row.lastSeenAt.getTime();
  if (row.expiresAt <= now || idleFor > SESSION_IDLE_LIFETIME_MS) {
    await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
    return null;
  }
  let lastSeenAt = row.lastSeenAt;
  if (idleFor > LAST_SEEN_RESOLUTION_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.tokenHash, tokenHash));
    lastSeenAt = now;
  }
  return {
    user: {
      id: row.id,
      email: row.email,
      firstName: row.firstName,
      isAdmin: row.isAdmin,
      tokenHash,
      mustEnrol: row.mustEnrol,
    },
    expiresAt: row.expiresAt.getTime(),
    lastSeenAt: lastSeenAt.getTime(),
  };
}

/**
 * Whether a session found earlier may be used without asking the database again: before its
 * end, and while its last noted use is recent enough that no new one needs writing. Past that
 * the lookup runs again, so idle limits and use times stay exactly as without a cache.
 */
export function isSessionFresh(record: SessionRecord, now = Date.now()): boolean {
  return now < record.expiresAt && now - record.lastSeenAt <= LAST_SEEN_RESOLUTION_MS;
}

export async function findSessionUser(
  db: Database,
  token: string,
  now = new Date(),
): Promise<AuthenticatedUser | null> {
  const record = await findSession(db, hashToken(token), now);
  return record?.user ?? null;
}

export async function revokeSession(db: Database, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

/**
 * Ends every session of a user, but the one named by `keepTokenHash` when given, and every
 * login of theirs waiting for its second factor; answers how many sessions ended.
 */
export async function revokeUserSessions(
  db: Database,
  userId: number,
  keepTokenHash?: string,
): Promise<number> {
  const mine = eq(sessions.userId, userId);
  const gone = await db
    .delete(sessions)
    .where(keepTokenHash ? and(mine, ne(sessions.tokenHash, keepTokenHash)) : mine)
    .returning({ id: sessions.publicId });
  await db.delete(loginChallenges).where(eq(loginChallenges.userId, userId));
  return gone.length;
}

/** A session as its owner's list shows it. */
export interface SessionListing {
  id: number;
  userAgent: string;
  createdAt: Date;
  lastSeenAt: Date;
  current: boolean;
}

/** A user's live sessions, the most recently used first. */
export async function listUserSessions(
  db: Database,
  userId: number,
  currentTokenHash: string,
  now = new Date(),
): Promise<SessionListing[]> {
  const idleSince = new Date(now.getTime() - SESSION_IDLE_LIFETIME_MS);
  const rows = await db
    .select({
      id: sessions.publicId,
      tokenHash: sessions.tokenHash,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        sql`${sessions.expiresAt} > ${now.toISOString()}::timestamptz`,
        sql`${sessions.lastSeenAt} >= ${idleSince.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(sql`${sessions.lastSeenAt} DESC`, sql`${sessions.publicId} DESC`);
  return rows.map(({ tokenHash, ...row }) => ({ ...row, current: tokenHash === currentTokenHash }));
}

/** Ends one of a user's sessions by its listed id; false when they have none by that id. */
export async function revokeUserSessionById(
  db: Database,
  userId: number,
  sessionId: number,
): Promise<boolean> {
  const gone = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.publicId, sessionId)))
    .returning({ id: sessions.publicId });
  return gone.length > 0;
}

/** Lets the session that enrolled a second factor do everything again (only that one). */
export async function releaseEnrolmentHold(db: Database, tokenHash: string): Promise<void> {
  await db.update(sessions).set({ mustEnrol: false }).where(eq(sessions.tokenHash, tokenHash));
}

/** Whether the account was signed in from this device before (a live session with its agent). */
export async function isKnownDevice(
  db: Database,
  userId: number,
  userAgent: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: sessions.publicId })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        eq(sessions.userAgent, userAgent.slice(0, USER_AGENT_LIMIT)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Deletes sessions past their absolute end or unused for longer than the idle limit, which a
 * lookup would refuse anyway; answers how many went. Run now and then, so the table stays small.
 */
export async function deleteExpiredSessions(db: Database, now = new Date()): Promise<number> {
  const idleSince = new Date(now.getTime() - SESSION_IDLE_LIFETIME_MS);
  const gone = await db
    .delete(sessions)
    .where(or(lte(sessions.expiresAt, now), lt(sessions.lastSeenAt, idleSince)))
    .returning({ tokenHash: sessions.tokenHash });
  return gone.length;
}
