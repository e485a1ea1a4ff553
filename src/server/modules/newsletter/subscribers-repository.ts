import { sql } from 'drizzle-orm';
import type { SubscriberDay } from '@shared/schemas/newsletter.js';
import type { Database } from '@server/db/client.js';
import { queryRows } from '@server/db/query-rows.js';
import { UNSUBSCRIBE_ACTION } from '@shared/audit-actions.js';
import { insertAuditEntry } from '../audit/audit-repository.js';
import type { UnsubscribeClaim } from './unsubscribe-token.js';

export async function countSubscribers(db: Database): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM users WHERE newsletter`,
  );
  return row!.n;
}

const DAY_MS = 86_400_000;
const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

/**
 * The last `days` UTC days up to `today`, each with the count at its end: today's count less what
 * changed after each day (newsletter_days, kept by the users trigger).
 */
export async function findSubscriberTrend(
  db: Database,
  current: number,
  today: Date,
  days: number,
): Promise<SubscriberDay[]> {
  const end = Date.parse(`${dayOf(today.getTime())}T00:00:00Z`);
  const first = dayOf(end - (days - 1) * DAY_MS);
  const rows = await queryRows<{ day: string; subscribed: number; unsubscribed: number }>(
    db,
    sql`SELECT day::text AS day, subscribed, unsubscribed FROM newsletter_days
        WHERE day >= ${first}::date ORDER BY day`,
  );
  const byDay = new Map(rows.map((row) => [row.day, row]));
  // Changes after the range's last day (a clock behind the database's) come off first.
  let count =
    current -
    rows
      .filter((row) => row.day > dayOf(end))
      .reduce((sum, row) => sum + row.subscribed - row.unsubscribed, 0);
  const trend: SubscriberDay[] = [];
  for (let i = 0; i < days; i++) {
    const day = dayOf(end - i * DAY_MS);
    const row = byDay.get(day);
    const subscribed = row?.subscribed ?? 0;
    const unsubscribed = row?.unsubscribed ?? 0;
    trend.push({ day, subscribers: count, subscribed, unsubscribed });
    count -= subscribed - unsubscribed;
  }
  return trend.reverse();
}

export interface SubscriberRow {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  zipcode: string;
  createdAt: Date | string;
  newsletterSince: Date | string | null;
}

/**
 * Every subscriber, `chunk` rows per query in id order (keyset, never OFFSET): the export
 * streams 100k of them holding one chunk at a time.
 */
export async function* subscriberChunks(
  db: Database,
  chunk: number,
): AsyncGenerator<SubscriberRow[]> {
  let after = 0;
  for (;;) {
    const rows = await queryRows<SubscriberRow>(
      db,
      sql`SELECT id, email, first_name AS "firstName", last_name AS "lastName", zipcode,
            created_at AS "createdAt", newsletter_since AS "newsletterSince"
          FROM users WHERE newsletter AND id > ${after} ORDER BY id LIMIT ${chunk}`,
    );
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < chunk) return;
    after = rows.at(-1)!.id;
  }
}

export type UnsubscribeOutcome =
  | { kind: 'unsubscribed'; email: string }
  | { kind: 'already'; email: string }
  | { kind: 'replayed'; email: string }
  | { kind: 'gone' };

/**
 * An account's address and subscription start in whole seconds (null: not subscribed), as an
 * unsubscribe token carries it.
 */
export async function findSubscription(db: Database, userId: number) {
  const [row] = await queryRows<{ email: string; since: number | null }>(
    db,
    sql`SELECT email, floor(extract(epoch FROM newsletter_since))::float8 AS since
        FROM users WHERE id = ${userId}`,
  );
  return row ?? null;
}

/**
 * Turns the newsletter off for a token's subscriber, if the subscription it was signed for is the
 * current one, and notes it on the mailing and in the audit trail, all in one transaction.
 */
export async function unsubscribe(
  db: Database,
  claim: UnsubscribeClaim,
  via: string,
): Promise<UnsubscribeOutcome> {
  return db.transaction(async (tx) => {
    const [user] = await queryRows<{
      id: number;
      email: string;
      firstName: string;
      lastName: string;
      since: number | null;
    }>(
      tx,
      sql`SELECT id, email, first_name AS "firstName", last_name AS "lastName",
            floor(extract(epoch FROM newsletter_since))::float8 AS since
          FROM users WHERE id = ${claim.userId} FOR UPDATE`,
    );
    if (!user) return { kind: 'gone' };
    if (user.since === null) return { kind: 'already', email: user.email };
    if (user.since !== claim.since) return { kind: 'replayed', email: user.email };
    await tx.execute(sql`UPDATE users SET newsletter = false WHERE id = ${user.id}`);
    if (claim.mailingId > 0) {
      await tx.execute(
        sql`UPDATE mailing_recipients SET unsubscribed_at = now()
            WHERE mailing_id = ${claim.mailingId} AND user_id = ${user.id}`,
      );
    }
    await insertAuditEntry(tx, {
      actorId: user.id,
      actorEmail: user.email,
      action: UNSUBSCRIBE_ACTION,
      targetId: String(user.id),
      targetName: `${user.firstName} ${user.lastName} (${user.email})`,
      details: [via, ...(claim.mailingId > 0 ? [`Mailing ${claim.mailingId}`] : [])],
      statusCode: 200,
    });
    return { kind: 'unsubscribed', email: user.email };
  });
}
