import { describe, expect, it } from 'vitest';
import { callApi, login, signedInUser, type Caller } from '@server/testing/factories.js';
import { useTestApp } from '@server/testing/use-test-app.js';

// Each way a session ends, checked the same way: the token then gets a 401 with a Bearer challenge.
// (A reset ending every session is in recovery-routes.test.ts, where codes arrive by mail.)
const { t, admin } = useTestApp({ signIn: { admin: 'admin' } });

async function expectRevoked(user: Caller, token: string) {
  const res = await callApi(t.app, 'GET', `/api/users/${user.id}/liked-videos`, { token });
  expect(res.statusCode).toBe(401);
  expect(res.headers['www-authenticate']).toMatch(/^Bearer /);
}

describe('token revocation', () => {
  it('at logout', async () => {
    const user = await signedInUser(t.app);
    await callApi(t.app, 'POST', '/api/logout', { token: user.token });
    await expectRevoked(user, user.token);
  });

  it('at a password change: every other session', async () => {
    const user = await signedInUser(t.app);
    const elsewhere = await login(t.app, user.email, user.password);
    const res = await callApi(t.app, 'PUT', '/api/users/password', {
      token: user.token,
      body: { userId: user.id, currentPassword: user.password, newPassword: 'Changed-Pass-8' },
    });
    expect(res.statusCode).toBe(201);
    await expectRevoked(user, elsewhere);
    const still = await callApi(t.app, 'GET', `/api/users/${user.id}`, { token: user.token });
    expect(still.statusCode).toBe(200);
  });

  it('when the account is deleted by its owner: every session', async () => {
    const user = await signedInUser(t.app);
    const elsewhere = await login(t.app, user.email, user.password);
    await callApi(t.app, 'DELETE', '/api/users', { token: user.token, body: { id: user.id } });
    await expectRevoked(user, user.token);
    await expectRevoked(user, elsewhere);
  });

  it('when an administrator deletes the user: every session', async () => {
    const user = await signedInUser(t.app);
    const elsewhere = await login(t.app, user.email, user.password);
    const res = await callApi(t.app, 'DELETE', '/api/users', {
      token: admin.token,
      body: { id: user.id },
    });
    expect(res.statusCode).toBe(200);
    await expectRevoked(user, user.token);
    await expectRevoked(user, elsewhere);
  });
});
