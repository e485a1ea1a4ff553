import { request as httpRequest } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PageState } from '@shared/server-render.js';
import { createTestApp, type TestApp } from '@server/testing/test-app.js';
import { makeClientDir } from '../seo/seo-test-client.js';
import { RENDERS_AT_ONCE } from './page-serving.js';

/**
 * The render queue seen from outside: a real server, real sockets, and a stand-in for the built
 * render entry (dist/ssr/entry-server.js) whose renders are held until the test lets them go.
 */
interface HeldRender {
  path: string;
  release: () => void;
}

const HELD_RENDER = '__twangHeldRender';
type HeldRenderFn = (path: string) => Promise<{ html: string; title: null; state: string }>;
const holder = globalThis as unknown as Record<typeof HELD_RENDER, HeldRenderFn | undefined>;

let t: TestApp;
let client: ReturnType<typeof makeClientDir>;
let port: number;
const held: HeldRender[] = [];
/** The page cache's keys in the order pages were asked of it. */
const askedOfCache: string[] = [];
/** A slow CI machine's margin for what happens across sockets. */
const LONG = { timeout: 10_000 };
const statuses = new Map<string, number[]>();

const emptyState: PageState = {
  queries: { mutations: [], queries: [] },
  router: { loaderData: {}, actionData: null, errors: null },
};

beforeAll(async () => {
  client = makeClientDir(`export const renderPage = (path) => globalThis.${HELD_RENDER}(path);\n`);
  holder[HELD_RENDER] = (path) =>
    new Promise((resolve) => {
      held.push({
        path,
        release: () =>
          resolve({ html: `<p>${path}</p>`, title: null, state: JSON.stringify(emptyState) }),
      });
    });
  t = await createTestApp({
    env: { CLIENT_DIR: client.dir },
    beforeApiRoutes: (app) =>
      // onSend: a reply to a client that has left is never finished, so onResponse never runs.
      app.addHook('onSend', async (request, reply) => {
        statuses.set(request.url, [...(statuses.get(request.url) ?? []), reply.statusCode]);
      }),
  });
  const get = t.app.pageCache.get.bind(t.app.pageCache);
  vi.spyOn(t.app.pageCache, 'get').mockImplementation((key, recipe) => {
    askedOfCache.push(key);
    return get(key, recipe);
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});

afterAll(async () => {
  for (const render of held) render.release();
  await t.close();
  delete holder[HELD_RENDER];
  client.remove();
});

/** A page asked for over its own connection: its status and body once answered. */
function ask(path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const asked = httpRequest({ port, host: '127.0.0.1', path, agent: false }, (answer) => {
      let body = '';
      answer.setEncoding('utf8');
      answer.on('data', (chunk: string) => (body += chunk));
      answer.on('end', () => resolve({ status: answer.statusCode ?? 0, body }));
    });
    asked.on('error', reject);
    asked.end();
  });
}

/**
 * A page asked for by a client that will hang up before it is answered: resolves once its render
 * is queued (asked of the page cache), with the hanging up.
 */
async function askToLeave(path: string): Promise<() => Promise<void>> {
  const socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve) => socket.on('connect', resolve));
  socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
  await vi.waitFor(() => expect(askedOfCache).toContain(`html:${path}`), LONG);
  return () =>
    new Promise((resolve) => {
      socket.on('close', () => resolve());
      socket.destroy();
    });
}

const connections = () =>
  new Promise<number>((resolve, reject) =>
    t.app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
  );

describe('the first-time render queue', () => {
  it("skips the render of a client that left while waiting, and another's wait for it", async () => {
    const busy = Array.from({ length: RENDERS_AT_ONCE }, (_, n) => ask(`/search/busy${n}`));
    await vi.waitFor(() => expect(held).toHaveLength(RENDERS_AT_ONCE), LONG);

    // Queued behind them: a client that leaves, then another who asks for the same page and
    // stays, sharing the first one's render in the page cache.
    const leaveLeft = await askToLeave('/search/left');
    await leaveLeft();
    const shared = 'html:/search/shared';
    const leave = await askToLeave('/search/shared');
    const stays = ask('/search/shared');
    await vi.waitFor(
      () => expect(askedOfCache.filter((key) => key === shared)).toHaveLength(2),
      LONG,
    );
    await leave();
    await vi.waitFor(async () => expect(await connections()).toBe(RENDERS_AT_ONCE + 1), LONG);

    for (const render of held.splice(0)) render.release();
    const answers = await Promise.all(busy);
    expect(answers.map((answer) => answer.status)).toEqual(busy.map(() => 200));

    // The page of the client who stayed is made for it, once; nobody's page is made for the others.
    await vi.waitFor(
      () => expect(held.map((render) => render.path)).toEqual(['/search/shared']),
      LONG,
    );
    held.shift()!.release();
    const page = await stays;
    expect(page.status).toBe(200);
    expect(page.body).toContain('<p>/search/shared</p>');
    await vi.waitFor(() => expect(statuses.get('/search/left')).toEqual([499]), LONG);
    expect(statuses.get('/search/shared')?.sort()).toEqual([200, 499]);
    expect(held).toEqual([]);
  });
});
