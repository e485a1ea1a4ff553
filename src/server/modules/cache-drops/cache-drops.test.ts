import { beforeEach, describe, expect, it, vi } from 'vitest';
import { badRequest } from '@server/lib/http-errors.js';
import { callApi } from '@server/testing/factories.js';
import { useTestApp } from '@server/testing/use-test-app.js';
import { artistDependency, videoDependency } from '../public-pages/public-page.js';
import {
  artistPages,
  changesOfBody,
  EVERYTHING,
  videoPages,
  viewerLikes,
} from './write-changes.js';

/** Routes of the test's own, each declaring what its write changes, beside the real ones. */
const { t, fan } = useTestApp({
  // The routes below answer no schema, and one fails with a 500 on purpose.
  checkAnswers: false,
  beforeApiRoutes: (app) => {
    const done = async () => ({ status: 200, data: null, message: 'OK' });
    const rules = { access: 'user' } as const;
    app.post('/api/test/says-nothing', { config: rules }, done);
    app.post('/api/test/changes-nothing', { config: { ...rules, changes: [] } }, done);
    app.post('/api/test/changes-viewers', { config: { ...rules, changes: ['viewers'] } }, done);
    app.put(
      '/api/test/likes',
      {
        config: {
          ...rules,
          changes: changesOfBody((body: { videoId: number; artistId: number }) => [
            videoPages(body.videoId),
            artistPages(body.artistId),
            viewerLikes(7),
          ]),
        },
      },
      done,
    );
    app.get('/api/test/reads', { config: rules }, done);
    app.get('/api/test/reads-and-writes', { config: { ...rules, changes: EVERYTHING } }, done);
    app.post('/api/test/refused', { config: rules }, async () => {
      throw badRequest('No.');
    });
    app.post('/api/test/fails', { config: rules }, async () => {
      throw new Error('The database went away.');
    });
  },
  signIn: { fan: 'user' },
});

const spies = () => ({
  pages: vi.spyOn(t.app.pageCache, 'invalidate'),
  viewers: vi.spyOn(t.app.viewerCache, 'invalidate'),
  pagesShowing: vi.spyOn(t.app.pageCache, 'changed'),
  likesOf: vi.spyOn(t.app.viewerCache, 'likesChanged'),
});
let spy: ReturnType<typeof spies>;
beforeEach(() => {
  vi.restoreAllMocks();
  spy = spies();
});

/** Calls a test route and says what it dropped. */
async function drops(method: 'GET' | 'POST' | 'PUT', path: string, body?: object) {
  const res = await callApi(t.app, method, path, { token: fan.token, body });
  return {
    status: res.statusCode,
    pages: spy.pages.mock.calls.length > 0,
    viewers: spy.viewers.mock.calls.length > 0,
    pagesShowing: spy.pagesShowing.mock.calls.map(([dependency]) => dependency),
    likesOf: spy.likesOf.mock.calls.map(([userId]) => userId),
  };
}

const none = { pages: false, viewers: false, pagesShowing: [], likesOf: [] };

describe('after a successful write, the caches drop', () => {
  it('every page and viewer when the route says nothing', async () => {
    expect(await drops('POST', '/api/test/says-nothing')).toEqual({
      ...none,
      status: 200,
      pages: true,
      viewers: true,
    });
  });

  it('only what the route declares', async () => {
    expect(await drops('POST', '/api/test/changes-nothing')).toEqual({ ...none, status: 200 });
    expect(await drops('POST', '/api/test/changes-viewers')).toEqual({
      ...none,
      status: 200,
      viewers: true,
    });
  });

  it("a targeted drop read from the body: one video's and one artist's pages, one viewer's likes", async () => {
    expect(await drops('PUT', '/api/test/likes', { videoId: 12, artistId: 3 })).toEqual({
      ...none,
      status: 200,
      pagesShowing: [videoDependency(12), artistDependency(3)],
      likesOf: [7],
    });
  });

  it('nothing for a read, unless the read declares that it writes', async () => {
    expect(await drops('GET', '/api/test/reads')).toEqual({ ...none, status: 200 });
    expect(await drops('GET', '/api/test/reads-and-writes')).toEqual({
      ...none,
      status: 200,
      pages: true,
      viewers: true,
    });
  });
});

describe('a write that does not succeed drops nothing', () => {
  it.each([
    ['refused (4xx)', '/api/test/refused', 400],
    ['failed (5xx)', '/api/test/fails', 500],
  ])('%s', async (_name, path, status) => {
    expect(await drops('POST', path)).toEqual({ ...none, status });
  });
});
