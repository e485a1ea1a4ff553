import { sql } from 'drizzle-orm';
import type { MailingCounts, MailingState } from '@shared/schemas/newsletter.js';
import type { Database } from '@server/db/client.js';
import { queryRows } from '@server/db/query-rows.js';
import { insertJob } from '../jobs/jobs-repository.js';
import type { MailEpisode } from './mail-content.js';

/**
 * Every delivery job's runs. The delivery pauses its mailing at its 8th failed run
 * (SERVER_GONE_RUNS), before the runner gives the job up, so a mailing never stays "sending"
 * with no job.
 */
export const DELIVERY_ATTEMPTS = 10;

export interface MailingRow {
  id: number;
  subject: string;
  intro: string;
  videoIds: number[];
  html: string;
  text: string;
  state: MailingState;
  automatic: boolean;
  createdByEmail: string;
  createdAt: Date;
  finishedAt: Date | null;
  recipients: number;
  jobId: number | null;
  lastError: string | null;
}

const MAILING_COLUMNS = sql`id, subject, intro, video_ids AS "videoIds", html, text, state, automatic,
  created_by_email AS "createdByEmail", created_at AS "createdAt", finished_at AS "finishedAt",
  recipients, job_id::float8 AS "jobId", last_error AS "lastError"`;

const asDate = (value: Date | string | null) =>
  value === null ? null : value instanceof Date ? value : new Date(value);

function mailingOf(row: MailingRow): MailingRow {
  return { ...row, createdAt: asDate(row.createdAt)!, finishedAt: asDate(row.finishedAt) };
}

export interface EpisodeChoice extends MailEpisode {
  isPublic: boolean;
}

/** The picked videos that exist, with whether each is public. */
export async function findEpisodes(db: Database, ids: readonly number[]): Promise<EpisodeChoice[]> {
  return queryRows<EpisodeChoice>(
    db,
    sql`SELECT id, title, thumbnail, is_public AS "isPublic" FROM videos
        WHERE id = ANY(${sql.param(ids)}::int[])`,
  );
}

/** Public episodes published since the last mailing began (or in the last 30 days), newest first. */
export async function findSuggestedEpisodes(db: Database, now: Date) {
  const rows = await queryRows<{
    id: number;
    title: string;
    thumbnail: string;
    publishedAt: Date | string;
  }>(
    db,
    sql`SELECT id, title, thumbnail, published_at AS "publishedAt" FROM videos
        WHERE is_public AND published_at <= ${now}::timestamptz
          AND published_at > coalesce((SELECT max(created_at) FROM mailings WHERE state <> 'cancelled'),
                                      ${now}::timestamptz - interval '30 days')
        ORDER BY published_at DESC, id DESC
        LIMIT 12`,
  );
  return rows.map((row) => ({ ...row, publishedAt: asDate(row.publishedAt)! }));
}

export interface NewMailing {
  subject: string;
  intro: string;
  videoIds: number[];
  html: string;
  text: string;
  automatic: boolean;
  createdBy: number | null;
  createdByEmail: string;
}

/**
 * Stores a mailing, its recipients (everyone subscribed now) and its delivery job in one
 * transaction: a mailing never exists without the job that sends it, nor a job without its
 * recipients. A second mailing while one is current breaks mailings_one_current (a 409); null
 * when nobody is subscribed (nothing is stored).
 */
export async function insertMailing(
  db: Database,
  mailing: NewMailing,
  jobKind: string,
  now: Date | null,
): Promise<{ id: number; recipients: number } | null> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await queryRows<{ id: number }>(
        tx,
        sql`INSERT INTO mailings (subject, intro, video_ids, html, text, automatic, created_by, created_by_email)
          VALUES (${mailing.subject}, ${mailing.intro}, ${sql.param(mailing.videoIds)}::int[],
                  ${mailing.html}, ${mailing.text}, ${mailing.automatic}, ${mailing.createdBy},
                  ${mailing.createdByEmail})
          RETURNING id`,
      );
      const id = row!.id;
      const [added] = await queryRows<{ recipients: number }>(
        tx,
        sql`WITH added AS (
            INSERT INTO mailing_recipients (mailing_id, user_id)
            SELECT ${id}, id FROM users WHERE newsletter
            RETURNING 1)
          SELECT count(*)::int AS recipients FROM added`,
      );
      // Nobody to send to: no mailing either.
      if (added!.recipients === 0) throw new NoRecipients();
      const jobId = await insertJob(
        tx,
        { kind: jobKind, payload: { mailingId: id }, runAt: null, maxAttempts: DELIVERY_ATTEMPTS },
        now,
      );
      await tx.execute(
        sql`UPDATE mailings SET recipients = ${added!.recipients}, job_id = ${jobId} WHERE id = ${id}`,
      );
      return { id, recipients: added!.recipients };
    });
  } catch (error) {
    if (error instanceof NoRecipients) return null;
    throw error;
  }
}

class NoRecipients extends Error {}

/** Recipients by where they stand, and the unsubscribes this mailing's links made. */
export async function countRecipients(db: Database, mailingIds: readonly number[]) {
  const rows = await queryRows<{
    mailingId: number;
    sent: number;
    failed: number;
    skipped: number;
    pending: number;
    unsubscribes: number;
  }>(
    db,
    sql`SELECT mailing_id AS "mailingId",
          count(*) FILTER (WHERE state = 'sent')::int AS sent,
          count(*) FILTER (WHERE state = 'failed')::int AS failed,
          count(*) FILTER (WHERE state = 'skipped')::int AS skipped,
          count(*) FILTER (WHERE state IN ('queued', 'sending'))::int AS pending,
          count(unsubscribed_at)::int AS unsubscribes
        FROM mailing_recipients WHERE mailing_id = ANY(${sql.param(mailingIds)}::int[])
        GROUP BY mailing_id`,
  );
  return new Map(rows.map(({ mailingId, ...counts }) => [mailingId, counts]));
}

export function countsOf(
  mailing: MailingRow,
  counts: Omit<MailingCounts, 'recipients'> | undefined,
): MailingCounts {
  return {
    recipients: mailing.recipients,
    ...(counts ?? { sent: 0, failed: 0, skipped: 0, pending: 0, unsubscribes: 0 }),
  };
}

export async function listMailings(db: Database, page: { limit: number; offset: number }) {
  const [rows, totals] = await Promise.all([
    queryRows<MailingRow>(
      db,
      sql`SELECT ${MAILING_COLUMNS} FROM mailings ORDER BY created_at DESC, id DESC
          LIMIT ${page.limit} OFFSET ${page.offset}`,
    ),
    queryRows<{ total: number }>(db, sql`SELECT count(*)::int AS total FROM mailings`),
  ]);
  return { rows: rows.map(mailingOf), total: totals[0]!.total };
}

export async function findMailing(db: Database, id: number): Promise<MailingRow | null> {
  const [row] = await queryRows<MailingRow>(
    db,
    sql`SELECT ${MAILING_COLUMNS} FROM mailings WHERE id = ${id}`,
  );
  return row ? mailingOf(row) : null;
}

/** The mailing being sent or paused, if any. */
export async function findCurrentMailing(db: Database): Promise<MailingRow | null> {
  const [row] = await queryRows<MailingRow>(
    db,
    sql`SELECT ${MAILING_COLUMNS} FROM mailings WHERE state IN ('sending', 'paused') LIMIT 1`,
  );
  return row ? mailingOf(row) : null;
}

export async function findFailures(db: Database, mailingId: number, limit: number) {
  return queryRows<{ email: string; error: string; attempts: number }>(
    db,
    sql`SELECT u.email, coalesce(r.last_error, '') AS error, r.attempts
        FROM mailing_recipients r JOIN users u ON u.id = r.user_id
        WHERE r.mailing_id = ${mailingId} AND r.state = 'failed'
        ORDER BY r.user_id LIMIT ${limit}`,
  );
}

/** Pauses a sending mailing: its job stops after the mails in flight. False if it was not sending. */
export async function pauseMailing(db: Database, id: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`UPDATE mailings SET state = 'paused', job_id = NULL
        WHERE id = ${id} AND state = 'sending' RETURNING id`,
  );
  return rows.length > 0;
}

/** Resumes a paused mailing with a new delivery job. False if it was not paused. */
export async function resumeMailing(
  db: Database,
  id: number,
  jobKind: string,
  now: Date | null,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await queryRows<{ id: number }>(
      tx,
      sql`UPDATE mailings SET state = 'sending', last_error = NULL
          WHERE id = ${id} AND state = 'paused' RETURNING id`,
    );
    if (rows.length === 0) return false;
    const jobId = await insertJob(
      tx,
      { kind: jobKind, payload: { mailingId: id }, runAt: null, maxAttempts: DELIVERY_ATTEMPTS },
      now,
    );
    await tx.execute(sql`UPDATE mailings SET job_id = ${jobId} WHERE id = ${id}`);
    return true;
  });
}

/** Cancels a sending or paused mailing: who has not had it will not. False if it had ended. */
export async function cancelMailing(db: Database, id: number, now: Date | null): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await queryRows<{ id: number }>(
      tx,
      sql`UPDATE mailings SET state = 'cancelled', job_id = NULL,
            finished_at = coalesce(${now}::timestamptz, now())
          WHERE id = ${id} AND state IN ('sending', 'paused') RETURNING id`,
    );
    if (rows.length === 0) return false;
    await tx.execute(
      // Claims in flight too: their job's record of them is fenced, so their messages are
      // abandoned before the final dot.
      sql`UPDATE mailing_recipients SET state = 'skipped', claimed_at = NULL
          WHERE mailing_id = ${id} AND state IN ('queued', 'sending')`,
    );
    return true;
  });
}

/** Whether an automatic mailing of exactly these episodes was made since `since`. */
export async function hasAutomaticMailing(
  db: Database,
  videoIds: readonly number[],
  since: Date,
): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM mailings
        WHERE automatic AND video_ids = ${sql.param(videoIds)}::int[]
          AND created_at >= ${since}::timestamptz - interval '1 second'
        LIMIT 1`,
  );
  return rows.length > 0;
}
