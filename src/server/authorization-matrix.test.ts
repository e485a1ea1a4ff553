import { beforeAll, describe, expect, it } from 'vitest';
import { apiMessages } from '@shared/messages/api.js';
import type { Access } from './lib/route-rules.js';
import {
  buildArtist,
  buildVideo,
  callApi,
  login,
  signedInUser,
  type Caller,
} from './testing/factories.js';
import { accessByRoute, concretePath } from './testing/route-access.js';
import { useTestApp } from './testing/use-test-app.js';

/**
 * The authorization matrix: every route of the OpenAPI document × {anonymous, another user, the
 * user themself, an administrator} -> refused with 401, refused with 403, or let through. For the
 * routes that act on one user's account, "another user" acts on the user, and the user is
 * re-read afterwards to show nothing changed.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Role = 'anonymous' | 'another' | 'self' | 'admin';
type Outcome = 401 | 403 | 'allowed';
const ROLES: Role[] = ['anonymous', 'another', 'self', 'admin'];

interface Target {
  user: Caller;
  videoId: number;
  artistId: number;
}

/** Routes that name a user: how to call them on `target`, and who may. */
const OWNED: Record<
  string,
  { request: (t: Target) => { path: string; body?: unknown }; expect: Record<Role, Outcome> }
> = {
  'GET /api/users/:id': {
    request: (t) => ({ path: `/api/users/${t.user.id}` }),
    expect: { anonymous: 401, another: 403, self: 'allowed', admin: 'allowed' },
  },
  'PUT /api/users': {
    request: (t) => ({
      path: '/api/users',
      body: { id: t.user.id, email: t.user.email, firstName: 'Changed', lastName: 'Name' },
    }),
    // Administrators edit people through PUT /api/admin/users, not the fan's own form.
    expect: { anonymous: 401, another: 403, self: 'allowed', admin: 403 },
  },
  'DELETE /api/users': {
    request: (t) => ({ path: '/api/users', body: { id: t.user.id } }),
    expect: { anonymous: 401, another: 403, self: 'allowed', admin: 'allowed' },
  },
  'PUT /api/users/password': {
    request: (t) => ({
      path: '/api/users/password',
      body: { userId: t.user.id, currentPassword: t.user.password, newPassword: 'Changed-Pass-7' },
    }),
    expect: { anonymous: 401, another: 403, self: 'allowed', admin: 403 },
  },
  'GET /api/users/:id/liked-artists': {
    request: (t) => ({ path: `/api/users/${t.user.id}/liked-artists` }),
    expect: { anonymous: 401, another: 403, self: 'allowed', admin: 'allowed' },
  },
  'GET /api/users/:id/liked-videos': {
    request: (t) => ({ path: `/api/users/${t.user.id}/liked-videos` }),
    expect: { anonymous: 401, another: 403, self: 'allowed', admin: 'allowed' },
  },
  ...Object.fromEntries(
    (['add', 'remove'] as const).flatMap((verb) => [
      [
        `PUT /api/users/liked/${verb}-video`,
        {
          request: (t: Target) => ({
            path: `/api/users/liked/${verb}-video`,
            body: { userId: t.user.id, episodeId: t.videoId },
          }),
          expect: { anonymous: 401, another: 403, self: 'allowed', admin: 403 } as const,
        },
      ],
      [
        `PUT /api/users/liked/${verb}-artist`,
        {
          request: (t: Target) => ({
            path: `/api/users/liked/${verb}-artist`,
            body: { userId: t.user.id, artistId: t.artistId },
          }),
          expect: { anonymous: 401, another: 403, self: 'allowed', admin: 403 } as const,
        },
      ],
    ]),
  ),
};

/** Watching (issue 28): a fan's own progress, history and list; administrators read none. */
const SELF_ONLY = { anonymous: 401, another: 403, self: 'allowed', admin: 403 } as const;
const WATCHING: Record<string, (t: Target) => { path: string; body?: unknown }> = {
  'GET /api/users/:id/progress/:videoId': (t) => ({
    path: `/api/users/${t.user.id}/progress/${t.videoId}`,
  }),
  'GET /api/users/:id/continue-watching': (t) => ({
    path: `/api/users/${t.user.id}/continue-watching`,
  }),
  'DELETE /api/users/:id/continue-watching/:videoId': (t) => ({
    path: `/api/users/${t.user.id}/continue-watching/${t.videoId}`,
  }),
  'GET /api/users/:id/history': (t) => ({ path: `/api/users/${t.user.id}/history` }),
  'DELETE /api/users/:id/history': (t) => ({ path: `/api/users/${t.user.id}/history` }),
  'DELETE /api/users/:id/history/:videoId': (t) => ({
    path: `/api/users/${t.user.id}/history/${t.videoId}`,
  }),
  'PUT /api/users/:id/history/paused': (t) => ({
    path: `/api/users/${t.user.id}/history/paused`,
    body: { paused: true },
  }),
  'GET /api/users/:id/list': (t) => ({ path: `/api/users/${t.user.id}/list` }),
  'GET /api/users/:id/list/ids': (t) => ({ path: `/api/users/${t.user.id}/list/ids` }),
  'PUT /api/users/:id/list/:videoId': (t) => ({
    path: `/api/users/${t.user.id}/list/${t.videoId}`,
  }),
  'DELETE /api/users/:id/list/:videoId': (t) => ({
    path: `/api/users/${t.user.id}/list/${t.videoId}`,
  }),
};
for (const [key, request] of Object.entries(WATCHING)) OWNED[key] = { request, expect: SELF_ONLY };

const BY_ACCESS: Record<Access, Record<Role, Outcome>> = {
  public: { anonymous: 'allowed', another: 'allowed', self: 'allowed', admin: 'allowed' },
  user: { anonymous: 401, another: 'allowed', self: 'allowed', admin: 'allowed' },
  admin: { anonymous: 401, another: 403, self: 403, admin: 'allowed' },
};

let routes: { method: Method; path: string; key: string }[];
let accessOf: Map<string, Access>;

const { t, admin, another } = useTestApp({ signIn: { admin: 'admin', another: 'user' } });
beforeAll(async () => {
  accessOf = accessByRoute(t.app);
  const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  routes = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => {
      const upper = method.toUpperCase() as Method;
      return { method: upper, path, key: `${upper} ${path.replace(/\{(\w+)\}/g, ':$1')}` };
    }),
  );
});

/** A fresh target for each cell: some calls delete or change it. */
async function freshTarget(): Promise<Target> {
  const user = await signedInUser(t.app);
  const video = await buildVideo(t.db);
  const artist = await buildArtist(t.db);
  return { user, videoId: video.id, artistId: artist.id };
}

function tokenOf(role: Role, target: Target): string | undefined {
  if (role === 'anonymous') return undefined;
  if (role === 'another') return another.token;
  if (role === 'self') return target.user.token;
  return admin.token;
}

/**
 * What the user looks like to an administrator (account and both liked lists) and to themself
 * (history and My List, which only they read).
 */
async function snapshot(target: Target) {
  const read = async (path: string, token: string) =>
    (await callApi(t.app, 'GET', `/api/users/${target.user.id}${path}`, { token })).body;
  return Promise.all([
    ...['', '/liked-videos', '/liked-artists'].map((path) => read(path, admin.token)),
    ...['/history', '/list/ids'].map((path) => read(path, target.user.token)),
  ]);
}

/** Refused by authentication (a Bearer challenge) or by permission; YouTube's 401 is neither. */
function refusal(status: number, challenge: unknown): 401 | 403 | null {
  if (status === 401 && typeof challenge === 'string' && challenge.startsWith('Bearer')) return 401;
  return status === 403 ? 403 : null;
}

/** The server not set up for the call (the test app has no YouTube key): past the gate, not a fault. */
const NOT_CONFIGURED = new Set<string>([apiMessages.youtubeNoApiKey, apiMessages.youtubeNoChannel]);

function matches(
  outcome: Outcome,
  answer: { statusCode: number; headers: Record<string, unknown>; body: { message: string } },
  owned: boolean,
): boolean {
  const status = answer.statusCode;
  const refused = refusal(status, answer.headers['www-authenticate']);
  if (outcome !== 'allowed') return refused === outcome;
  // Past the gate a route may still refuse the input (400, 404) or say the server lacks a
  // setting (503), never as a refusal of the caller or a fault; an owned route called properly
  // by someone allowed must succeed.
  if (owned) return status >= 200 && status < 300;
  const notConfigured = status === 503 && NOT_CONFIGURED.has(answer.body.message);
  return refused === null && (status < 500 || notConfigured);
}

describe('the authorization matrix', () => {
  it('gives every route × role cell its expected answer; another user never changes the user', async () => {
    const wrong: string[] = [];
    let cells = 0;
    for (const route of routes) {
      const owned = OWNED[route.key];
      const access = accessOf.get(route.key);
      if (!owned && !access) {
        wrong.push(`${route.key}: no access rule`);
        continue;
      }
      for (const role of ROLES) {
        const target = await freshTarget();
        const expected = owned ? owned.expect[role] : BY_ACCESS[access!][role];
        const call = owned
          ? owned.request(target)
          : { path: concretePath(route.path), body: route.method === 'GET' ? undefined : {} };
        // The first session ids are the shared callers' own: name one nobody has.
        if (route.key === 'DELETE /api/sessions/:id') call.path = '/api/sessions/2147483647';
        const before = role === 'another' && owned ? await snapshot(target) : null;
        // Logging out ends the session it is called with: give it a session of its own.
        const token =
          route.key === 'POST /api/logout' && (role === 'another' || role === 'admin')
            ? await login(
                t.app,
                (role === 'admin' ? admin : another).email,
                (role === 'admin' ? admin : another).password,
              )
            : tokenOf(role, target);
        const res = await callApi(t.app, route.method, call.path, { token, body: call.body });
        cells += 1;
        if (!matches(expected, res, Boolean(owned))) {
          wrong.push(`${route.key} as ${role}: ${res.statusCode}, expected ${expected}`);
        }
        if (before) {
          expect(await snapshot(target), `${route.key}: the user changed`).toEqual(before);
          // Still the same password and still there: they can sign in.
          await login(t.app, target.user.email, target.user.password);
        }
      }
    }
    console.info(
      `authorization matrix: ${routes.length} routes × 4 roles = ${cells} cells, ${wrong.length} wrong`,
    );
    expect(wrong).toEqual([]);
    expect(cells).toBe(routes.length * ROLES.length);
  }, 300_000);
});
