import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSitePath } from '@shared/page-paths.js';
import type { RenderPage } from '@shared/server-render.js';
import { buildVideo, callApi, signedInUser, type Caller } from '@server/testing/factories.js';
import { createTestApp, type TestApp } from '@server/testing/test-app.js';
import { pageDocuments, type WritePage } from './page-documents.js';

/**
 * The rendered pages are kept in the page cache with what their API reads showed: these tests
 * render through a stand-in for React's render that reads a video the way the app's loader does.
 */
let t: TestApp;
let fan: Caller;
let videoId: number;
let renders: string[];

/** Renders `/videos/{id}` as the title it read, and anything else as a plain page. */
const render: RenderPage = async (path, answer) => {
  renders.push(path);
  const id = /^\/videos\/(.+)$/.exec(path)?.[1];
  if (!id) return { html: '<p>plain</p>', title: null, state: '{}' };
  const { status, body } = await answer(`/api/videos/${id}`);
  const parsed = JSON.parse(body) as { data: { video: { title: string; like_count: number } } };
  const text = status === 200 ? `${parsed.data.video.title}: ${parsed.data.video.like_count}` : '?';
  return { html: `<h1>${text}</h1>`, title: '<title>Video</title>', state: '{}' };
};

const write: WritePage = async (_request, path, rendered) => ({
  html: `<html>${rendered?.title ?? ''}<div id="root">${rendered?.html ?? ''}</div></html>`,
  found: isSitePath(path),
});

const request = { log: { warn: () => undefined } } as unknown as FastifyRequest;

beforeAll(async () => {
  t = await createTestApp();
  fan = await signedInUser(t.app);
  videoId = (await buildVideo(t.db, { title: 'Gravel Road' })).id;
});

afterAll(async () => {
  await t.close();
});

describe('server-rendered pages', () => {
  it('are rendered once, kept, and dropped when what they show changes', async () => {
    renders = [];
    const documents = pageDocuments(t.app, async () => render, write);
    const first = await documents.get(request, `/videos/${videoId}`);
    expect(first?.body.toString()).toContain('<h1>Gravel Road: 0</h1>');
    expect(first?.data.status).toBe(200);
    expect(await documents.get(request, `/videos/${videoId}`)).toBe(first);
    expect(renders).toEqual([`/videos/${videoId}`]);

    const liked = await callApi(t.app, 'PUT', '/api/users/liked/add-video', {
      token: fan.token,
      body: { userId: fan.id, episodeId: videoId },
    });
    expect(liked.statusCode).toBe(200);
    const after = await documents.get(request, `/videos/${videoId}`);
    expect(after?.body.toString()).toContain('<h1>Gravel Road: 1</h1>');
    expect(renders).toHaveLength(2);
  });

  it('are 404s when an API read found nothing, or no page lives at the path', async () => {
    renders = [];
    const documents = pageDocuments(t.app, async () => render, write);
    expect((await documents.get(request, '/videos/999999'))?.data.status).toBe(404);
    const unknown = await documents.get(request, '/no/such/page');
    expect(unknown?.data.status).toBe(404);
    // Every unknown path shows the same page: one render serves them all.
    expect(await documents.get(request, '/no/other/page')).toBe(unknown);
    // A path naming the back-office has no footer: its own not-found page.
    const adminLike = await documents.get(request, '/old-admin-notes');
    expect(adminLike).not.toBe(unknown);
    expect(adminLike?.data.status).toBe(404);
    expect(renders).toEqual(['/videos/999999', '/no/such/page', '/old-admin-notes']);
  });

  it("are rendered and kept per address, a search's ?page= included", async () => {
    renders = [];
    const documents = pageDocuments(t.app, async () => render, write);
    const first = await documents.get(request, '/search/porch');
    const second = await documents.get(request, '/search/porch?page=2');
    expect(second).not.toBe(first);
    expect(second?.data.status).toBe(200);
    expect(await documents.get(request, '/search/porch?page=2')).toBe(second);
    expect(renders).toEqual(['/search/porch', '/search/porch?page=2']);
  });

  it('leave the back-office to the browser, and a failed render too', async () => {
    renders = [];
    const documents = pageDocuments(t.app, async () => render, write);
    expect(await documents.get(request, '/admin/dashboard')).toBeNull();
    expect(renders).toEqual([]);
    // The account is drawn as its sign-in prompt, which the app replaces.
    expect((await documents.get(request, '/account'))?.data.status).toBe(200);
    expect(renders).toEqual(['/account']);
    const failing = pageDocuments(
      t.app,
      async () => () => Promise.reject(new Error('render broke')),
      write,
    );
    expect(await failing.get(request, '/about')).toBeNull();
    const unbuilt = pageDocuments(t.app, async () => null, write);
    expect(await unbuilt.get(request, '/about')).toBeNull();
  });
});
