import { describe, expect, it } from 'vitest';
import { secondFactorMessages as m } from '@shared/messages/second-factor.js';
import { buildUser, callApi } from '@server/testing/factories.js';
import { useTestApp } from '@server/testing/use-test-app.js';

const { t } = useTestApp();

const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

async function loginFrom(email: string, password: string, userAgent: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    headers: { 'user-agent': userAgent },
    payload: { email, password },
  });
  expect(res.statusCode).toBe(201);
  return String(res.headers.authorization).replace(/^Bearer /, '');
}

interface Listed {
  id: number;
  device: string;
  current: boolean;
}

const listOf = async (token: string) =>
  (await callApi(t.app, 'GET', '/api/sessions', { token })).body.data as Listed[];

describe('a fan’s signed-in sessions', () => {
  it('are listed with their device, this one marked', async () => {
    const fan = await buildUser(t.app.db);
    const phone = await loginFrom(fan.email, fan.password, SAFARI_IPHONE);
    const laptop = await loginFrom(fan.email, fan.password, CHROME_MAC);
    const listed = await listOf(laptop);
    expect(listed.map((s) => [s.device, s.current])).toEqual(
      expect.arrayContaining([
        ['Chrome 131 on macOS', true],
        ['Safari 17 on iOS', false],
      ]),
    );
    expect(listed).toHaveLength(2);
    expect((await listOf(phone)).find((s) => s.current)?.device).toBe('Safari 17 on iOS');
  });

  it('end one by one, or all but this one, and refuse another’s', async () => {
    const fan = await buildUser(t.app.db);
    const here = await loginFrom(fan.email, fan.password, CHROME_MAC);
    const phone = await loginFrom(fan.email, fan.password, SAFARI_IPHONE);
    const tablet = await loginFrom(fan.email, fan.password, SAFARI_IPHONE);
    const stranger = await buildUser(t.app.db);
    const theirs = await loginFrom(stranger.email, stranger.password, CHROME_MAC);

    const phoneId = (await listOf(phone)).find((s) => s.current)!.id;
    const notMine = await callApi(t.app, 'DELETE', `/api/sessions/${phoneId}`, { token: theirs });
    expect(notMine.statusCode).toBe(404);
    expect(notMine.body.message).toBe(m.sessionNotFound);

    const ended = await callApi(t.app, 'DELETE', `/api/sessions/${phoneId}`, { token: here });
    expect(ended.statusCode).toBe(200);
    expect((await callApi(t.app, 'GET', '/api/sessions', { token: phone })).statusCode).toBe(401);

    const others = await callApi(t.app, 'DELETE', '/api/sessions/others', { token: here });
    expect(others.body.data).toEqual({ ended: 1 });
    expect((await callApi(t.app, 'GET', '/api/sessions', { token: tablet })).statusCode).toBe(401);
    expect(await listOf(here)).toHaveLength(1);
    expect((await callApi(t.app, 'GET', '/api/sessions', { token: theirs })).statusCode).toBe(200);

    const bad = await callApi(t.app, 'DELETE', '/api/sessions/abc', { token: here });
    expect(bad.statusCode).toBe(400);
  });

  it('need a signed-in caller', async () => {
    expect((await callApi(t.app, 'GET', '/api/sessions')).statusCode).toBe(401);
  });
});

describe('a new device', () => {
  it('is told to an administrator by mail, once', async () => {
    const admin = await buildUser(t.app.db, { isAdmin: true });
    const before = t.app.mailer.outbox.length;
    await loginFrom(admin.email, admin.password, CHROME_MAC);
    await loginFrom(admin.email, admin.password, CHROME_MAC);
    await loginFrom(admin.email, admin.password, SAFARI_IPHONE);
    const mails = t.app.mailer.outbox.slice(before).filter((mail) => mail.to === admin.email);
    expect(mails.map((mail) => mail.text.match(/signed in from (.+) at/)?.[1])).toEqual([
      'Chrome 131 on macOS',
      'Safari 17 on iOS',
    ]);
  });
});
