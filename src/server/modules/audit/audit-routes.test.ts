import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, JOB_AUDIT_ACTIONS, type AuditAction } from '@shared/audit-actions.js';
import type { AuditEntry } from '@shared/schemas/audit.js';
import { auditLog } from '@server/db/schema.js';
import {
  buildArtist,
  buildTag,
  buildUser,
  buildVideo,
  callApi,
  signedInAdmin,
  signedInUser,
} from '@server/testing/factories.js';
import { useTestApp } from '@server/testing/use-test-app.js';

const { t, admin } = useTestApp({ signIn: { admin: 'admin' } });

async function entries(): Promise<AuditEntry[]> {
  const res = await callApi(t.app, 'GET', '/api/admin/audit?pageSize=200', { token: admin.token });
  expect(res.statusCode).toBe(200);
  return (res.body.data as { entries: AuditEntry[] }).entries;
}

describe('the audit log of administrator actions', () => {
  it('records who created, changed and deleted what, newest first, with field names only', async () => {
    const created = await callApi(t.app, 'POST', '/api/admin/artists', {
      token: admin.token,
      body: { name: 'Audit Artist', description: 'Sings about logs.', img_path: '', featured: 0 },
    });
    expect(created.statusCode).toBe(201);
    const artistId = String((created.body.data as { id: number }).id);
    const video = await buildVideo(t.db);
    await callApi(t.app, 'PUT', '/api/admin/videos', {
      token: admin.token,
      body: { id: video.id, title: 'Renamed', description: 'New words.' },
    });
    const fan = await buildUser(t.db);
    await callApi(t.app, 'DELETE', '/api/users', { token: admin.token, body: { id: fan.id } });
    const newAdmin = await callApi(t.app, 'POST', '/api/admin/users', {
      token: admin.token,
      body: {
        email: 'second-admin@example.com',
        firstName: 'Second',
        lastName: 'Admin',
        password: 'Secret-Admin-9',
      },
    });
    expect(newAdmin.statusCode).toBe(201);

    const log = await entries();
    expect(log.slice(0, 4).map((entry) => [entry.action, entry.target_id])).toEqual([
      ['POST /api/admin/users', String((newAdmin.body.data as { id: number }).id)],
      ['DELETE /api/users', String(fan.id)],
      ['PUT /api/admin/videos', String(video.id)],
      ['POST /api/admin/artists', artistId],
    ]);
    for (const entry of log.slice(0, 4)) {
      expect(entry).toMatchObject({ actor_id: admin.id, actor_email: admin.email });
      expect(Date.now() - Date.parse(entry.at)).toBeLessThan(60_000);
    }
    expect(log[2]!.fields).toEqual(['description', 'id', 'title']);
    expect(log[0]!.fields).toEqual(['email', 'firstName', 'lastName', 'password']);
    // The names of the fields, never their values.
    expect(JSON.stringify(log)).not.toContain('Secret-Admin-9');
  });

  it("names a tag call's real subject: the video, by its title, and the tags", async () => {
    const video = await buildVideo(t.db, { title: 'Pedal Steel Sessions' });
    const [bluegrass, swing] = [await buildTag(t.db, 'Bluegrass'), await buildTag(t.db, 'Swing')];
    const tagCall = (method: 'POST' | 'PUT' | 'DELETE', body: Record<string, unknown>) =>
      callApi(t.app, method, '/api/tags', { token: admin.token, body });
    expect((await tagCall('POST', { id: video.id, name: 'Honky-Tonk' })).statusCode).toBe(201);
    expect(
      (await tagCall('PUT', { epid: video.id, tagid: [swing.id, bluegrass.id] })).statusCode,
    ).toBe(200);
    expect((await tagCall('DELETE', { epid: video.id, tagid: [swing.id] })).statusCode).toBe(200);

    const log = await entries();
    expect(
      log
        .slice(0, 3)
        .map((entry) => [entry.action, entry.target_id, entry.target_name, entry.details]),
    ).toEqual([
      ['DELETE /api/tags', String(video.id), 'Pedal Steel Sessions', ['Swing']],
      ['PUT /api/tags', String(video.id), 'Pedal Steel Sessions', ['Swing', 'Bluegrass']],
      ['POST /api/tags', String(video.id), 'Pedal Steel Sessions', ['Honky-Tonk']],
    ]);
    expect(
      log.slice(0, 3).map((entry) => AUDIT_ACTIONS[entry.action as AuditAction].label),
    ).toEqual(['Untagged a video', 'Tagged a video', 'Tagged a video by name']);
  });

  it('keeps the name of what a deletion removed, and an edit names the item as it now is', async () => {
    const video = await buildVideo(t.db, { title: 'Gone Tomorrow' });
    const artist = await buildArtist(t.db, { name: 'Jonny Cash' });
    const fan = await buildUser(t.db, { firstName: 'Ada', lastName: 'Lovelace' });
    await callApi(t.app, 'DELETE', '/api/admin/videos', {
      token: admin.token,
      body: { id: String(video.id) },
    });
    await callApi(t.app, 'PUT', '/api/admin/artists', {
      token: admin.token,
      body: { id: artist.id, name: 'Johnny Cash', description: 'The Man in Black.' },
    });
    await callApi(t.app, 'DELETE', '/api/users', { token: admin.token, body: { id: fan.id } });
    await callApi(t.app, 'PUT', '/api/users/liked/add-artist', {
      token: admin.token,
      body: { userId: admin.id, artistId: artist.id },
    });

    const log = await entries();
    expect(
      log.slice(0, 4).map((entry) => [entry.action, entry.target_id, entry.target_name]),
    ).toEqual([
      ['PUT /api/users/liked/add-artist', String(artist.id), 'Johnny Cash'],
      ['DELETE /api/users', String(fan.id), `Ada Lovelace (${fan.email})`],
      ['PUT /api/admin/artists', String(artist.id), 'Johnny Cash'],
      ['DELETE /api/admin/videos', String(video.id), 'Gone Tomorrow'],
    ]);
  });

  it('says what a call on the whole catalogue did: the layout in order, how many tags were added', async () => {
    const [first, second] = [await buildTag(t.db), await buildTag(t.db)];
    await callApi(t.app, 'PUT', '/api/tags/featured', {
      token: admin.token,
      body: { id: [second.id, first.id] },
    });
    await callApi(t.app, 'PUT', '/api/tags/autotag', { token: admin.token });
    const [autotag, layout] = await entries();
    expect(layout).toMatchObject({
      action: 'PUT /api/tags/featured',
      target_id: null,
      target_name: null,
      details: [second.name, first.name],
    });
    expect(autotag).toMatchObject({
      action: 'PUT /api/tags/autotag',
      details: [expect.stringMatching(/^\d+$/)],
    });
  });

  it('still lists entries written before the names, without them', async () => {
    await t.db.insert(auditLog).values({
      actorId: admin.id,
      actorEmail: admin.email,
      action: 'PUT /api/tags',
      targetId: '4242',
      fields: ['epid', 'tagid'],
      statusCode: 200,
    });
    const [old] = await entries();
    expect(old).toMatchObject({ target_id: '4242', target_name: null, details: [] });
  });

  it('leaves out reads, refused changes and what fans do', async () => {
    const before = (await entries()).length;
    await callApi(t.app, 'GET', '/api/admin/dashboard', { token: admin.token });
    await callApi(t.app, 'PUT', '/api/admin/videos', {
      token: admin.token,
      body: { id: 999_999, title: 'Nothing', description: 'Nothing' },
    });
    const fan = await signedInUser(t.app);
    const video = await buildVideo(t.db);
    await callApi(t.app, 'PUT', '/api/users/liked/add-video', {
      token: fan.token,
      body: { userId: fan.id, episodeId: video.id },
    });
    expect((await entries()).length).toBe(before);
  });

  it('is for administrators only', async () => {
    const fan = await signedInUser(t.app);
    expect((await callApi(t.app, 'GET', '/api/admin/audit', { token: fan.token })).statusCode).toBe(
      403,
    );
  });

  it('filters by part of the email in any case, by call and by target, paging what matches', async () => {
    const other = await signedInAdmin(t.app);
    const videos = [await buildVideo(t.db), await buildVideo(t.db), await buildVideo(t.db)];
    for (const video of videos) {
      await callApi(t.app, 'PUT', '/api/admin/videos', {
        token: other.token,
        body: { id: video.id, title: `Filtered ${video.id}`, description: 'Words.' },
      });
    }
    await callApi(t.app, 'DELETE', '/api/admin/videos', {
      token: other.token,
      body: { id: videos[0]!.id },
    });
    const list = async (query: string) => {
      const res = await callApi(t.app, 'GET', `/api/admin/audit?${query}`, { token: admin.token });
      expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
      return res.body.data as { entries: AuditEntry[]; pageInfo: { total: number } };
    };
    const actor = encodeURIComponent(other.email.toUpperCase().slice(0, -4));

    const byActor = await list(`actor=${actor}`);
    expect(byActor.pageInfo.total).toBe(4);
    expect(byActor.entries.every((entry) => entry.actor_email === other.email)).toBe(true);

    const edits = await list(
      `actor=${actor}&action=${encodeURIComponent('PUT /api/admin/videos')}`,
    );
    expect(edits.entries.map((entry) => entry.target_id)).toEqual(
      videos.map((video) => String(video.id)).reverse(),
    );

    const pages = [
      await list(`actor=${actor}&pageSize=3&page=1`),
      await list(`actor=${actor}&pageSize=3&page=2`),
    ];
    expect(pages.map((page) => page.entries.length)).toEqual([3, 1]);
    expect(pages.flatMap((page) => page.entries).map((entry) => entry.id)).toEqual(
      byActor.entries.map((entry) => entry.id),
    );

    const onFirst = await list(`actor=${actor}&target=${videos[0]!.id}`);
    expect(onFirst.entries.map((entry) => entry.action)).toEqual([
      'DELETE /api/admin/videos',
      'PUT /api/admin/videos',
    ]);
    // LIKE's wildcards are matched as themselves.
    expect((await list('actor=%25')).pageInfo.total).toBe(0);
  });

  it('names the filter it cannot read', async () => {
    const res = await callApi(t.app, 'GET', '/api/admin/audit?action=GET%20/api/home', {
      token: admin.token,
    });
    expect(res.statusCode).toBe(400);
    expect(res.body.message).toContain('action must be one of the calls the audit log records');
  });

  it('has a name for every change a signed-in administrator or a scheduled job can make', () => {
    const writes = t.app
      .routeRules()
      .filter((rule) => rule.access !== 'public' && rule.method !== 'GET')
      .map((rule) => `${rule.method} ${rule.url}`)
      .filter((route) => route !== 'POST /api/logout');
    // The spec's import is a GET that changes the catalogue; it is logged like a write, and so is
    // the export of the subscribers' personal data.
    expect(Object.keys(AUDIT_ACTIONS).sort()).toEqual(
      [
        ...writes,
        'GET /api/admin/videos/import',
        'GET /api/admin/newsletter/subscribers.csv',
        ...JOB_AUDIT_ACTIONS,
      ].sort(),
    );
  });
});
