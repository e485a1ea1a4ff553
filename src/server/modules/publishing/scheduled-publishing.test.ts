import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminVideosMessages as m } from '@shared/messages/admin-videos.js';
import { SCHEDULED_PUBLISH_ACTION } from '@shared/audit-actions.js';
import type { Video } from '@shared/schemas/catalogue.js';
import { auditLog, videos } from '@server/db/schema.js';
import { buildVideo, callApi } from '@server/testing/factories.js';
import { useTestApp } from '@server/testing/use-test-app.js';
import { publishDue, PUBLISH_SCHEDULE } from './scheduled-publishing.js';
import { SCHEDULED_PUBLISH_ACTOR } from './scheduled-videos-repository.js';

let now = new Date('2026-12-01T12:00:00.000Z');
const { t, admin } = useTestApp({
  signIn: { admin: 'admin' },
  clock: () => now,
  // The test runs the schedule itself (runDue), at the time it sets.
  env: { JOBS_POLL_MS: '0' },
});

const later = (minutes: number) => new Date(now.getTime() + minutes * 60_000);

function save(id: number, fields: Record<string, unknown>) {
  return callApi(t.app, 'PUT', '/api/admin/videos', {
    token: admin.token,
    body: { id: String(id), title: 'Midnight Premiere', description: 'Soon.', ...fields },
  });
}

async function stored(id: number) {
  const [row] = await t.db
    .select({ isPublic: videos.isPublic, publishAt: videos.publishAt })
    .from(videos)
    .where(eq(videos.id, id));
  return row!;
}

describe('scheduled publishing', () => {
  it('keeps a scheduled video Private and hidden, then publishes it at its time', async () => {
    const video = await buildVideo(t.db, { isPublic: false });
    const at = later(90);
    const res = await save(video.id, { public_state: '0', publish_at: at.toISOString() });
    expect(res.statusCode).toBe(200);
    expect((res.body.data as Video).publish_at).toBe(at.toISOString());
    expect((res.body.data as Video).public_state).toBe(false);

    // The home page is cached; until the time, visitors neither find nor see it.
    const home = await callApi(t.app, 'GET', '/api/home');
    expect(JSON.stringify(home.body.data)).not.toContain('Midnight Premiere');
    expect((await callApi(t.app, 'GET', `/api/videos/${video.id}`)).statusCode).toBe(404);

    now = later(89);
    expect(await publishDue(t.app)).toEqual([]);
    expect(await stored(video.id)).toEqual({ isPublic: false, publishAt: at });

    now = later(1);
    expect(await publishDue(t.app)).toEqual([{ id: video.id, title: 'Midnight Premiere' }]);
    expect(await stored(video.id)).toEqual({ isPublic: true, publishAt: null });
    const page = await callApi(t.app, 'GET', `/api/videos/${video.id}`);
    expect(page.statusCode).toBe(200);
    expect((page.body.data as { video: Video }).video.publish_at).toBeNull();
    // The cached home page was dropped with it.
    const after = await callApi(t.app, 'GET', '/api/home');
    expect(JSON.stringify(after.body.data)).toContain('Midnight Premiere');

    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, SCHEDULED_PUBLISH_ACTION));
    expect(entry).toMatchObject({
      actorId: null,
      actorEmail: SCHEDULED_PUBLISH_ACTOR,
      targetId: String(video.id),
      targetName: 'Midnight Premiere',
    });
    // Published once: the next run finds nothing.
    expect(await publishDue(t.app)).toEqual([]);
  });

  it('runs as a schedule of the job runner', async () => {
    const video = await buildVideo(t.db, { isPublic: false });
    expect((await save(video.id, { publish_at: later(10).toISOString() })).statusCode).toBe(200);
    now = later(11);
    await t.app.jobs.runNow(PUBLISH_SCHEDULE);
    const ran = await t.app.jobs.runDue();
    // Other schedules (the hourly channel sync) may fall due too as the clock moves on.
    expect(ran.schedules).toBeGreaterThanOrEqual(1);
    expect(await stored(video.id)).toEqual({ isPublic: true, publishAt: null });
  });

  it('accepts a time in any offset, and null or an empty text clears it', async () => {
    const video = await buildVideo(t.db, { isPublic: false });
    const local = new Date(later(60).getTime() - 6 * 3_600_000).toISOString().slice(0, 19);
    const res = await save(video.id, { public_state: '0', publish_at: `${local}-06:00` });
    expect(res.statusCode).toBe(200);
    expect((res.body.data as Video).publish_at).toBe(later(60).toISOString());
    for (const none of [null, '']) {
      await save(video.id, { publish_at: later(5).toISOString() });
      const cleared = await save(video.id, { publish_at: none });
      expect(cleared.statusCode).toBe(200);
      expect(await stored(video.id)).toEqual({ isPublic: false, publishAt: null });
    }
  });

  it('publishing by hand clears the schedule', async () => {
    const video = await buildVideo(t.db, { isPublic: false });
    await save(video.id, { publish_at: later(30).toISOString() });
    expect((await save(video.id, { public_state: '1' })).statusCode).toBe(200);
    expect(await stored(video.id)).toEqual({ isPublic: true, publishAt: null });
  });

  it.each([
    ['a past time', () => ({ publish_at: later(-1).toISOString() }), m.publishAtPast],
    ['the present moment', () => ({ publish_at: now.toISOString() }), m.publishAtPast],
    [
      'more than 5 years ahead',
      () => ({ publish_at: later(6 * 366 * 1440).toISOString() }),
      m.publishAtTooFar,
    ],
    ['no time zone', () => ({ publish_at: '2026-12-24T18:00:00' }), m.publishAtInvalid],
    [
      'a malformed time zone',
      () => ({ publish_at: '2026-12-24T18:00:00+25:00' }),
      m.publishAtInvalid,
    ],
    ['words', () => ({ publish_at: 'next friday' }), m.publishAtInvalid],
    ['a number', () => ({ publish_at: 1_798_000_000_000 }), m.publishAtInvalid],
    [
      'a video saved Public',
      () => ({ public_state: '1', publish_at: later(60).toISOString() }),
      m.publishAtButPublic,
    ],
  ])('refuses %s with a 400 that says so, and changes nothing', async (_, fields, message) => {
    const video = await buildVideo(t.db, { isPublic: false, title: 'Unchanged' });
    const res = await save(video.id, fields());
    expect(res.statusCode).toBe(400);
    expect(res.body.message).toContain(message);
    const [row] = await t.db.select().from(videos).where(eq(videos.id, video.id));
    expect(row).toMatchObject({ title: 'Unchanged', isPublic: false, publishAt: null });
  });

  it('refuses to schedule a video that is Public now unless it is saved Private', async () => {
    const video = await buildVideo(t.db, { isPublic: true, title: 'Out Already' });
    const res = await save(video.id, { publish_at: later(60).toISOString() });
    expect(res.statusCode).toBe(400);
    expect(res.body.message).toBe(m.publishAtButPublic);
    expect(await stored(video.id)).toEqual({ isPublic: true, publishAt: null });

    const privately = await save(video.id, {
      public_state: '0',
      publish_at: later(60).toISOString(),
    });
    expect(privately.statusCode).toBe(200);
    expect(await stored(video.id)).toEqual({ isPublic: false, publishAt: later(60) });
  });
});
