import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Video } from '@shared/schemas/catalogue.js';
import { sessions, videoLikes } from '@server/db/schema.js';
import {
  buildVideo,
  callApi,
  login,
  signedInUser,
  type Caller,
} from '@server/testing/factories.js';
import { hashToken } from '../auth/session-repository.js';
import { useTestApp } from '@server/testing/use-test-app.js';

const { t, admin } = useTestApp({ signIn: { admin: 'admin' } });

const account = (caller: Caller, token = caller.token) =>
  callApi(t.app, 'GET', `/api/users/${caller.id}`, { token });

describe('sessions kept in memory', () => {
  it('are used without the database once seen, and forgotten when the cache is told', async () => {
    const fan = await signedInUser(t.app);
    expect((await account(fan)).statusCode).toBe(200);
    // Behind the API's back, so only the cache's own news reaches it.
    await t.db.delete(sessions).where(eq(sessions.tokenHash, hashToken(fan.token)));
    expect((await account(fan)).statusCode).toBe(200);
    await t.app.viewerCache.invalidate();
    expect((await account(fan)).statusCode).toBe(401);
  });

  it('end at logout: the next request is refused', async () => {
    const fan = await signedInUser(t.app);
    expect((await account(fan)).statusCode).toBe(200);
    expect((await callApi(t.app, 'POST', '/api/logout', { token: fan.token })).statusCode).toBe(
      200,
    );
    expect((await account(fan)).statusCode).toBe(401);
  });

  it('a password change ends the other sessions at once, and keeps the caller’s', async () => {
    const fan = await signedInUser(t.app);
    const otherDevice = await login(t.app, fan.email, fan.password);
    expect((await account(fan, otherDevice)).statusCode).toBe(200);
    const change = await callApi(t.app, 'PUT', '/api/users/password', {
      token: fan.token,
      body: { userId: fan.id, currentPassword: fan.password, newPassword: 'Fresh-Fiddle-42' },
    });
    expect(change.statusCode).toBe(201);
    expect((await account(fan, otherDevice)).statusCode).toBe(401);
    expect((await account(fan)).statusCode).toBe(200);
  });

  it('a deleted account’s session is refused at once', async () => {
    const fan = await signedInUser(t.app);
    expect((await account(fan)).statusCode).toBe(200);
    const deletion = await callApi(t.app, 'DELETE', '/api/users', {
      token: admin.token,
      body: { id: fan.id },
    });
    expect(deletion.statusCode).toBe(200);
    expect((await account(fan)).statusCode).toBe(401);
  });

  it('a failed write keeps what is kept', async () => {
    const fan = await signedInUser(t.app);
    expect((await account(fan)).statusCode).toBe(200);
    await t.db.delete(sessions).where(eq(sessions.tokenHash, hashToken(fan.token)));
    const refused = await callApi(t.app, 'PUT', '/api/users/password', {
      token: fan.token,
      body: { userId: fan.id, currentPassword: 'Not-The-Pass-9', newPassword: 'Fresh-Fiddle-42' },
    });
    expect(refused.statusCode).toBe(400);
    expect((await account(fan)).statusCode).toBe(200);
    await t.app.viewerCache.invalidate();
  });
});

describe('a viewer’s likes kept in memory', () => {
  const videoPage = async (caller: Caller, id: number) => {
    const res = await callApi(t.app, 'GET', `/api/videos/${id}`, { token: caller.token });
    expect(res.statusCode).toBe(200);
    return (res.body.data as { video: Video }).video;
  };

  it('show a like or an unlike on the liker’s next page', async () => {
    const fan = await signedInUser(t.app);
    const video = await buildVideo(t.db);
    expect((await videoPage(fan, video.id)).isLiked).toBe(false);
    for (const [route, liked] of [
      ['add-video', true],
      ['remove-video', false],
    ] as const) {
      const res = await callApi(t.app, 'PUT', `/api/users/liked/${route}`, {
        token: fan.token,
        body: { userId: fan.id, episodeId: video.id },
      });
      expect(res.statusCode).toBe(200);
      expect((await videoPage(fan, video.id)).isLiked).toBe(liked);
    }
  });

  it('are the viewer’s own: another viewer’s like changes nothing for them', async () => {
    const [fan, other] = await Promise.all([signedInUser(t.app), signedInUser(t.app)]);
    const video = await buildVideo(t.db);
    await t.db.insert(videoLikes).values({ userId: fan.id, videoId: video.id });
    await t.app.viewerCache.likesChanged(fan.id);
    expect((await videoPage(fan, video.id)).isLiked).toBe(true);
    await callApi(t.app, 'PUT', '/api/users/liked/add-video', {
      token: other.token,
      body: { userId: other.id, episodeId: video.id },
    });
    expect((await videoPage(other, video.id)).isLiked).toBe(true);
    expect((await videoPage(fan, video.id)).isLiked).toBe(true);
    // Behind the API's back: the kept likes still answer until the cache hears of it.
    await t.db.delete(videoLikes).where(eq(videoLikes.userId, fan.id));
    expect((await videoPage(fan, video.id)).isLiked).toBe(true);
    await t.app.viewerCache.likesChanged(fan.id);
    expect((await videoPage(fan, video.id)).isLiked).toBe(false);
  });
});
