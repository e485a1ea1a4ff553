import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '@server/db/client.js';
import { queryRows } from '@server/db/query-rows.js';

/** What a delivery job needs of its mailing, read again before each batch. */
export interface DeliveryMailing {
  id: number;
  subject: string;
  html: string;
  text: string;
  state: string;
  jobId: number | null;
}

export interface Recipient {
  userId: number;
  email: string;
  /** False once they unsubscribed: their turn is skipped. */
  subscribed: boolean;
  /** newsletter_since in whole seconds (signed into their link); null when unsubscribed. */
  since: number | null;
  /** This claim included. */
  attempts: number;
}

const at = (now: Date | null): SQL => sql`coalesce(${now}::timestamptz, now())`;

export async function findDeliveryMailing(
  db: Database,
  id: number,
): Promise<DeliveryMailing | null> {
  const [row] = await queryRows<DeliveryMailing>(
    db,
    sql`SELECT id, subject, html, text, state, job_id::float8 AS "jobId" FROM mailings WHERE id = ${id}`,
  );
  return row ?? null;
}

/**
 * Claims the next unsent recipients, in user order: queued ones whose retry time has come, and
 * ones claimed longer ago than `staleSeconds` (a runner died before it knew how their mail went;
 * the window is longer than any SMTP timeout, so a mail still in flight is never claimed twice).
 */
export async function claimRecipients(
  db: Database,
  mailingId: number,
  limit: number,
  staleSeconds: number,
  now: Date | null,
): Promise<Recipient[]> {
  return queryRows<Recipient>(
    db,
    sql`WITH claimed AS (
          UPDATE mailing_recipients SET state = 'sending', attempts = attempts + 1,
            claimed_at = ${at(now)}
          WHERE (mailing_id, user_id) IN (
            SELECT mailing_id, user_id FROM mailing_recipients
            WHERE mailing_id = ${mailingId} AND state IN ('queued', 'sending')
              AND ((state = 'queued' AND (retry_at IS NULL OR retry_at <= ${at(now)}))
                OR (state = 'sending' AND claimed_at <= ${at(now)} - make_interval(secs => ${staleSeconds})))
            ORDER BY user_id
            LIMIT ${limit}
            FOR UPDATE SKIP LOCKED)
          RETURNING user_id, attempts)
        SELECT u.id AS "userId", u.email, u.newsletter AS subscribed, c.attempts,
          floor(extract(epoch FROM u.newsletter_since))::float8 AS since
        FROM claimed c JOIN users u ON u.id = c.user_id
        ORDER BY u.id`,
  );
}

/**
 * Recorded before the message's final dot (NewsletterSender.send), fenced: only while the row is
 * still this claim's (its attempt number) and the mailing is sending by this job. False when it
 * is not: the message is then abandoned, so a paused, cancelled or taken-over claim sends nothing.
 */
export async function markSent(
  db: Database,
  claim: { mailingId: number; userId: number; attempts: number; jobId: number },
): Promise<boolean> {
  const rows = await queryRows<{ userId: number }>(
    db,
    sql`UPDATE mailing_recipients r SET state = 'sent', sent_at = now(), claimed_at = NULL,
          last_error = NULL
        WHERE r.mailing_id = ${claim.mailingId} AND r.user_id = ${claim.userId}
          AND r.state = 'sending' AND r.attempts = ${claim.attempts}
          AND EXISTS (SELECT 1 FROM mailings m WHERE m.id = ${claim.mailingId}
                        AND m.state = 'sending' AND m.job_id = ${claim.jobId})
        RETURNING r.user_id AS "userId"`,
  );
  return rows.length > 0;
}

export async function markSkipped(
  db: Database,
  mailingId: number,
  userIds: readonly number[],
): Promise<void> {
  if (userIds.length === 0) return;
  await db.execute(
    sql`UPDATE mailing_recipients SET state = 'skipped', claimed_at = NULL
        WHERE mailing_id = ${mailingId} AND user_id = ANY(${sql.param(userIds)}::int[])`,
  );
}

/**
 * A refusal: tried again after `retryInSeconds`, or failed for good when that is null. Only the
 * claim that tried (its attempt number): a cancelled mailing's row stays skipped.
 */
export async function markRefused(
  db: Database,
  mailingId: number,
  userId: number,
  error: string,
  retryInSeconds: number | null,
  attempts: number,
): Promise<void> {
  const claimed = sql`mailing_id = ${mailingId} AND user_id = ${userId}
    AND state IN ('sending', 'sent') AND attempts = ${attempts}`;
  await db.execute(
    retryInSeconds === null
      ? sql`UPDATE mailing_recipients SET state = 'failed', last_error = ${error}, claimed_at = NULL
            WHERE ${claimed}`
      : sql`UPDATE mailing_recipients SET state = 'queued', last_error = ${error}, claimed_at = NULL,
              retry_at = now() + make_interval(secs => ${retryInSeconds})
            WHERE ${claimed}`,
  );
}

/**
 * Gives back claims whose mail never left (the server was gone, or the mailing was paused): no
 * attempt is counted. Each only while it is still that claim (its attempt number), so a claim
 * another run has taken over since is left alone.
 */
export async function releaseClaims(
  db: Database,
  mailingId: number,
  claims: readonly { userId: number; attempts: number }[],
): Promise<void> {
  if (claims.length === 0) return;
  await db.execute(
    sql`UPDATE mailing_recipients SET state = 'queued', claimed_at = NULL,
          attempts = greatest(attempts - 1, 0)
        WHERE mailing_id = ${mailingId} AND state = 'sending'
          AND (user_id, attempts) IN (
            SELECT * FROM unnest(${sql.param(claims.map((claim) => claim.userId))}::int[],
                                 ${sql.param(claims.map((claim) => claim.attempts))}::int[]))`,
  );
}

/**
 * When the next unsent recipient can be claimed (a retry's time, or a stale claim's end); null
 * when every recipient is done.
 */
export async function nextClaimAt(
  db: Database,
  mailingId: number,
  staleSeconds: number,
): Promise<Date | null> {
  const [row] = await queryRows<{ next: Date | string | null }>(
    db,
    sql`SELECT min(CASE WHEN state = 'queued' THEN coalesce(retry_at, now())
                        ELSE claimed_at + make_interval(secs => ${staleSeconds}) END) AS next
        FROM mailing_recipients WHERE mailing_id = ${mailingId} AND state IN ('queued', 'sending')`,
  );
  const next = row?.next ?? null;
  return next === null ? null : new Date(next);
}

/** Ends a mailing whose recipients are all done; fenced by the job that sends it. */
export async function finishMailing(
  db: Database,
  mailingId: number,
  jobId: number,
  now: Date | null,
): Promise<void> {
  await db.execute(
    sql`UPDATE mailings SET state = 'sent', finished_at = ${at(now)}, job_id = NULL
        WHERE id = ${mailingId} AND state = 'sending' AND job_id = ${jobId}`,
  );
}

/** Hands the mailing to another job (a follow-up for later retries); fenced like the end. */
export async function handOver(
  db: Database,
  mailingId: number,
  fromJobId: number,
  toJobId: number,
): Promise<void> {
  await db.execute(
    sql`UPDATE mailings SET job_id = ${toJobId}
        WHERE id = ${mailingId} AND state = 'sending' AND job_id = ${fromJobId}`,
  );
}

/** Sending stopped by itself: paused, with the reason for the screen. */
export async function pauseWithError(
  db: Database,
  mailingId: number,
  jobId: number,
  error: string,
): Promise<void> {
  await db.execute(
    sql`UPDATE mailings SET state = 'paused', job_id = NULL, last_error = ${error}
        WHERE id = ${mailingId} AND state = 'sending' AND job_id = ${jobId}`,
  );
}
