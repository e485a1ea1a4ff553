import { beforeAll, describe, expect, it } from 'vitest';
import type { Access } from './lib/route-rules.js';
import { callApi, signedInUser } from './testing/factories.js';
import { accessByRoute, concretePath } from './testing/route-access.js';
import { useTestApp } from './testing/use-test-app.js';

/**
 * Walks every route of the OpenAPI document, so a route added later is covered without writing a
 * test for it: who may call it, and that no input a client can send makes it answer 5xx.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface Route {
  method: Method;
  path: string;
}

const JUNK_BODIES: unknown[] = [
  { id: '1', userId: '1', name: 'nul\u0000byte', title: 'a\u0000' },
  {},
  [],
  'text',
  42,
  null,
  { id: 'x'.repeat(5000), email: { $ne: null }, name: ["'; DROP TABLE users; --"] },
  { id: -1, userId: 1e308, tagid: [null, 'a', 1.5], link: 'javascript:alert(1)' },
  { id: '1', title: '\u0000\uFFFF😀<script>alert(1)</script>', description: 7, featured: 'yes' },
];

let routes: Route[];
let access: Map<string, Access>;

const { t, user } = useTestApp({ signIn: { user: 'user' } });
beforeAll(async () => {
  access = accessByRoute(t.app);
  const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  routes = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => ({ method: method.toUpperCase() as Method, path })),
  );
});

const key = (route: Route) => `${route.method} ${route.path}`;
/** OpenAPI writes {id}; the route rules use the router's :id. */
const accessKey = (route: Route) => key(route).replace(/\{(\w+)\}/g, ':$1');
const accessOf = (route: Route): Access | undefined => access.get(accessKey(route));

describe('every route in the OpenAPI document', () => {
  it('lists the routes the product API defines (a sample)', () => {
    const all = routes.map(key);
    for (const expected of [
      'POST /api/login',
      'GET /api/home',
      'GET /api/admin/dashboard',
      'GET /api/admin/videos/import',
      'PUT /api/tags/featured',
      'POST /api/admin/artists',
      'PUT /api/users/liked/add-video',
    ]) {
      expect(all).toContain(expected);
    }
    expect(routes.length).toBeGreaterThanOrEqual(45);
  });

  it('has an access rule for every route', () => {
    expect(routes.filter((route) => !accessOf(route)).map(key)).toEqual([]);
  });

  it('lets a visitor call only the public reads, sign-up, sign-in and recovery', () => {
    // Stated here on its own, not read from the routes: making a route public is a decision
    // this list has to be changed for.
    const publicRoutes = routes.filter((route) => accessOf(route) === 'public').map(key);
    expect(publicRoutes.sort()).toEqual(
      [
        'GET /api/config',
        'POST /api/register',
        'POST /api/login',
        // The second step of an administrator's sign-in (issue 30).
        'POST /api/login/second-factor',
        'POST /api/login/passkey/options',
        'POST /api/login/passkey',
        'POST /api/recovery/generate',
        'POST /api/recovery/validate',
        'POST /api/recovery/reset',
        'GET /api/home',
        'GET /api/videos/{id}',
        'GET /api/tag/{id}',
        'GET /api/search',
        'GET /api/search/{query}',
        'GET /api/featured-artists',
        // Visitors' playback counts as views too (issue 28).
        'POST /api/videos/{id}/progress',
        // A newsletter's unsubscribe link needs no sign-in: its signed token is the permission (issue 32).
        'GET /api/newsletter/unsubscribe',
        'POST /api/newsletter/unsubscribe',
      ].sort(),
    );
  });

  it('answers a visitor 401 on every route that is not public, before reading the body', async () => {
    const wrong: string[] = [];
    for (const route of routes.filter((r) => accessOf(r) !== 'public')) {
      const body = route.method === 'GET' ? undefined : { unexpected: 'field' };
      const res = await callApi(t.app, route.method, concretePath(route.path), { body });
      if (res.statusCode !== 401) wrong.push(`${key(route)} -> ${res.statusCode}`);
      // Clients forget a session only on a 401 that names the Bearer scheme.
      if (res.headers['www-authenticate'] !== 'Bearer realm="twang"') {
        wrong.push(`${key(route)} www-authenticate: ${String(res.headers['www-authenticate'])}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answers a signed-in fan 403 on every admin route, before reading the body', async () => {
    const wrong: string[] = [];
    for (const route of routes.filter((r) => accessOf(r) === 'admin')) {
      const body = route.method === 'GET' ? undefined : { unexpected: 'field' };
      const res = await callApi(t.app, route.method, concretePath(route.path), {
        token: user.token,
        body,
      });
      if (res.statusCode !== 403) wrong.push(`${key(route)} -> ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('lets a signed-in fan past the gate of every user route', async () => {
    const wrong: string[] = [];
    const userRoutes = routes.filter((r) => accessOf(r) === 'user');
    // Logging out ends the session the other calls use, so it goes last.
    userRoutes.sort(
      (a, b) => Number(key(a) === 'POST /api/logout') - Number(key(b) === 'POST /api/logout'),
    );
    for (const route of userRoutes) {
      const body = route.method === 'GET' ? undefined : {};
      // Session 1 may be this fan's own: name one nobody has.
      const path =
        key(route) === 'DELETE /api/sessions/{id}'
          ? '/api/sessions/2147483647'
          : concretePath(route.path);
      const res = await callApi(t.app, route.method, path, {
        token: user.token,
        body,
      });
      // Past the gate a route may still refuse (400 bad body, 403 someone else's id), never 401.
      if (res.statusCode === 401 || res.statusCode >= 500) {
        wrong.push(`${key(route)} -> ${res.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('never answers 5xx to junk, and every refusal is an envelope with a message', async () => {
    const admin = await signedInUser(t.app, { isAdmin: true });
    const failures: string[] = [];
    for (const route of routes) {
      if (route.method === 'GET') continue;
      for (const body of JUNK_BODIES) {
        const res = await t.app.inject({
          method: route.method,
          url: concretePath(route.path),
          headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
        const parsed = res.json() as { status?: number; message?: unknown };
        if (
          res.statusCode >= 500 ||
          typeof parsed.message !== 'string' ||
          parsed.status !== res.statusCode
        ) {
          failures.push(`${key(route)} ${JSON.stringify(body).slice(0, 40)} -> ${res.statusCode}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers paths with junk ids and queries with 4xx, never 5xx', async () => {
    const admin = await signedInUser(t.app, { isAdmin: true });
    const failures: string[] = [];
    for (const route of routes.filter((r) => r.method === 'GET' && r.path.includes('{'))) {
      for (const junk of [
        '0',
        '-1',
        '99999999999',
        '2147483648',
        '%CC%81',
        'a%20%CC%81',
        '%E2%83%9D',
        'abc',
        '%27%20OR%201%3D1',
        '%E2%9C%93'.repeat(40),
        '%00',
      ]) {
        const url = route.path.replace(/\{\w+\}/g, junk);
        const res = await t.app.inject({
          method: 'GET',
          url,
          headers: { authorization: `Bearer ${admin.token}` },
        });
        if (res.statusCode >= 500) failures.push(`${url} -> ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
