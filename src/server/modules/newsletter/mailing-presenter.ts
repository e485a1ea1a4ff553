import type { MailingDetail, MailingSummary } from '@shared/schemas/newsletter.js';
import { countRecipients, countsOf, type MailingRow } from './mailings-repository.js';
import type { Database } from '@server/db/client.js';

export function presentMailing(
  row: MailingRow,
  counts: Awaited<ReturnType<typeof countRecipients>>,
): MailingSummary {
  return {
    id: row.id,
    subject: row.subject,
    state: row.state,
    automatic: row.automatic,
    created_by: row.createdByEmail,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
    last_error: row.lastError,
    counts: countsOf(row, counts.get(row.id)),
  };
}

/** Mailings with their counts, read in one query. */
export async function presentMailings(db: Database, rows: MailingRow[]): Promise<MailingSummary[]> {
  if (rows.length === 0) return [];
  const counts = await countRecipients(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => presentMailing(row, counts));
}

export function presentDetail(
  summary: MailingSummary,
  row: MailingRow,
  failures: MailingDetail['failures'],
): MailingDetail {
  return {
    ...summary,
    intro: row.intro,
    video_ids: row.videoIds,
    html: row.html,
    text: row.text,
    failures,
  };
}
