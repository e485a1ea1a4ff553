import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions, users } from '@server/db/schema.js';
import { buildUser, callApi } from '@server/testing/factories.js';
import { createSession, deleteExpiredSessions, findSessionUser } from './session-repository.js';
import { useTestApp } from '@server/testing/use-test-app.js';

const { t } = useTestApp();

// A login reads the hash, spends ~50 ms verifying the password, then opens the session. These are
// the two outcomes of a password change or a deletion landing inside that window.
describe('createSession', () => {
  it('opens a working session for the hash that was checked', async () => {
    const user = await buildUser(t.db);
    const token = await createSession(t.db, user.id, user.passwordHash);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await findSessionUser(t.db, token!)).toMatchObject({ id: user.id });
  });

  it('opens nothing once the password has changed since it was checked', async () => {
    const user = await buildUser(t.db);
    const owner = await callApi(t.app, 'POST', '/api/login', {
      body: { email: user.email, password: user.password },
    });
    const ownerToken = String(owner.headers.authorization).slice(7);
    const changed = await callApi(t.app, 'PUT', '/api/users/password', {
      token: ownerToken,
      body: { userId: user.id, currentPassword: user.password, newPassword: 'Brand-New-Pass2' },
    });
    expect(changed.statusCode).toBe(201);
    expect(await createSession(t.db, user.id, user.passwordHash)).toBeNull();
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);
  });

  it('opens nothing, and throws nothing, when the account was deleted meanwhile', async () => {
    const user = await buildUser(t.db);
    await t.db.delete(users).where(eq(users.id, user.id));
    expect(await createSession(t.db, user.id, user.passwordHash)).toBeNull();
  });

  it('leaves no session from the old password when logins race a password change', async () => {
    const user = await buildUser(t.db);
    const first = await callApi(t.app, 'POST', '/api/login', {
      body: { email: user.email, password: user.password },
    });
    const ownerToken = String(first.headers.authorization).slice(7);
    const attempts = Array.from({ length: 8 }, () =>
      callApi(t.app, 'POST', '/api/login', {
        body: { email: user.email, password: user.password },
      }),
    );
    const change = callApi(t.app, 'PUT', '/api/users/password', {
      token: ownerToken,
      body: { userId: user.id, currentPassword: user.password, newPassword: 'Raced-New-Pass3' },
    });
    const [changed, ...logins] = await Promise.all([change, ...attempts]);
    expect(changed.statusCode).toBe(201);
    for (const login of logins.filter((response) => response.statusCode === 201)) {
      const token = String(login.headers.authorization).slice(7);
      const read = await callApi(t.app, 'GET', `/api/users/${user.id}`, { token });
      expect(read.statusCode).toBe(401);
    }
  });
});

describe('deleteExpiredSessions', () => {
  it('removes sessions past 30 days or idle past 7 days, and keeps live ones', async () => {
    const user = await buildUser(t.db);
    const now = new Date();
    const day = 24 * 60 * 60 * 1000;
    const tokens = {
      live: await createSession(t.db, user.id, user.passwordHash),
      ended: await createSession(t.db, user.id, user.passwordHash),
      idle: await createSession(t.db, user.id, user.passwordHash),
    };
    const hashOf = async (token: string | null) =>
      (await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).find(
        (row) =>
          row.tokenHash ===
          createHash('sha256')
            .update(token ?? '')
            .digest('hex'),
      );
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(now.getTime() - 1000) })
      .where(eq(sessions.tokenHash, (await hashOf(tokens.ended))!.tokenHash));
    await t.db
      .update(sessions)
      .set({ lastSeenAt: new Date(now.getTime() - 8 * day) })
      .where(eq(sessions.tokenHash, (await hashOf(tokens.idle))!.tokenHash));

    expect(await deleteExpiredSessions(t.db, now)).toBeGreaterThanOrEqual(2);
    expect(await hashOf(tokens.live)).toBeDefined();
    expect(await hashOf(tokens.ended)).toBeUndefined();
    expect(await hashOf(tokens.idle)).toBeUndefined();
  });
});
