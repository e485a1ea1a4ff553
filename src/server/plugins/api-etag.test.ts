import { beforeAll, describe, expect, it } from 'vitest';
import { matchesEtag } from '../lib/etag.js';
import { buildVideo, signedInUser } from '../testing/factories.js';
import { useTestApp } from '../testing/use-test-app.js';

let videoId: number;
const { t } = useTestApp();
beforeAll(async () => {
  videoId = (await buildVideo(t.db)).id;
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('ETags on API reads', () => {
  it('answer 304 with no body when the client holds the same bytes', async () => {
    const first = await get(`/api/videos/${videoId}`);
    expect(first.statusCode).toBe(200);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await get(`/api/videos/${videoId}`, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    const weak = await get(`/api/videos/${videoId}`, { 'if-none-match': `"other", W/${etag}` });
    expect(weak.statusCode).toBe(304);
  });

  it('answer 200 with the body when the bytes differ', async () => {
    const res = await get(`/api/videos/${videoId}`, { 'if-none-match': '"stale"' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 200 });
  });

  it('differ between a visitor and a signed-in viewer, whose answer says what they like', async () => {
    const user = await signedInUser(t.app);
    const visitor = await get(`/api/videos/${videoId}`);
    const viewer = await get(`/api/videos/${videoId}`, { authorization: `Bearer ${user.token}` });
    expect(viewer.statusCode).toBe(200);
    expect(viewer.headers.etag).toBeDefined();
    expect(viewer.headers.etag).not.toBe(visitor.headers.etag);
  });

  it('are not given to refusals or writes', async () => {
    expect((await get('/api/videos/99999999')).headers.etag).toBeUndefined();
    const write = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'nobody@example.com', password: 'Wrong-Pass-1' },
    });
    expect(write.headers.etag).toBeUndefined();
  });
});

describe('matchesEtag', () => {
  it('compares weakly, reads lists and accepts *', () => {
    expect(matchesEtag('"a"', '"a"')).toBe(true);
    expect(matchesEtag('W/"a"', '"a"')).toBe(true);
    expect(matchesEtag('"b", "a"', '"a"')).toBe(true);
    expect(matchesEtag('*', '"a"')).toBe(true);
    expect(matchesEtag('"b"', '"a"')).toBe(false);
    expect(matchesEtag(undefined, '"a"')).toBe(false);
    expect(matchesEtag('"ab"', '"a"')).toBe(false);
  });
});
