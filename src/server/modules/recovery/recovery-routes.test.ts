import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages } from '@shared/messages/api.js';
import { validationMessages as m } from '@shared/messages/validation.js';
import { recoveryCodes } from '@server/db/schema.js';
import { callApi, login, signedInUser, type Caller } from '@server/testing/factories.js';
import { startSmtpCapture, type SmtpCapture } from '@server/testing/smtp-capture.js';
import { createTestApp, type TestApp } from '@server/testing/test-app.js';

const BRAND = 'Twang Test Show';
let smtp: SmtpCapture;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ env: { SMTP_URL: smtp.url, BRAND_NAME: BRAND } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const CODE_IN_MAIL = /\b([0-9A-Z]{5}-[0-9A-Z]{5})\b/;
const mailsTo = (email: string) => smtp.mails.filter((mail) => mail.to.includes(email));

/** Asks for a code (typed as `typed`) and reads it from the mail that arrives for `email`. */
async function requestCode(email: string, typed = email): Promise<string> {
  const before = mailsTo(email).length;
  const res = await callApi(t.app, 'POST', '/api/recovery/generate', { body: { email: typed } });
  expect(res.body).toEqual({ status: 200, data: null, message: apiMessages.recoveryCodeSent });
  await smtp.waitForMail(() => mailsTo(email).length > before);
  const mail = mailsTo(email).at(-1)!;
  const code = CODE_IN_MAIL.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in mail: ${mail.text}`);
  return code;
}

const validate = (email: string, recoveryCode: string) =>
  callApi(t.app, 'POST', '/api/recovery/validate', { body: { email, recoveryCode } });
const reset = (email: string, recoveryCode: string, password = 'Brand-New9') =>
  callApi(t.app, 'POST', '/api/recovery/reset', { body: { email, recoveryCode, password } });

const invalid = { status: 400, data: null, message: apiMessages.recoveryCodeInvalid };

describe('password recovery', () => {
  it('mails a code, accepts it in any case with or without the dash, and resets the password', async () => {
    const me = await signedInUser(t.app);
    const code = await requestCode(me.email, ` ${me.email.toUpperCase()} `);
    const mail = mailsTo(me.email).at(-1)!;
    expect(mail.subject).toContain(BRAND);
    expect(mail.text).toContain(BRAND);
    expect(mail.text).toContain('10 minutes');

    const [stored] = await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, me.id));
    expect(stored?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored?.codeHash).not.toContain(code.replace('-', ''));
    const expiresInMs = stored!.expiresAt.getTime() - Date.now();
    expect(expiresInMs).toBeGreaterThan(9 * 60_000);
    expect(expiresInMs).toBeLessThanOrEqual(10 * 60_000);

    const checked = await validate(me.email, code.toLowerCase().replace('-', ''));
    expect(checked.body).toEqual({
      status: 200,
      data: null,
      message: apiMessages.recoveryCodeValid,
    });
    const done = await reset(me.email, code);
    expect(done.body).toEqual({ status: 200, data: null, message: apiMessages.passwordReset });
    await expect(login(t.app, me.email, me.password)).rejects.toThrow(/401/);
    expect(await login(t.app, me.email, 'Brand-New9')).toBeTruthy();
  });

  it('answers an unknown email exactly like a known one, and mails nobody', async () => {
    const me = await signedInUser(t.app);
    const ghost = 'nobody-here@example.com';
    const unknown = await callApi(t.app, 'POST', '/api/recovery/generate', {
      body: { email: ghost },
    });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toEqual({
      status: 200,
      data: null,
      message: apiMessages.recoveryCodeSent,
    });
    await requestCode(me.email);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mailsTo(ghost)).toEqual([]);
    expect((await validate(ghost, 'ABCDE-FGHJK')).body).toEqual(invalid);
    expect((await validate(me.email, 'ABCDE-FGHJK')).body).toEqual(invalid);
    expect((await reset(ghost, 'ABCDE-FGHJK')).body).toEqual(invalid);
  });

  it('refuses an expired code', async () => {
    const me = await signedInUser(t.app);
    const code = await requestCode(me.email);
    await t.db
      .update(recoveryCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(recoveryCodes.userId, me.id));
    expect((await validate(me.email, code)).body).toEqual(invalid);
    expect((await reset(me.email, code)).body).toEqual(invalid);
    expect(await login(t.app, me.email, me.password)).toBeTruthy();
  });

  it('allows 5 wrong tries per code; the 6th try fails even with the right code', async () => {
    const me = await signedInUser(t.app);
    const code = await requestCode(me.email);
    // Right answers cost nothing (validate, then reset, is the normal path); wrong ones count.
    expect((await validate(me.email, code)).statusCode).toBe(200);
    for (let i = 0; i < 4; i += 1)
      expect((await validate(me.email, '00000-00000')).statusCode).toBe(400);
    expect((await validate(me.email, code)).statusCode).toBe(200);
    expect((await reset(me.email, '00000-00000')).statusCode).toBe(400);
    expect((await validate(me.email, code)).body).toEqual(invalid);
    expect((await reset(me.email, code)).body).toEqual(invalid);
    expect(await login(t.app, me.email, me.password)).toBeTruthy();
    // A new code starts a new count.
    const fresh = await requestCode(me.email);
    expect((await validate(me.email, fresh)).statusCode).toBe(200);
  });

  it('uses a code once', async () => {
    const me = await signedInUser(t.app);
    const code = await requestCode(me.email);
    expect((await reset(me.email, code)).statusCode).toBe(200);
    expect((await validate(me.email, code)).body).toEqual(invalid);
    expect((await reset(me.email, code, 'Another-One2')).body).toEqual(invalid);
    expect(await login(t.app, me.email, 'Brand-New9')).toBeTruthy();
  });

  it('sends nothing while a usable code is under a minute old, and keeps that code working', async () => {
    const me = await signedInUser(t.app);
    const first = await requestCode(me.email);
    const again = await callApi(t.app, 'POST', '/api/recovery/generate', {
      body: { email: me.email },
    });
    expect(again.body.message).toBe(apiMessages.recoveryCodeSent);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsTo(me.email)).toHaveLength(1);
    expect((await validate(me.email, first)).statusCode).toBe(200);
  });

  it('voids a pending code when the email or the password changes', async () => {
    const me = await signedInUser(t.app);
    const code = await requestCode(me.email);
    const moved = `moved-${me.email}`;
    const saved = await callApi(t.app, 'PUT', '/api/users', {
      token: me.token,
      body: { id: me.id, email: moved, firstName: 'Moved', lastName: 'Away' },
    });
    expect(saved.statusCode).toBe(200);
    expect((await reset(moved, code)).body).toEqual(invalid);

    const other = await signedInUser(t.app);
    const otherCode = await requestCode(other.email);
    const changed = await callApi(t.app, 'PUT', '/api/users/password', {
      token: other.token,
      body: { userId: other.id, currentPassword: other.password, newPassword: 'Changed-Pass4' },
    });
    expect(changed.statusCode).toBe(201);
    expect((await reset(other.email, otherCode)).body).toEqual(invalid);
  });

  it('invalidates the older code when a new one is sent after the cooldown', async () => {
    const me = await signedInUser(t.app);
    const old = await requestCode(me.email);
    await t.db
      .update(recoveryCodes)
      .set({ createdAt: new Date(Date.now() - 61_000) })
      .where(eq(recoveryCodes.userId, me.id));
    const fresh = await requestCode(me.email);
    expect(fresh).not.toBe(old);
    expect((await validate(me.email, old)).body).toEqual(invalid);
    expect((await validate(me.email, fresh)).statusCode).toBe(200);
  });

  it('signs the user out everywhere on reset', async () => {
    const me: Caller = await signedInUser(t.app);
    const second = await login(t.app, me.email, me.password);
    const code = await requestCode(me.email);
    expect((await reset(me.email, code)).statusCode).toBe(200);
    for (const token of [me.token, second]) {
      const res = await callApi(t.app, 'GET', `/api/users/${me.id}`, { token });
      expect(res.statusCode).toBe(401);
    }
  });
});

describe('recovery input checks', () => {
  it.each([
    ['generate', {}, m.emailRequired],
    ['generate', { email: 'not-an-email' }, m.emailInvalidAccount],
    ['generate', { email: 'a@b.co', extra: 1 }, 'Unknown field in body: extra'],
    ['validate', { email: 'a@b.co' }, m.recoveryCodeRequired],
    ['validate', { email: 'a@b.co', recoveryCode: '  ' }, m.recoveryCodeRequired],
    ['validate', { recoveryCode: 'ABCDE-FGHJK' }, m.emailRequired],
    ['reset', { email: 'a@b.co', recoveryCode: 'ABCDE-FGHJK' }, m.passwordRequired],
    [
      'reset',
      { email: 'a@b.co', recoveryCode: 'ABCDE-FGHJK', password: 'weakpass' },
      m.passwordRule,
    ],
    ['reset', { email: 'a@b.co', password: 'Brand-New9' }, m.recoveryCodeRequired],
  ])('%s rejects %j', async (step, body, message) => {
    const res = await callApi(t.app, 'POST', `/api/recovery/${step}`, { body });
    expect(res.statusCode).toBe(400);
    expect(res.body).toEqual({ status: 400, data: null, message });
  });

  it("accepts the demo login names 'user' and 'admin' as the email", async () => {
    for (const email of ['user', 'ADMIN']) {
      const res = await callApi(t.app, 'POST', '/api/recovery/generate', { body: { email } });
      expect(res.statusCode).toBe(200);
    }
  });
});

describe('recovery when the mail server is down', () => {
  it('still answers 200 (the failure is only logged)', async () => {
    const down = await startSmtpCapture();
    await down.close();
    const app = await createTestApp({ env: { SMTP_URL: down.url } });
    try {
      const me = await signedInUser(app.app);
      const res = await callApi(app.app, 'POST', '/api/recovery/generate', {
        body: { email: me.email },
      });
      expect(res.body.message).toBe(apiMessages.recoveryCodeSent);
    } finally {
      await app.close();
    }
  });
});
