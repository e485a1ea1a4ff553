import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNSUBSCRIBE_ACTION } from '@shared/audit-actions.js';
import { newsletterMessages as m } from '@shared/messages/newsletter.js';
import { queryRows } from '@server/db/query-rows.js';
import { PUBLISH_SCHEDULE } from '../publishing/scheduled-publishing.js';
import { claimRecipients, markSent, releaseClaims } from './delivery-repository.js';
import { STALE_CLAIM_SECONDS } from './mailing-delivery.js';
import {
  buildUser,
  buildVideo,
  callApi,
  signedInAdmin,
  signedInUser,
  type Caller,
} from '@server/testing/factories.js';
import {
  startSmtpCapture,
  type CapturedMail,
  type SmtpCapture,
} from '@server/testing/smtp-capture.js';
import { createTestApp, type TestApp } from '@server/testing/test-app.js';

// One app on one database for the file, a real SMTP server catching what it sends. Mailings run
// when a test calls runJobs(); each test ends with no mailing current, so the next may start one.
const PUBLIC_URL = 'https://twang.example';
let smtp: SmtpCapture;
let t: TestApp;
let admin: Caller;
const refused = new Map<string, { code: number; message: string }>();

beforeAll(async () => {
  smtp = await startSmtpCapture({ refuse: (address) => refused.get(address) ?? null });
  t = await createTestApp({
    env: {
      SMTP_URL: smtp.url,
      PUBLIC_URL,
      MAIL_FROM: 'Twang <news@twang.example>',
      NEWSLETTER_MAILS_PER_SECOND: '2000',
      // The test machine is busy with other files: its mails keep their pace.
      NEWSLETTER_BUSY_MAILS_PER_SECOND: '2000',
    },
  });
  admin = await signedInAdmin(t.app);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const api = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, token = admin.token) =>
  callApi(t.app, method, url, { token, ...(body === undefined ? {} : { body }) });

/** Runs what is due, and what that queued, until nothing is. */
async function runJobs(): Promise<void> {
  for (;;) {
    const ran = await t.app.jobs.runDue();
    if (ran.jobs + ran.schedules === 0) return;
  }
}

const mailsTo = (email: string) => smtp.mails.filter((mail) => mail.to.includes(email));
const tokenIn = (mail: CapturedMail) => {
  const token = /unsubscribe\?token=([\w.-]+)/.exec(mail.headers['list-unsubscribe'] ?? '')?.[1];
  if (!token) throw new Error(`no token in ${mail.headers['list-unsubscribe']}`);
  return token;
};

/** Unsubscribes everyone but `keep`, so a test's recipients are its own. */
async function onlySubscribed(keep: readonly number[]): Promise<void> {
  await t.db.execute(
    sql`UPDATE users SET newsletter = false
        WHERE newsletter AND NOT (id = ANY(${sql.param([...keep])}::int[]))`,
  );
}

async function startMailing(videoIds: number[], subject = 'New this week') {
  const res = await api('POST', '/api/admin/mailings', {
    subject,
    intro: 'Two new ones.\n\nFrom the porch.',
    video_ids: videoIds,
  });
  expect(res.statusCode, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: number; counts: { recipients: number } };
}

async function recipientStates(mailingId: number) {
  return queryRows<{ userId: number; state: string; attempts: number }>(
    t.db,
    sql`SELECT user_id AS "userId", state, attempts FROM mailing_recipients
        WHERE mailing_id = ${mailingId} ORDER BY user_id`,
  );
}

describe('composing', () => {
  it('refuses an empty subject, no episodes, a missing or Private episode, each by name', async () => {
    const hidden = await buildVideo(t.db, { isPublic: false });
    const shown = await buildVideo(t.db);
    const cases: [unknown, string][] = [
      [{ subject: '  ', video_ids: [shown.id] }, m.subjectRequired],
      [{ subject: 'Hello', video_ids: [] }, m.episodesRequired],
      [{ subject: 'Hello' }, m.episodesRequired],
      [{ subject: 'Hello', video_ids: [shown.id, shown.id] }, m.episodesRepeated],
      [{ subject: 'Hello', video_ids: [hidden.id] }, m.episodePrivate],
      [{ subject: 'Hello', video_ids: [shown.id, 99_999_999] }, m.episodeMissing],
      [{ subject: 'x'.repeat(151), video_ids: [shown.id] }, m.subjectTooLong],
    ];
    for (const [body, message] of cases) {
      for (const url of ['/api/admin/mailings', '/api/admin/newsletter/test']) {
        const res = await api('POST', url, body);
        expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
        expect(res.body.message).toContain(message);
      }
    }
    const preview = await api(
      'GET',
      `/api/admin/newsletter/preview?subject=Hi&video_ids=${hidden.id}`,
    );
    expect(preview.statusCode).toBe(400);
    expect(preview.body.message).toBe(m.episodePrivate);
    const junk = await api('GET', '/api/admin/newsletter/preview?subject=Hi&video_ids=1,x');
    expect(junk.statusCode).toBe(400);
    expect(junk.body.message).toContain(m.episodeIdInvalid);
    expect(await queryRows(t.db, sql`SELECT id FROM mailings`)).toEqual([]);
  });

  it('previews the mail with each episode’s thumbnail, title and link, in light and dark', async () => {
    const video = await buildVideo(t.db, {
      title: 'Porch <Sessions> & Friends',
      thumbnail: 'https://i.ytimg.com/vi/abc/hqdefault.jpg',
    });
    const url = `/api/admin/newsletter/preview?subject=${encodeURIComponent('Fresh & new')}&intro=Hello&video_ids=${video.id}`;
    const light = await api('GET', url);
    expect(light.statusCode).toBe(200);
    const { html, text, subject } = light.body.data as {
      html: string;
      text: string;
      subject: string;
    };
    expect(subject).toBe('Fresh & new');
    expect(html).toContain('Porch &lt;Sessions&gt; &amp; Friends');
    expect(html).toContain(`href="${PUBLIC_URL}/videos/${video.id}"`);
    expect(html).toContain('src="https://i.ytimg.com/vi/abc/hqdefault.jpg"');
    expect(html).not.toContain('<Sessions>');
    expect(text).toContain(`Porch <Sessions> & Friends\n${PUBLIC_URL}/videos/${video.id}`);
    expect(text).toContain(`Unsubscribe: ${PUBLIC_URL}/unsubscribe?token=sample`);
    const dark = await api('GET', `${url}&theme=dark`);
    const darkHtml = (dark.body.data as { html: string }).html;
    expect(darkHtml).toContain('background:#17120e');
    expect(html).not.toContain('background:#17120e;font-family');
  });

  it('serves the preview as a document of its own for a frame: signed, with the mail’s own policy', async () => {
    const video = await buildVideo(t.db, { title: 'Framed Tune' });
    const res = await api(
      'GET',
      `/api/admin/newsletter/preview?subject=Framed&video_ids=${video.id}&theme=dark`,
    );
    const frameUrl = (res.body.data as { frame_url: string }).frame_url;
    expect(frameUrl).toMatch(/^\/mail-preview\?d=[\w-]+&s=[\w-]+$/);
    const frame = await t.app.inject({ method: 'GET', url: frameUrl });
    expect(frame.statusCode).toBe(200);
    expect(frame.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(frame.headers['content-security-policy']).toContain("style-src 'unsafe-inline'");
    expect(frame.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(frame.headers['content-security-policy']).not.toContain('script-src');
    expect(frame.body).toContain('Framed Tune');
    expect(frame.body).toContain('background:#17120e');
    // A changed draft or signature is refused: only the API (administrators) makes these.
    const [, data, signature] = /d=([\w-]+)&s=([\w-]+)/.exec(frameUrl)!;
    const other = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(data!, 'base64url').toString()), theme: 'light' }),
    ).toString('base64url');
    for (const url of [
      `/mail-preview?d=${other}&s=${signature}`,
      '/mail-preview',
      `/mail-preview?d=${data}&s=x`,
    ]) {
      const refused = await t.app.inject({ method: 'GET', url });
      expect(refused.statusCode, url).toBe(403);
      expect(refused.body).toBe(m.previewExpired);
    }
    // A video made Private after the preview was drawn is not shown.
    await t.db.execute(sql`UPDATE videos SET is_public = false WHERE id = ${video.id}`);
    const hidden = await t.app.inject({ method: 'GET', url: frameUrl });
    expect(hidden.statusCode).toBe(400);
    expect(hidden.body).toBe(m.episodePrivate);
  });

  it('sends a test to the administrator alone, as a subscriber would get it', async () => {
    const video = await buildVideo(t.db, { title: 'Test Tune' });
    const res = await api('POST', '/api/admin/newsletter/test', {
      subject: 'Trying it',
      video_ids: [video.id],
    });
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ data: { to: admin.email }, message: m.testSent });
    const mail = await smtp.waitForMail((caught) => caught.subject === '[Test] Trying it');
    expect(mail.to).toEqual([admin.email]);
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(mail.html).toContain('Test Tune');
    expect(mail.text).toContain('Test Tune');
  });
});

describe('sending', () => {
  it('mails every subscriber once, multipart, each with their own one-click unsubscribe', async () => {
    const fans = await Promise.all(
      Array.from({ length: 25 }, () => buildUser(t.db, { newsletter: true })),
    );
    const notSubscribed = await buildUser(t.db, { newsletter: false });
    await onlySubscribed(fans.map((fan) => fan.id));
    const [first, second] = [await buildVideo(t.db), await buildVideo(t.db)];
    const started = await startMailing([first.id, second.id], 'Two new episodes');
    expect(started.counts.recipients).toBe(25);
    await runJobs();

    for (const fan of fans) {
      const mails = mailsTo(fan.email).filter((mail) => mail.subject === 'Two new episodes');
      expect(mails, fan.email).toHaveLength(1);
      const mail = mails[0]!;
      expect(mail.headers['content-type']).toMatch(/^multipart\/alternative/);
      expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
      const token = tokenIn(mail);
      expect(token.startsWith(`${fan.id}.${started.id}.`)).toBe(true);
      expect(mail.headers['list-unsubscribe']).toContain(
        `<${PUBLIC_URL}/unsubscribe?token=${token}>`,
      );
      expect(mail.headers['list-unsubscribe']).toContain(
        `<mailto:news@twang.example?subject=unsubscribe%20${token}>`,
      );
      expect(mail.html).toContain(`${PUBLIC_URL}/unsubscribe?token=${token}`);
      expect(mail.text).toContain(`${PUBLIC_URL}/videos/${second.id}`);
      expect(mail.headers['message-id']).toBe(`<mailing-${started.id}-${fan.id}@twang.example>`);
    }
    expect(mailsTo(notSubscribed.email)).toEqual([]);

    const detail = await api('GET', `/api/admin/mailings/${started.id}`);
    expect(detail.body.data).toMatchObject({
      state: 'sent',
      automatic: false,
      created_by: admin.email,
      video_ids: [first.id, second.id],
      counts: { recipients: 25, sent: 25, failed: 0, skipped: 0, pending: 0, unsubscribes: 0 },
    });
    expect((detail.body.data as { html: string }).html).toContain('%%UNSUBSCRIBE_URL%%');
    const list = await api('GET', '/api/admin/mailings');
    expect((list.body.data as { mailings: { id: number }[] }).mailings[0]!.id).toBe(started.id);
  });

  it('sends one mailing at a time; pauses, resumes and cancels it', async () => {
    const fans = await Promise.all(Array.from({ length: 4 }, () => buildUser(t.db)));
    await onlySubscribed(fans.map((fan) => fan.id));
    const video = await buildVideo(t.db);
    const mailing = await startMailing([video.id], 'Paused one');
    const busy = await api('POST', '/api/admin/mailings', {
      subject: 'Again',
      video_ids: [video.id],
    });
    expect(busy.statusCode).toBe(409);
    expect(busy.body.message).toBe(m.mailingBusy);

    const paused = await api('PUT', `/api/admin/mailings/${mailing.id}`, { state: 'paused' });
    expect(paused.body).toMatchObject({ data: { state: 'paused' }, message: m.mailingPaused });
    const twice = await api('PUT', `/api/admin/mailings/${mailing.id}`, { state: 'paused' });
    expect(twice.statusCode).toBe(409);
    // The paused mailing's job ends without sending.
    await runJobs();
    expect(fans.flatMap((fan) => mailsTo(fan.email))).toEqual([]);

    const resumed = await api('PUT', `/api/admin/mailings/${mailing.id}`, { state: 'sending' });
    expect(resumed.body).toMatchObject({ data: { state: 'sending' }, message: m.mailingResumed });
    const cancelled = await api('PUT', `/api/admin/mailings/${mailing.id}`, { state: 'cancelled' });
    expect(cancelled.body).toMatchObject({
      data: { state: 'cancelled', counts: { skipped: 4, pending: 0, sent: 0 } },
      message: m.mailingCancelled,
    });
    await runJobs();
    expect(fans.flatMap((fan) => mailsTo(fan.email))).toEqual([]);
    const ended = await api('PUT', `/api/admin/mailings/${mailing.id}`, { state: 'sending' });
    expect(ended.statusCode).toBe(409);
    expect(ended.body.message).toBe(m.mailingEnded);
    const bad = await api('PUT', `/api/admin/mailings/${mailing.id}`, { state: 'sent' });
    expect(bad.statusCode).toBe(400);
    expect((await api('GET', '/api/admin/mailings/999999')).statusCode).toBe(404);
  });

  it('refuses a mailing when nobody is subscribed, storing nothing', async () => {
    await onlySubscribed([]);
    const video = await buildVideo(t.db);
    const before = await queryRows(t.db, sql`SELECT id FROM mailings`);
    const res = await api('POST', '/api/admin/mailings', {
      subject: 'Anyone?',
      video_ids: [video.id],
    });
    expect(res.statusCode).toBe(409);
    expect(res.body.message).toBe(m.noSubscribers);
    expect(await queryRows(t.db, sql`SELECT id FROM mailings`)).toEqual(before);
  });

  it('skips who unsubscribed before their turn; fails a refused address, retries a deferred one', async () => {
    const [stays, leaves, gone, deferred] = await Promise.all(
      Array.from({ length: 4 }, () => buildUser(t.db)),
    );
    await onlySubscribed([stays!.id, leaves!.id, gone!.id, deferred!.id]);
    refused.set(gone!.email, { code: 550, message: 'No such user here' });
    refused.set(deferred!.email, { code: 451, message: 'Try again later' });
    const video = await buildVideo(t.db);
    const mailing = await startMailing([video.id], 'With refusals');
    await t.db.execute(sql`UPDATE users SET newsletter = false WHERE id = ${leaves!.id}`);
    await runJobs();
    expect(mailsTo(stays!.email)).toHaveLength(1);
    expect(mailsTo(leaves!.email)).toHaveLength(0);

    const states = new Map((await recipientStates(mailing.id)).map((row) => [row.userId, row]));
    expect(states.get(leaves!.id)?.state).toBe('skipped');
    expect(states.get(gone!.id)?.state).toBe('failed');
    expect(states.get(deferred!.id)).toMatchObject({ state: 'queued', attempts: 1 });
    // The deferred one waits for its retry: the mailing is still sending, a later job holds it.
    let detail = await api('GET', `/api/admin/mailings/${mailing.id}`);
    expect(detail.body.data).toMatchObject({ state: 'sending', counts: { pending: 1 } });

    // Its retry times come (twice more), and it ends failed, reported with the server's words.
    for (let attempt = 2; attempt <= 3; attempt++) {
      await t.db.execute(sql`UPDATE mailing_recipients SET retry_at = now() - interval '1 second'
                             WHERE mailing_id = ${mailing.id}`);
      await t.db.execute(sql`UPDATE jobs SET run_at = now() - interval '1 second'
                             WHERE state = 'queued' AND kind = 'newsletter-delivery'`);
      await runJobs();
    }
    detail = await api('GET', `/api/admin/mailings/${mailing.id}`);
    expect(detail.body.data).toMatchObject({
      state: 'sent',
      counts: { recipients: 4, sent: 1, failed: 2, skipped: 1, pending: 0 },
    });
    const failures = (
      detail.body.data as { failures: { email: string; error: string; attempts: number }[] }
    ).failures;
    expect(failures).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          email: gone!.email,
          attempts: 1,
          error: expect.stringContaining('No such user'),
        }),
        expect.objectContaining({
          email: deferred!.email,
          attempts: 3,
          error: expect.stringContaining('Try again later'),
        }),
      ]),
    );
    expect(mailsTo(gone!.email)).toHaveLength(0);
  });
});

describe('when the mail server is gone', () => {
  let down: TestApp;
  beforeAll(async () => {
    const closed = await startSmtpCapture();
    await closed.close();
    down = await createTestApp({ env: { SMTP_URL: closed.url, PUBLIC_URL } });
  });
  afterAll(async () => down.close());

  it('gives every claimed recipient back, counts no attempt, and keeps the mailing to retry', async () => {
    const fans = await Promise.all(Array.from({ length: 3 }, () => buildUser(down.db)));
    const video = await buildVideo(down.db);
    const adminThere = await signedInAdmin(down.app);
    const res = await callApi(down.app, 'POST', '/api/admin/mailings', {
      token: adminThere.token,
      body: { subject: 'Nobody home', video_ids: [video.id] },
    });
    expect(res.statusCode).toBe(201);
    const test = await callApi(down.app, 'POST', '/api/admin/newsletter/test', {
      token: adminThere.token,
      body: { subject: 'Nobody home', video_ids: [video.id] },
    });
    expect(test.statusCode).toBe(503);
    expect(test.body.message).toBe(m.mailServerDown);
    await down.app.jobs.runDue();
    const states = await queryRows<{ state: string; attempts: number }>(
      down.db,
      sql`SELECT state, attempts FROM mailing_recipients`,
    );
    expect(states).toHaveLength(fans.length + 1);
    expect(states.every((row) => row.state === 'queued' && row.attempts === 0)).toBe(true);
    const [job] = await queryRows<{ state: string; lastError: string }>(
      down.db,
      sql`SELECT state, last_error AS "lastError" FROM jobs WHERE kind = 'newsletter-delivery'`,
    );
    expect(job).toMatchObject({ state: 'queued' });
    const detail = await callApi(
      down.app,
      'GET',
      `/api/admin/mailings/${(res.body.data as { id: number }).id}`,
      {
        token: adminThere.token,
      },
    );
    expect(detail.body.data).toMatchObject({
      state: 'sending',
      counts: { sent: 0, pending: fans.length + 1 },
    });
  });
});

describe('a runner that died mid-send', () => {
  it('leaves its claimed recipients until their claim is stale, then sends each once', async () => {
    const fans = await Promise.all(Array.from({ length: 6 }, () => buildUser(t.db)));
    await onlySubscribed(fans.map((fan) => fan.id));
    const video = await buildVideo(t.db);
    const mailing = await startMailing([video.id], 'After a crash');
    // A dead instance had claimed the first two and sent the first, then died.
    await t.db
      .execute(sql`UPDATE mailing_recipients SET state = 'sending', attempts = 1, claimed_at = now()
                           WHERE mailing_id = ${mailing.id} AND user_id IN (${fans[0]!.id}, ${fans[1]!.id})`);
    await t.db
      .execute(sql`UPDATE mailing_recipients SET state = 'sent', sent_at = now(), claimed_at = NULL
                           WHERE mailing_id = ${mailing.id} AND user_id = ${fans[0]!.id}`);
    await runJobs();
    expect(mailsTo(fans[0]!.email)).toHaveLength(0);
    expect(mailsTo(fans[1]!.email)).toHaveLength(0);
    for (const fan of fans.slice(2)) expect(mailsTo(fan.email)).toHaveLength(1);

    // Two minutes on, the claim is stale: a follow-up job sends it, once.
    await t.db.execute(sql`UPDATE mailing_recipients SET claimed_at = now() - interval '3 minutes'
                           WHERE mailing_id = ${mailing.id} AND state = 'sending'`);
    await t.db.execute(sql`UPDATE jobs SET run_at = now() - interval '1 second'
                           WHERE state = 'queued' AND kind = 'newsletter-delivery'`);
    await runJobs();
    expect(mailsTo(fans[1]!.email)).toHaveLength(1);
    const detail = await api('GET', `/api/admin/mailings/${mailing.id}`);
    expect(detail.body.data).toMatchObject({ state: 'sent', counts: { sent: 6, pending: 0 } });
  });
});

describe('the fence on each mail', () => {
  it('records a mail only for the claim that sent it, while its job still sends the mailing', async () => {
    const fans = await Promise.all(Array.from({ length: 3 }, () => buildUser(t.db)));
    await onlySubscribed(fans.map((fan) => fan.id));
    const video = await buildVideo(t.db);
    const mailing = await startMailing([video.id], 'Fenced');
    const [row] = await queryRows<{ jobId: number }>(
      t.db,
      sql`SELECT job_id::float8 AS "jobId" FROM mailings WHERE id = ${mailing.id}`,
    );
    const jobId = row!.jobId;
    // A job's claim, as the delivery makes it.
    const claimed = await claimRecipients(t.db, mailing.id, 10, STALE_CLAIM_SECONDS, null);
    expect(claimed).toHaveLength(3);
    const [first, second, third] = claimed;
    const claimOf = (recipient: typeof first) => ({
      mailingId: mailing.id,
      userId: recipient!.userId,
      attempts: recipient!.attempts,
      jobId,
    });
    expect(await markSent(t.db, claimOf(first))).toBe(true);
    // Another job id, or an attempt that is not the claim's: nothing is recorded.
    expect(await markSent(t.db, { ...claimOf(second), jobId: jobId + 1 })).toBe(false);
    expect(await markSent(t.db, { ...claimOf(second), attempts: 99 })).toBe(false);
    // Paused: the job's next mail is not recorded (so not sent); its claims go back at once.
    await api('PUT', `/api/admin/mailings/${mailing.id}`, { state: 'paused' });
    expect(await markSent(t.db, claimOf(second))).toBe(false);
    await releaseClaims(t.db, mailing.id, [second!, { ...third!, attempts: 99 }]);
    const states = new Map((await recipientStates(mailing.id)).map((r) => [r.userId, r]));
    expect(states.get(first!.userId)?.state).toBe('sent');
    expect(states.get(second!.userId)).toMatchObject({ state: 'queued', attempts: 0 });
    // A claim that is not its own (another attempt number) is left alone.
    expect(states.get(third!.userId)).toMatchObject({ state: 'sending', attempts: 1 });
    // Cancelled: claims in flight are skipped too, and nothing more is recorded.
    await api('PUT', `/api/admin/mailings/${mailing.id}`, { state: 'cancelled' });
    expect(await markSent(t.db, claimOf(third))).toBe(false);
    const after = await recipientStates(mailing.id);
    expect(after.map((r) => r.state).sort()).toEqual(['sent', 'skipped', 'skipped']);
  });
});

describe('unsubscribing', () => {
  it('by the one-click POST and by the page; a repeat says so, a tampered or replayed link is refused', async () => {
    const fan = await signedInUser(t.app);
    const other = await buildUser(t.db);
    await onlySubscribed([fan.id, other.id]);
    const video = await buildVideo(t.db);
    const mailing = await startMailing([video.id], 'Unsubscribe me');
    await runJobs();
    const token = tokenIn(mailsTo(fan.email).at(-1)!);

    const state = await api('GET', `/api/newsletter/unsubscribe?token=${token}`, undefined, '');
    expect(state.body).toMatchObject({
      data: { email: `${fan.email[0]}•••@example.com`, subscribed: true },
      message: m.subscribed,
    });
    const oneClick = await t.app.inject({
      method: 'POST',
      url: `/unsubscribe?token=${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.body).toBe(m.unsubscribed);
    const [row] = await queryRows<{ newsletter: boolean }>(
      t.db,
      sql`SELECT newsletter FROM users WHERE id = ${fan.id}`,
    );
    expect(row?.newsletter).toBe(false);
    const account = await callApi(t.app, 'GET', `/api/users/${fan.id}`, { token: fan.token });
    expect(account.body.data).toMatchObject({ newsletter: 0 });
    const [entry] = await queryRows<{ actorEmail: string; details: string[] }>(
      t.db,
      sql`SELECT actor_email AS "actorEmail", details FROM audit_log
          WHERE action = ${UNSUBSCRIBE_ACTION} AND target_id = ${String(fan.id)}`,
    );
    expect(entry).toEqual({
      actorEmail: fan.email,
      details: ['One-click (mail client)', `Mailing ${mailing.id}`],
    });
    const detail = await api('GET', `/api/admin/mailings/${mailing.id}`);
    expect(detail.body.data).toMatchObject({ counts: { unsubscribes: 1 } });

    const again = await api('POST', '/api/newsletter/unsubscribe', { token }, '');
    expect(again.body).toMatchObject({
      status: 200,
      data: { subscribed: false },
      message: m.alreadyUnsubscribed,
    });

    const tampered = token.replace(/^(\d+)/, String(other.id));
    for (const bad of [tampered, `${token}x`, 'nonsense']) {
      const res = await api('POST', '/api/newsletter/unsubscribe', { token: bad }, '');
      expect(res.statusCode, bad).toBe(400);
      expect(res.body.message).toBe(m.tokenInvalid);
    }
    const forged = await t.app.inject({ method: 'POST', url: `/unsubscribe?token=${tampered}` });
    expect(forged.statusCode).toBe(400);
    expect(forged.body).toBe(m.tokenInvalid);
    const [otherRow] = await queryRows<{ newsletter: boolean }>(
      t.db,
      sql`SELECT newsletter FROM users WHERE id = ${other.id}`,
    );
    expect(otherRow?.newsletter).toBe(true);

    // Subscribed again from the account: the old link no longer undoes it.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const resubscribe = await callApi(t.app, 'PUT', '/api/users', {
      token: fan.token,
      body: {
        id: fan.id,
        email: fan.email,
        firstName: 'Again',
        lastName: 'Fan',
        zip_code: '37203',
        birthday: '1990-05-17',
        newsletter: '1',
      },
    });
    expect(resubscribe.statusCode, JSON.stringify(resubscribe.body)).toBe(200);
    const replayed = await api('POST', '/api/newsletter/unsubscribe', { token }, '');
    expect(replayed.statusCode).toBe(409);
    expect(replayed.body.message).toBe(m.tokenReplayed);
    const stillOn = await callApi(t.app, 'GET', `/api/users/${fan.id}`, { token: fan.token });
    expect(stillOn.body.data).toMatchObject({ newsletter: 1 });
  });
});

describe('subscribers', () => {
  it('counts them with their trend and exports them as CSV, logged', async () => {
    const fans = [
      await buildUser(t.db, { firstName: '=HYPERLINK("x")', lastName: 'Webb', zipcode: '37203' }),
      await buildUser(t.db, { firstName: 'Loretta', lastName: 'Lynn, Jr', zipcode: '' }),
    ];
    await onlySubscribed(fans.map((fan) => fan.id));
    const overview = await api('GET', '/api/admin/newsletter');
    const data = overview.body.data as {
      subscribers: number;
      trend: { day: string; subscribers: number; subscribed: number; unsubscribed: number }[];
      mail_configured: boolean;
      settings: { auto_send: boolean };
    };
    expect(data.subscribers).toBe(2);
    expect(data.trend).toHaveLength(30);
    const today = data.trend.at(-1)!;
    expect(today.subscribers).toBe(2);
    expect(today.day).toBe(new Date().toISOString().slice(0, 10));
    expect(today.unsubscribed).toBeGreaterThan(0);
    expect(data.trend[0]!.subscribers).toBe(
      2 - data.trend.slice(1).reduce((sum, day) => sum + day.subscribed - day.unsubscribed, 0),
    );
    expect(data).toMatchObject({ mail_configured: true, settings: { auto_send: false } });

    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/admin/newsletter/subscribers.csv',
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename="twang-subscribers-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toBe('email,first_name,last_name,zip_code,signed_up,newsletter_since');
    expect(lines).toHaveLength(3);
    const day = new Date().toISOString().slice(0, 10);
    expect(lines[1]).toBe(`${fans[0]!.email},"'=HYPERLINK(""x"")",Webb,37203,${day},${day}`);
    expect(lines[2]).toBe(`${fans[1]!.email},Loretta,"Lynn, Jr",,${day},${day}`);
    const [entry] = await queryRows<{ actorEmail: string }>(
      t.db,
      sql`SELECT actor_email AS "actorEmail" FROM audit_log
          WHERE action = 'GET /api/admin/newsletter/subscribers.csv'`,
    );
    expect(entry?.actorEmail).toBe(admin.email);
    const fan = await signedInUser(t.app);
    expect(
      (await api('GET', '/api/admin/newsletter/subscribers.csv', undefined, fan.token)).statusCode,
    ).toBe(403);
  });

  it('suggests public episodes published since the last mailing', async () => {
    const old = await buildVideo(t.db, { publishedAt: new Date(Date.now() - 40 * 86_400_000) });
    const fresh = await buildVideo(t.db, {
      publishedAt: new Date(Date.now() + 1000),
      title: 'Fresh',
    });
    const hidden = await buildVideo(t.db, {
      publishedAt: new Date(Date.now() + 1000),
      isPublic: false,
    });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const overview = await api('GET', '/api/admin/newsletter');
    const ids = (overview.body.data as { suggested: { id: number }[] }).suggested.map((v) => v.id);
    expect(ids).toContain(fresh.id);
    expect(ids).not.toContain(old.id);
    expect(ids).not.toContain(hidden.id);
  });
});

describe('automatic mailings', () => {
  it('announce an episode the schedule publishes, once turned on', async () => {
    const fan = await buildUser(t.db);
    await onlySubscribed([fan.id]);
    const off = await api('PUT', '/api/admin/newsletter/settings', { auto_send: 'yes' });
    expect(off.statusCode).toBe(400);
    expect(off.body.message).toContain(m.autoSendInvalid);
    const on = await api('PUT', '/api/admin/newsletter/settings', { auto_send: true });
    expect(on.body).toMatchObject({ data: { auto_send: true }, message: m.settingsSaved });
    const episode = await buildVideo(t.db, {
      isPublic: false,
      title: 'Premiere Night',
      publishAt: new Date(Date.now() - 1000),
    });
    await t.app.jobs.runNow(PUBLISH_SCHEDULE);
    await runJobs();
    const mail = mailsTo(fan.email).find(
      (caught) => caught.subject === 'New on Twang: Premiere Night',
    );
    expect(mail?.text).toContain(`${PUBLIC_URL}/videos/${episode.id}`);
    const list = await api('GET', '/api/admin/mailings');
    expect(
      (list.body.data as { mailings: { automatic: boolean; created_by: string }[] }).mailings[0],
    ).toMatchObject({
      automatic: true,
      created_by: 'automatic (new episode)',
    });
    await api('PUT', '/api/admin/newsletter/settings', { auto_send: false });
  });
});
