import { beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from './modules/auth/session-repository.js';
import {
  buildArtist,
  buildVideo,
  callApi,
  register,
  signedInAdmin,
  signedInUser,
  type Caller,
} from './testing/factories.js';
import { useTestApp } from './testing/use-test-app.js';

/**
 * Mass assignment and leaks: extra fields (isAdmin above all) are refused and change nothing, and
 * no answer ever carries a password hash, a token or its hash, or, to a fan, another user's email.
 */

let other: Caller;
let admin: Caller;

const { t, fan } = useTestApp({ signIn: { fan: 'user' } });
beforeAll(async () => {
  other = await signedInUser(t.app, { email: 'other.person.secret@example.com' });
  admin = await signedInAdmin(t.app);
  const video = await buildVideo(t.db);
  await buildArtist(t.db);
  await callApi(t.app, 'PUT', '/api/users/liked/add-video', {
    token: other.token,
    body: { userId: other.id, episodeId: video.id },
  });
});

describe('mass assignment', () => {
  it('refuses isAdmin and unknown fields on sign-up, and makes no account', async () => {
    const res = await register(t.app, {
      email: 'eve.climber@example.com',
      password: 'Climb-Pass-1',
      isAdmin: true,
    });
    expect(res.statusCode).toBe(400);
    expect(res.body.message).toBe('Unknown field in body: isAdmin');
    const login = await callApi(t.app, 'POST', '/api/login', {
      body: { email: 'eve.climber@example.com', password: 'Climb-Pass-1' },
    });
    expect(login.statusCode).toBe(401);
  });

  it.each([
    ['PUT', '/api/users', () => ({ id: fan.id, email: fan.email, firstName: 'A', lastName: 'B' })],
    [
      'PUT',
      '/api/users/password',
      () => ({ userId: fan.id, currentPassword: fan.password, newPassword: 'New-Pass-123' }),
    ],
    ['PUT', '/api/users/liked/add-video', () => ({ userId: fan.id, episodeId: 1 })],
  ] as const)('refuses isAdmin in %s %s and the fan stays a fan', async (method, path, body) => {
    const res = await callApi(t.app, method, path, {
      token: fan.token,
      body: { ...body(), isAdmin: true, is_admin: 1 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body.message).toMatch(/^Unknown field in body: /);
    const dashboard = await callApi(t.app, 'GET', '/api/admin/dashboard', { token: fan.token });
    expect(dashboard.statusCode).toBe(403);
  });

  it('refuses isAdmin in the admin forms too (administrators are made by POST /api/admin/users only)', async () => {
    const res = await callApi(t.app, 'PUT', '/api/admin/users', {
      token: admin.token,
      body: { id: fan.id, email: fan.email, firstName: 'A', lastName: 'B', isAdmin: true },
    });
    expect(res.statusCode).toBe(400);
    expect(
      (await callApi(t.app, 'GET', '/api/admin/dashboard', { token: fan.token })).statusCode,
    ).toBe(403);
  });
});

describe('what answers never carry', () => {
  it('no password hash, token, token hash or other user’s email in any answer to a fan', async () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const secrets = [
      '$argon2',
      fan.token,
      hashToken(fan.token),
      other.token,
      hashToken(other.token),
      admin.token,
      hashToken(admin.token),
      other.email,
      other.password,
    ];
    const leaks: string[] = [];
    let answers = 0;
    for (const [path, methods] of Object.entries(doc.paths)) {
      if (!('get' in methods)) continue;
      for (const id of [fan.id, other.id, 1]) {
        const url = path
          .replace('{letter}', 'O')
          .replace('{query}', 'other')
          .replace('{text}', 'other')
          .replace(/\{\w+\}/g, String(id));
        const res = await t.app.inject({
          method: 'GET',
          url,
          headers: { authorization: `Bearer ${fan.token}` },
        });
        answers += 1;
        const seen = `${JSON.stringify(res.headers)}\n${res.body}`;
        for (const secret of secrets)
          if (seen.includes(secret)) leaks.push(`${url}: ${secret.slice(0, 12)}…`);
      }
    }
    // Signing in hands out the caller's own token once, in the header, and nothing else.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: other.email, password: other.password },
    });
    expect(login.body).not.toMatch(/\$argon2|password/i);
    console.info(`no-leaks: ${answers} answers to a fan checked, ${leaks.length} leaks`);
    expect(leaks).toEqual([]);
  });
});
