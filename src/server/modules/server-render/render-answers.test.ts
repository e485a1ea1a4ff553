import { beforeAll, describe, expect, it } from 'vitest';
import { API_READS } from '@shared/public-pages.js';
import { buildTag, buildVideo, callApi } from '@server/testing/factories.js';
import { useTestApp } from '@server/testing/use-test-app.js';
import { videoDependency } from '../public-pages/public-page.js';
import { renderAnswers } from './render-answers.js';

/** A server render's API reads answer as the API answers a visitor, without HTTP. */
const { t } = useTestApp();
let tagId: number;
let shown: number;
let hidden: number;

beforeAll(async () => {
  tagId = (await buildTag(t.db, 'Porch Songs')).id;
  shown = (await buildVideo(t.db, { tagIds: [tagId], title: 'Café porch light' })).id;
  hidden = (await buildVideo(t.db, { tagIds: [tagId], isPublic: false })).id;
});

describe("a server render's API reads", () => {
  it('are the API routes at the paths the shared declaration gives them', () => {
    for (const path of Object.values(API_READS)) {
      expect(t.app.hasRoute({ method: 'GET', url: `/api${path}` }), path).toBe(true);
    }
  });

  it('answer the page reads with the bytes the API sends a visitor, and what they show', async () => {
    const answers = renderAnswers(t.app);
    for (const path of [
      '/api/home',
      `/api/videos/${shown}`,
      `/api/tag/${tagId}?page=1&pageSize=60`,
      '/api/search/caf%C3%A9',
      '/api/config',
    ]) {
      const answer = await answers.answer(path);
      const api = await callApi(t.app, 'GET', path);
      expect(answer.status, path).toBe(200);
      expect(answer.envelope, path).toEqual(api.body);
    }
    expect(answers.dependsOn).toContain(videoDependency(shown));
  });

  it('answer each path once: asked again, the same parsed answer', async () => {
    const answers = renderAnswers(t.app);
    const first = await answers.answer(`/api/videos/${shown}`);
    expect(await answers.answer(`/api/videos/${shown}`)).toBe(first);
  });

  it('find the search words as the route decodes them', async () => {
    const answer = await renderAnswers(t.app).answer('/api/search/caf%C3%A9%20porch');
    const { data } = answer.envelope as { data: { videos: { id: number }[] } };
    expect(data.videos.map((video) => video.id)).toEqual([shown]);
  });

  it('answer 404 for a private, unknown or malformed subject, and show nothing', async () => {
    for (const path of [
      `/api/videos/${hidden}`,
      '/api/videos/999999',
      '/api/videos/abc',
      '/api/tag/999999?page=1&pageSize=60',
      `/api/tag/${tagId}?page=0&pageSize=60`,
    ]) {
      const answers = renderAnswers(t.app);
      const answer = await answers.answer(path);
      expect(answer.status, path).toBe(404);
      expect(answers.dependsOn.size, path).toBe(0);
    }
  });

  it('answer 404 for a read the public pages never make', async () => {
    const answers = renderAnswers(t.app);
    const answer = await answers.answer('/api/account');
    expect(answer.status).toBe(404);
    expect(answer.envelope).toMatchObject({
      status: 404,
      message: 'No API route GET /api/account.',
    });
  });
});
