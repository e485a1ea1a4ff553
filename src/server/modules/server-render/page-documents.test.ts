import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RenderPage } from '@shared/server-render.js';
import { buildVideo, callApi } from '@server/testing/factories.js';
import { useTestApp } from '@server/testing/use-test-app.js';
import { makeClientDir, metaContents } from '../seo/seo-test-client.js';
import { pageDocument } from './page-documents.js';
import { preparePageServing, RENDERS_AT_ONCE, type PageServing } from './page-serving.js';

/**
 * The rendered pages are kept in the page cache with what their API reads showed: these tests
 * render through a stand-in for React's render that reads a video the way the app's loader does.
 */
const { t, fan } = useTestApp({ signIn: { fan: 'user' } });
let videoId: number;
let renders: string[];

/** Renders `/videos/{id}` as the title it read, and anything else as a plain page. */
const render: RenderPage = async (path, answer) => {
  renders.push(path);
  const id = /^\/videos\/(.+)$/.exec(path)?.[1];
  if (!id) return { html: '<p>plain</p>', title: null, state: '{}' };
  const { status, envelope } = await answer(`/api/videos/${id}`);
  const data = envelope.data as { video: { title: string; like_count: number } } | null;
  const text = status === 200 && data ? `${data.video.title}: ${data.video.like_count}` : '?';
  return { html: `<h1>${text}</h1>`, title: '<title>Video</title>', state: '{}' };
};

const request = {
  log: { warn: () => undefined },
  raw: { socket: { destroyed: false } },
} as unknown as FastifyRequest;

let client: ReturnType<typeof makeClientDir>;

/** Page serving from a stand-in build, rendering with `renderer`. */
function serving(renderer: () => Promise<RenderPage | null>): PageServing {
  return { ...preparePageServing(t.app, client.dir)!, renderer };
}

beforeAll(async () => {
  client = makeClientDir();
  videoId = (await buildVideo(t.db, { title: 'Gravel Road' })).id;
});

afterAll(() => {
  client.remove();
});

describe('server-rendered pages', () => {
  it('are rendered once, kept, and dropped when what they show changes', async () => {
    renders = [];
    const documents = serving(async () => render);
    const first = await pageDocument(documents, request, `/videos/${videoId}`);
    expect(first?.body.toString()).toContain('<h1>Gravel Road: 0</h1>');
    // The head is made from the answer the render read: its page's preview names the video.
    expect(metaContents(first?.body.toString() ?? '', 'og:title')).toEqual(['Gravel Road']);
    expect(first?.data.status).toBe(200);
    expect(await pageDocument(documents, request, `/videos/${videoId}`)).toBe(first);
    expect(renders).toEqual([`/videos/${videoId}`]);

    const liked = await callApi(t.app, 'PUT', '/api/users/liked/add-video', {
      token: fan.token,
      body: { userId: fan.id, episodeId: videoId },
    });
    expect(liked.statusCode).toBe(200);
    const after = await pageDocument(documents, request, `/videos/${videoId}`);
    expect(after?.body.toString()).toContain('<h1>Gravel Road: 1</h1>');
    expect(renders).toHaveLength(2);
  });

  it('are 404s when an API read found nothing, or no page lives at the path', async () => {
    renders = [];
    const documents = serving(async () => render);
    expect((await pageDocument(documents, request, '/videos/999999'))?.data.status).toBe(404);
    const unknown = await pageDocument(documents, request, '/no/such/page');
    expect(unknown?.data.status).toBe(404);
    // Every unknown path shows the same page: one render serves them all.
    expect(await pageDocument(documents, request, '/no/other/page')).toBe(unknown);
    // A path naming the back-office has no footer: its own not-found page.
    const adminLike = await pageDocument(documents, request, '/old-admin-notes');
    expect(adminLike).not.toBe(unknown);
    expect(adminLike?.data.status).toBe(404);
    expect(renders).toEqual(['/videos/999999', '/no/such/page', '/old-admin-notes']);
  });

  it("are rendered and kept per address, a search's ?page= included", async () => {
    renders = [];
    const documents = serving(async () => render);
    const first = await pageDocument(documents, request, '/search/porch');
    const second = await pageDocument(documents, request, '/search/porch?page=2');
    expect(second).not.toBe(first);
    expect(second?.data.status).toBe(200);
    expect(await pageDocument(documents, request, '/search/porch?page=2')).toBe(second);
    expect(renders).toEqual(['/search/porch', '/search/porch?page=2']);
  });

  it('leave the back-office to the browser, and a failed render too', async () => {
    renders = [];
    const documents = serving(async () => render);
    expect(await pageDocument(documents, request, '/admin/dashboard')).toBeNull();
    expect(renders).toEqual([]);
    // The account is drawn as its sign-in prompt, which the app replaces.
    expect((await pageDocument(documents, request, '/account'))?.data.status).toBe(200);
    expect(renders).toEqual(['/account']);
    const failing = serving(async () => () => Promise.reject(new Error('render broke')));
    expect(await pageDocument(failing, request, '/about')).toBeNull();
    const unbuilt = serving(async () => null);
    expect(await pageDocument(unbuilt, request, '/about')).toBeNull();
  });

  it(`are made ${RENDERS_AT_ONCE} at a time, the others waiting their turn`, async () => {
    let running = 0;
    let most = 0;
    const waiting: (() => void)[] = [];
    const held: RenderPage = async (path) => {
      running += 1;
      most = Math.max(most, running);
      await new Promise<void>((resolve) => waiting.push(resolve));
      running -= 1;
      return { html: `<p>${path}</p>`, title: null, state: '{}' };
    };
    const documents = serving(async () => held);
    const paths = Array.from({ length: RENDERS_AT_ONCE + 3 }, (_, n) => `/search/turn${n}`);
    const pages = Promise.all(paths.map((path) => pageDocument(documents, request, path)));
    for (let released = 0; released < paths.length; released += 1) {
      await vi.waitFor(() => expect(waiting.length).toBeGreaterThan(0));
      expect(running).toBeLessThanOrEqual(RENDERS_AT_ONCE);
      waiting.shift()!();
    }
    const made = await pages;
    expect(most).toBe(RENDERS_AT_ONCE);
    made.forEach((page, n) => expect(page?.body.toString()).toContain(`<p>${paths[n]}</p>`));
  });
});
