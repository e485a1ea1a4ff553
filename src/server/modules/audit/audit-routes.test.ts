import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../shared/schemas/audit.js';
import {
  buildUser,
  buildVideo,
  callApi,
  signedInAdmin,
  signedInUser,
  type Caller,
} from '../../testing/factories.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
let admin: Caller;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAdmin(t.app);
});
afterAll(() => t.close());

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
});
