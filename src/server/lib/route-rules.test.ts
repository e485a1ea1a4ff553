import { describe, expect, it, vi } from 'vitest';
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
    app.post(
      '/api/test/keeps-pages',
      { config: { access: 'user', keeps: ['pages', 'viewers'] } },
      done,
    );
    app.post('/api/test/keeps-viewers', { config: { access: 'user', keeps: ['viewers'] } }, done);
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

  it('decide which caches a successful write drops', async () => {
    const pages = vi.spyOn(t.app.pageCache, 'invalidate');
    const viewers = vi.spyOn(t.app.viewerCache, 'invalidate');
    const dropped = async (path: string) => {
      pages.mockClear();
      viewers.mockClear();
      expect((await callApi(t.app, 'POST', path, { token: fan.token })).statusCode).toBe(200);
      return { pages: pages.mock.calls.length > 0, viewers: viewers.mock.calls.length > 0 };
    };
    expect(await dropped('/api/test/changes-all')).toEqual({ pages: true, viewers: true });
    expect(await dropped('/api/test/keeps-pages')).toEqual({ pages: false, viewers: false });
    expect(await dropped('/api/test/keeps-viewers')).toEqual({ pages: true, viewers: false });
    pages.mockRestore();
    viewers.mockRestore();
  });

  it('are listed for the docs and tests, in the order the routes were added', () => {
    const own = t.app.routeRules().filter((rule) => rule.url.startsWith('/api/test/'));
    expect(own).toEqual([
      { method: 'GET', url: '/api/test/for-admins', access: 'admin', keeps: [] },
      { method: 'POST', url: '/api/test/changes-all', access: 'user', keeps: [] },
      { method: 'POST', url: '/api/test/keeps-pages', access: 'user', keeps: ['pages', 'viewers'] },
      { method: 'POST', url: '/api/test/keeps-viewers', access: 'user', keeps: ['viewers'] },
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
