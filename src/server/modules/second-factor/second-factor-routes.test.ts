import { generate } from 'otplib';
import { beforeEach, describe, expect, it } from 'vitest';
import { BACKUP_CODE_SIGN_IN_ACTION } from '@shared/audit-actions.js';
import { secondFactorMessages as m } from '@shared/messages/second-factor.js';
import { eq } from 'drizzle-orm';
import { auditLog, totpFactors, users } from '@server/db/schema.js';
import { hashPassword } from '../auth/password-hashing.js';
import { buildUser, buildVideo, callApi, login, type Caller } from '@server/testing/factories.js';
import { useTestApp } from '@server/testing/use-test-app.js';

// The clock the app checks codes against; each test moves it on so steps never collide.
let now = new Date('2026-11-27T12:00:00Z');
// The limits at their real size: the one test that spends them calls from its own address.
const { t, admin } = useTestApp({
  clock: () => now,
  env: { RATE_LIMIT_SCALE: '1' },
  signIn: { admin: 'admin' },
});

const codeAt = (secret: string, at: Date) =>
  generate({ secret, epoch: Math.floor(at.getTime() / 1000) });

/** An administrator signed in with a password only (no second factor yet). */
async function freshAdmin(): Promise<Caller> {
  const user = await buildUser(t.app.db, { isAdmin: true });
  const token = await login(t.app, user.email, user.password);
  return { id: user.id, email: user.email, password: user.password, token, isAdmin: true };
}

/** Enrols `who` and answers the secret and the backup codes. */
async function enrol(who: Caller) {
  const started = await callApi(t.app, 'POST', '/api/admin/second-factor/totp', {
    token: who.token,
    body: { password: who.password },
  });
  expect(started.statusCode).toBe(200);
  const { secret, uri, qrSvg } = started.body.data as {
    secret: string;
    uri: string;
    qrSvg: string;
  };
  expect(uri).toContain(`secret=${secret}`);
  expect(qrSvg).toMatch(/^<svg/);
  const confirmed = await callApi(t.app, 'POST', '/api/admin/second-factor/totp/confirm', {
    token: who.token,
    body: { code: await codeAt(secret, now) },
  });
  expect(confirmed.statusCode).toBe(200);
  const { backupCodes } = confirmed.body.data as { backupCodes: string[] };
  return { secret, backupCodes };
}

const passwordStep = (who: Caller) =>
  callApi(t.app, 'POST', '/api/login', { body: { email: who.email, password: who.password } });

async function challengeFor(who: Caller): Promise<string> {
  const res = await passwordStep(who);
  expect(res.statusCode).toBe(202);
  expect(res.headers.authorization).toBeUndefined();
  return (res.body.data as { secondFactor: { challenge: string } }).secondFactor.challenge;
}

const secondStep = (challenge: string, code: string, ip?: string) =>
  callApi(t.app, 'POST', '/api/login/second-factor', { body: { challenge, code }, ip });

beforeEach(() => {
  now = new Date(now.getTime() + 10 * 60_000);
});

describe('an administrator’s authenticator app', () => {
  it('is enrolled with the password again and a first code, and then asked for at sign-in', async () => {
    const who = await freshAdmin();
    const other = await login(t.app, who.email, who.password);
    const { secret, backupCodes } = await enrol(who);
    expect(backupCodes).toHaveLength(10);
    expect(new Set(backupCodes).size).toBe(10);
    // Enabling the factor ends the account's other sessions, not this one.
    expect(
      (await callApi(t.app, 'GET', '/api/admin/second-factor', { token: other })).statusCode,
    ).toBe(401);
    const status = await callApi(t.app, 'GET', '/api/admin/second-factor', { token: who.token });
    expect(status.body.data).toMatchObject({ totp: true, backupCodesLeft: 10, available: true });

    const challenge = await challengeFor(who);
    now = new Date(now.getTime() + 31_000);
    const signedIn = await secondStep(challenge, await codeAt(secret, now));
    expect(signedIn.statusCode).toBe(201);
    expect(signedIn.headers.authorization).toMatch(/^Bearer /);
    expect(signedIn.body.data).toMatchObject({ userid: who.id, isAdmin: true });
  });

  it('accepts a code one step early or late, not two', async () => {
    const who = await freshAdmin();
    const { secret } = await enrol(who);
    now = new Date(now.getTime() + 5 * 60_000);
    const late = await secondStep(
      await challengeFor(who),
      await codeAt(secret, new Date(now.getTime() - 30_000)),
    );
    expect(late.statusCode).toBe(201);
    now = new Date(now.getTime() + 5 * 60_000);
    const tooOld = await secondStep(
      await challengeFor(who),
      await codeAt(secret, new Date(now.getTime() - 61_000)),
    );
    expect(tooOld.statusCode).toBe(401);
    expect(tooOld.body.message).toBe(m.codeWrong);
  });

  it('refuses a code used once already (a replay in the same window)', async () => {
    const who = await freshAdmin();
    const { secret } = await enrol(who);
    now = new Date(now.getTime() + 60_000);
    const code = await codeAt(secret, now);
    expect((await secondStep(await challengeFor(who), code)).statusCode).toBe(201);
    const replay = await secondStep(await challengeFor(who), code);
    expect(replay.statusCode).toBe(401);
    expect(replay.body.message).toBe(m.codeWrong);
  });

  it('takes each backup code once, logs its use, and renews them all on request', async () => {
    const who = await freshAdmin();
    const { backupCodes } = await enrol(who);
    const [first, second] = backupCodes as [string, string];
    const used = await secondStep(await challengeFor(who), first.toUpperCase().replace('-', ''));
    expect(used.statusCode).toBe(201);
    expect((await secondStep(await challengeFor(who), first)).statusCode).toBe(401);
    const log = await t.app.db.select().from(auditLog);
    expect(
      log.filter((row) => row.action === BACKUP_CODE_SIGN_IN_ACTION && row.actorId === who.id),
    ).toHaveLength(1);

    const token = await finishWith(who, second);
    const renewed = await callApi(t.app, 'POST', '/api/admin/second-factor/backup-codes', {
      token,
      body: { password: who.password },
    });
    expect(renewed.statusCode).toBe(200);
    const fresh = (renewed.body.data as { backupCodes: string[] }).backupCodes;
    expect((await secondStep(await challengeFor(who), backupCodes[2]!)).statusCode).toBe(401);
    expect((await secondStep(await challengeFor(who), fresh[0]!)).statusCode).toBe(201);
  });

  it('names bad codes and spent challenges, and limits wrong codes to 10', async () => {
    const who = await freshAdmin();
    await enrol(who);
    const GUESSER = '10.9.9.9';
    const challenge = await challengeFor(who);
    const short = await secondStep(challenge, '12345');
    expect(short.statusCode).toBe(400);
    expect(short.body.message).toBe(m.codeInvalid);
    const unknown = await secondStep('no-such-challenge', '123456');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.body.message).toBe(m.challengeExpired);
    // Five wrong codes spend a challenge; the account's limit (10) then refuses even the right one.
    let last = 0;
    for (let round = 0; round < 2; round += 1) {
      const fresh = await challengeFor(who);
      for (let i = 0; i < 5; i += 1) last = (await secondStep(fresh, '000000', GUESSER)).statusCode;
      expect(last).toBe(401);
      const spent = await secondStep(fresh, '000000', GUESSER);
      expect(spent.body.message).toBe(m.challengeExpired);
    }
    const limited = await secondStep(await challengeFor(who), '000000', GUESSER);
    expect(limited.statusCode).toBe(429);
  });

  it('counts guesses sent all at once before checking them', async () => {
    const who = await freshAdmin();
    await enrol(who);
    const challenges = await Promise.all([1, 2, 3].map(() => challengeFor(who)));
    const answers = await Promise.all(
      challenges.flatMap((challenge) =>
        [1, 2, 3, 4, 5].map(() => secondStep(challenge, '000000', '10.8.8.8')),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    // 15 guesses at once: the account's 10 are taken in order, the rest refused unread.
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
  });

  it('opens no session once the password changed after the first step', async () => {
    const who = await freshAdmin();
    const { secret } = await enrol(who);
    const challenge = await challengeFor(who);
    // Changed behind the routes' back, so only the challenge's own check can refuse it.
    await t.app.db
      .update(users)
      .set({ passwordHash: await hashPassword('Another-Pass-42') })
      .where(eq(users.id, who.id));
    now = new Date(now.getTime() + 60_000);
    const res = await secondStep(challenge, await codeAt(secret, now));
    expect(res.statusCode).toBe(401);
    expect(res.headers.authorization).toBeUndefined();
  });

  it('says no, not 500, to a code when a later step was already taken', async () => {
    const who = await freshAdmin();
    const { secret } = await enrol(who);
    const ahead = Math.floor(now.getTime() / 30_000) + 2;
    await t.app.db
      .update(totpFactors)
      .set({ lastStep: ahead })
      .where(eq(totpFactors.userId, who.id));
    const res = await secondStep(await challengeFor(who), await codeAt(secret, now));
    expect(res.statusCode).toBe(401);
    expect(res.body.message).toBe(m.codeWrong);
  });

  it('expires a challenge after 5 minutes', async () => {
    const who = await freshAdmin();
    const { secret } = await enrol(who);
    const challenge = await challengeFor(who);
    now = new Date(now.getTime() + 5 * 60_000 + 1000);
    const res = await secondStep(challenge, await codeAt(secret, now));
    expect(res.statusCode).toBe(401);
    expect(res.body.message).toBe(m.challengeExpired);
  });

  it('asks for the password again to enrol, and a current code to turn off', async () => {
    const who = await freshAdmin();
    const wrong = await callApi(t.app, 'POST', '/api/admin/second-factor/totp', {
      token: who.token,
      body: { password: 'not-my-password' },
    });
    expect(wrong.statusCode).toBe(403);
    const missing = await callApi(t.app, 'POST', '/api/admin/second-factor/totp', {
      token: who.token,
      body: {},
    });
    expect(missing.statusCode).toBe(400);
    const { secret } = await enrol(who);
    now = new Date(now.getTime() + 60_000);
    const token = await finishWith(who, await codeAt(secret, now));
    const noCode = await callApi(t.app, 'DELETE', '/api/admin/second-factor', {
      token,
      body: { code: '111111' },
    });
    expect(noCode.statusCode).toBe(400);
    now = new Date(now.getTime() + 60_000);
    const off = await callApi(t.app, 'DELETE', '/api/admin/second-factor', {
      token,
      body: { code: await codeAt(secret, now) },
    });
    expect(off.statusCode).toBe(200);
    expect((await passwordStep(who)).statusCode).toBe(201);
  });

  it('is only for administrators', async () => {
    const fan = await buildUser(t.app.db);
    const token = await login(t.app, fan.email, fan.password);
    const res = await callApi(t.app, 'GET', '/api/admin/second-factor', { token });
    expect(res.statusCode).toBe(403);
  });
});

describe('requiring a second factor of every administrator', () => {
  it('needs the setter’s own, then holds an admin without one to enrolment at sign-in', async () => {
    const setter = await freshAdmin();
    const refused = await callApi(t.app, 'PUT', '/api/admin/second-factor/required', {
      token: setter.token,
      body: { required: true },
    });
    expect(refused.statusCode).toBe(409);
    await enrol(setter);
    const on = await callApi(t.app, 'PUT', '/api/admin/second-factor/required', {
      token: setter.token,
      body: { required: true },
    });
    expect(on.statusCode).toBe(200);
    try {
      const held = await freshAdmin();
      const hidden = await buildVideo(t.app.db, { isPublic: false });
      const privateRead = await callApi(t.app, 'GET', `/api/videos/${hidden.id}`, {
        token: held.token,
      });
      // An administrator reads private videos; a held one reads as a fan does.
      expect(privateRead.statusCode).toBe(404);
      const asAdmin = await callApi(t.app, 'GET', `/api/videos/${hidden.id}`, {
        token: setter.token,
      });
      expect(asAdmin.statusCode).toBe(200);
      const blocked = await callApi(t.app, 'GET', '/api/admin/dashboard', { token: held.token });
      expect(blocked.statusCode).toBe(403);
      expect(blocked.body.message).toBe(m.enrolFirst);
      const status = await callApi(t.app, 'GET', '/api/admin/second-factor', { token: held.token });
      expect(status.body.data).toMatchObject({ held: true, required: true, totp: false });
      const { secret } = await enrol(held);
      expect(secret).toBeTruthy();
      const free = await callApi(t.app, 'GET', '/api/admin/dashboard', { token: held.token });
      expect(free.statusCode).toBe(200);
      // Earlier sessions of admins are left alone: the setting applies at the next sign-in.
      expect(
        (await callApi(t.app, 'GET', '/api/admin/dashboard', { token: admin.token })).statusCode,
      ).toBe(200);
    } finally {
      await callApi(t.app, 'PUT', '/api/admin/second-factor/required', {
        token: setter.token,
        body: { required: false },
      });
    }
  });
});

describe("a colleague's reset", () => {
  it('asks for the password again, ends their sessions, mails them, and is logged', async () => {
    const colleague = await freshAdmin();
    await enrol(colleague);
    const wrong = await callApi(t.app, 'DELETE', `/api/admin/users/${colleague.id}/second-factor`, {
      token: admin.token,
      body: { password: 'nope-nope-1' },
    });
    expect(wrong.statusCode).toBe(403);
    const reset = await callApi(t.app, 'DELETE', `/api/admin/users/${colleague.id}/second-factor`, {
      token: admin.token,
      body: { password: admin.password },
    });
    expect(reset.statusCode).toBe(200);
    expect(
      (await callApi(t.app, 'GET', '/api/admin/second-factor', { token: colleague.token }))
        .statusCode,
    ).toBe(401);
    expect(t.app.mailer.outbox.at(-1)).toMatchObject({ to: colleague.email });
    expect(t.app.mailer.outbox.at(-1)?.subject).toContain('second factor was reset');
    expect((await passwordStep(colleague)).statusCode).toBe(201);
    const again = await callApi(t.app, 'DELETE', `/api/admin/users/${colleague.id}/second-factor`, {
      token: admin.token,
      body: { password: admin.password },
    });
    expect(again.statusCode).toBe(409);
    const log = await t.app.db.select().from(auditLog);
    expect(
      log.some(
        (row) =>
          row.action === 'DELETE /api/admin/users/:id/second-factor' &&
          row.targetId === String(colleague.id),
      ),
    ).toBe(true);
  });
});

/** Signs `who` in through both steps with `code`; answers the token. */
async function finishWith(who: Caller, code: string): Promise<string> {
  const res = await secondStep(await challengeFor(who), code);
  expect(res.statusCode).toBe(201);
  return String(res.headers.authorization).replace(/^Bearer /, '');
}
