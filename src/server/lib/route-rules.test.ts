import { describe, expect, it } from 'vitest';
import { callApi } from '../testing/factories.js';
import { createTestApp } from '../testing/test-app.js';
import { useTestApp } from '../testing/use-test-app.js';

/** Routes of the test's own, each declaring different rules, beside the real ones. */
const { t, fan, admin } = useTestApp({
  checkAnswers: false,
  beforeApiRoutes: (app) => {
    const done = async () => ({ status: 200, data: null, message: 'OK' });
    app.get('/api/test/for-admins', { config: { access: 'admin' } }, done);
    app.post('/api/test/changes-all', { config: { access: 'user' } }, done);
  },
  signIn: { fan: 'user', admin: 'admin' },
});

describe("a route's own rules", () => {
  it('decide who may call it, HEAD included', async () => {
    expect((await callApi(t.app, 'GET', '/api/test/for-admins')).statusCode).toBe(401);
    expect(
      (await callApi(t.app, 'GET', '/api/test/for-admins', { token: fan.token })).statusCode,
    ).toBe(403);
    expect(
      (await callApi(t.app, 'GET', '/api/test/for-admins', { token: admin.token })).statusCode,
    ).toBe(200);
    const head = await t.app.inject({ method: 'HEAD', url: '/api/test/for-admins' });
    expect(head.statusCode).toBe(401);
    expect((await callApi(t.app, 'POST', '/api/test/changes-all')).statusCode).toBe(401);
  });

  it('are listed for the docs and tests, in the order the routes were added', () => {
    const own = t.app.routeRules().filter((rule) => rule.url.startsWith('/api/test/'));
    expect(own).toEqual([
      { method: 'GET', url: '/api/test/for-admins', access: 'admin' },
      { method: 'POST', url: '/api/test/changes-all', access: 'user' },
    ]);
  });
});

describe('an API route without an access rule', () => {
  it('stops the app from starting, naming the route', async () => {
    await expect(
      createTestApp({
        beforeApiRoutes: (app) => {
          app.put('/api/test/undecided', async () => ({ status: 200, data: null, message: 'OK' }));
        },
      }),
    ).rejects.toThrow('API routes without an access rule (config.access): PUT /api/test/undecided');
  });
});
