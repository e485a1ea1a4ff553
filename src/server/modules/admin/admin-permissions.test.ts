import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiMessages } from '@shared/messages/api.js';
import { featuredVideo, videos } from '@server/db/schema.js';
import { buildVideo, callApi } from '@server/testing/factories.js';
import { fakeYoutubeClient, youtubeDetails } from '@server/testing/fake-youtube-client.js';
import { useTestApp } from '@server/testing/use-test-app.js';

const youtube = fakeYoutubeClient({
  video: (youtubeId) =>
    youtubeDetails(youtubeId, { title: `Episode 1 ${youtubeId}`, description: 'From YouTube' }),
  uploads: ['ChAnNeL0001', 'ChAnNeL0002'],
});

const { t, admin, user } = useTestApp({ youtube, signIn: { admin: 'admin', user: 'user' } });

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface Call {
  method: Method;
  url: string;
  body?: () => Promise<unknown>;
  adminStatus: number;
}

let imports = 0;
/** 11 characters while fewer than ten are made. */
const freshYoutubeId = () => `PeRmIsSiOn${imports++}`;
const videoId = async () => (await buildVideo(t.db)).id;

/** Every route of this module, with a body that an administrator may send. */
const calls: Call[] = [
  { method: 'GET', url: '/api/admin/videos/import', adminStatus: 200 },
  {
    method: 'GET',
    url: '/api/admin/videos/import?link=https://youtu.be/LiNkImPoRt1',
    adminStatus: 201,
  },
  {
    method: 'POST',
    url: '/api/admin/videos',
    body: async () => ({ id: freshYoutubeId() }),
    adminStatus: 201,
  },
  {
    method: 'PUT',
    url: '/api/admin/videos',
    body: async () => ({
      id: await videoId(),
      title: 'T',
      description: 'D',
      episode_number: '-1',
      public_state: '1',
    }),
    adminStatus: 200,
  },
  {
    method: 'DELETE',
    url: '/api/admin/videos',
    body: async () => ({ id: String(await videoId()) }),
    adminStatus: 200,
  },
  { method: 'GET', url: '/api/admin/search/videos/country', adminStatus: 200 },
  { method: 'GET', url: '/api/admin/dashboard', adminStatus: 200 },
  { method: 'GET', url: '/api/admin/videos/featured', adminStatus: 200 },
  {
    method: 'PUT',
    url: '/api/admin/videos/featured',
    body: async () => ({ title: 'Featured', link: 'https://www.youtube.com/watch?v=FeAtUrEd001' }),
    adminStatus: 200,
  },
];

describe.each(calls)('$method $url', ({ method, url, body, adminStatus }) => {
  it('answers 401 to a visitor and to a stale token', async () => {
    const anonymous = await callApi(t.app, method, url, { body: await body?.() });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body).toEqual({
      status: 401,
      data: null,
      message: apiMessages.signInRequired,
    });
    const stale = await callApi(t.app, method, url, {
      token: 'x'.repeat(43),
      body: await body?.(),
    });
    expect(stale.statusCode).toBe(401);
    expect(stale.body.message).toBe(apiMessages.sessionExpired);
  });

  it('answers 403 to a signed-in user who is not an administrator', async () => {
    const res = await callApi(t.app, method, url, { token: user.token, body: await body?.() });
    expect(res.statusCode).toBe(403);
    expect(res.body).toEqual({ status: 403, data: null, message: apiMessages.adminRequired });
  });

  it(`answers ${adminStatus} to an administrator`, async () => {
    const res = await callApi(t.app, method, url, { token: admin.token, body: await body?.() });
    expect(res.statusCode).toBe(adminStatus);
    expect(res.body.status).toBe(adminStatus);
  });
});

describe('a refused caller changes nothing', () => {
  it('leaves videos, imports and the featured video as they were', async () => {
    const video = await buildVideo(t.db, { title: 'Untouched', isPublic: false });
    const before = await t.db.select({ id: videos.id }).from(videos);
    for (const token of [undefined, user.token]) {
      const as = token ? { token } : {};
      await callApi(t.app, 'PUT', '/api/admin/videos', {
        ...as,
        body: { id: video.id, title: 'Hacked', description: 'x', public_state: '1' },
      });
      await callApi(t.app, 'DELETE', '/api/admin/videos', { ...as, body: { id: video.id } });
      await callApi(t.app, 'POST', '/api/admin/videos', { ...as, body: { id: 'NoTiMpOrTeD' } });
      await callApi(t.app, 'GET', '/api/admin/videos/import', as);
      await callApi(t.app, 'PUT', '/api/admin/videos/featured', {
        ...as,
        body: { title: 'Hacked', link: video.youtubeId },
      });
    }
    const [row] = await t.db.select().from(videos).where(eq(videos.id, video.id));
    expect(row).toMatchObject({ title: 'Untouched', isPublic: false });
    expect(await t.db.select({ id: videos.id }).from(videos)).toHaveLength(before.length);
    const featured = await t.db.select().from(featuredVideo);
    expect(featured.every((item) => item.title !== 'Hacked')).toBe(true);
  });
});
