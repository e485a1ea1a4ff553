import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryRows } from '@server/db/query-rows.js';
import { buildUser, buildVideo, callApi, signedInAdmin } from '@server/testing/factories.js';
import { startSmtpCapture, type SmtpCapture } from '@server/testing/smtp-capture.js';
import { createTestApp, type TestApp } from '@server/testing/test-app.js';
import { DELIVERY_JOB } from './mailing-delivery.js';

// A server shutting down in the middle of a mailing (SIGTERM) stops taking mails, gives back
// those it had not begun, and hands the mailing to a job due at once: a slow pace's batch would
// outlast the shutdown's grace and be cut off by the exit.

const SUBSCRIBERS = 30;
let smtp: SmtpCapture;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({
    env: {
      SMTP_URL: smtp.url,
      PUBLIC_URL: 'https://twang.example',
      // 30 mails take 1.5 s: the shutdown comes in the middle of the batch.
      NEWSLETTER_MAILS_PER_SECOND: '20',
      NEWSLETTER_BUSY_MAILS_PER_SECOND: '20',
    },
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

it('stops a batch at shutdown, gives its unsent recipients back and hands the mailing over', async () => {
  const admin = await signedInAdmin(t.app);
  await t.db.execute(sql`UPDATE users SET newsletter = false`);
  for (let i = 0; i < SUBSCRIBERS; i++) await buildUser(t.db, { newsletter: true });
  const video = await buildVideo(t.db);
  const started = await callApi(t.app, 'POST', '/api/admin/mailings', {
    token: admin.token,
    body: { subject: 'Porch news', video_ids: [video.id] },
  });
  expect(started.statusCode).toBe(201);
  const mailingId = (started.body.data as { id: number }).id;

  const mailed = () => smtp.mails.filter((mail) => mail.subject === 'Porch news').length;
  const run = t.app.jobs.runDue();
  await expect.poll(mailed, { timeout: 10_000, interval: 20 }).toBeGreaterThan(2);
  await t.app.close();
  await run.catch(() => undefined);

  const states = await queryRows<{ state: string; n: number }>(
    t.db,
    sql`SELECT state, count(*)::int AS n FROM mailing_recipients
        WHERE mailing_id = ${mailingId} GROUP BY state ORDER BY state`,
  );
  const count = (state: string) => states.find((row) => row.state === state)?.n ?? 0;
  // Every mail begun was finished and recorded; none is left claimed; the rest wait.
  expect(count('sending')).toBe(0);
  expect(count('sent')).toBe(mailed());
  expect(count('queued')).toBeGreaterThan(0);
  expect(count('sent') + count('queued')).toBe(SUBSCRIBERS);

  const [mailing] = await queryRows<{ state: string; jobId: number }>(
    t.db,
    sql`SELECT state, job_id::float8 AS "jobId" FROM mailings WHERE id = ${mailingId}`,
  );
  expect(mailing?.state).toBe('sending');
  const [next] = await queryRows<{ kind: string; state: string; due: boolean }>(
    t.db,
    sql`SELECT kind, state, run_at <= now() AS due FROM jobs WHERE id = ${mailing!.jobId}`,
  );
  expect(next).toEqual({ kind: DELIVERY_JOB, state: 'queued', due: true });
}, 30_000);
