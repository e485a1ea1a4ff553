import { describe, expect, it } from 'vitest';
import { validationMessages as m } from '@shared/messages/validation.js';
import { apiMessages } from '@shared/messages/api.js';
import { latestAllowedBirthday } from '@shared/validation.js';
import {
  buildUser,
  callApi,
  login,
  registration,
  TEST_PASSWORD,
} from '@server/testing/factories.js';
import { useTestApp } from '@server/testing/use-test-app.js';
import { hash } from '@node-rs/argon2';
import { findUserById, setPasswordHash } from '../users/users-repository.js';
import { needsRehash } from './password-hashing.js';

const { t } = useTestApp();

describe('POST /api/register', () => {
  it('creates the account, answers 201 with the token header and the session user', async () => {
    const body = registration();
    const res = await callApi(t.app, 'POST', '/api/register', { body });
    expect(res.statusCode).toBe(201);
    expect(res.body.status).toBe(201);
    expect(res.headers.authorization).toMatch(/^Bearer [A-Za-z0-9_-]{43}$/);
    expect(res.body.data).toEqual({
      userid: expect.any(Number),
      firstName: 'Loretta',
      isAdmin: false,
    });
    const token = String(res.headers.authorization).slice(7);
    const me = await callApi(t.app, 'POST', '/api/logout', { token });
    expect(me.statusCode).toBe(200);
  });

  it('answers 409 when the email is taken, whatever its case', async () => {
    const body = registration();
    expect((await callApi(t.app, 'POST', '/api/register', { body })).statusCode).toBe(201);
    const again = await callApi(t.app, 'POST', '/api/register', {
      body: { ...body, email: body.email.toUpperCase() },
    });
    expect(again.statusCode).toBe(409);
    expect(again.body).toEqual({ status: 409, data: null, message: apiMessages.emailTaken });
  });

  it.each([
    ['firstName', { firstName: '' }, m.firstNameRequired],
    ['lastName', { lastName: undefined }, m.lastNameRequired],
    ['zipCode', { zipCode: ' ' }, m.zipCodeRequired],
    ['birthday missing', { birthday: undefined }, m.birthdayRequired],
    ['email', { email: 'not-an-email' }, m.emailInvalidRegister],
    ['email missing', { email: undefined }, m.emailRequired],
    ['weak password', { password: 'alllowercase1' }, m.passwordRule],
    ['password missing', { password: undefined }, m.passwordRequired],
  ])('rejects a bad %s with the spec text', async (_name, overrides, message) => {
    const res = await callApi(t.app, 'POST', '/api/register', { body: registration(overrides) });
    expect(res.statusCode).toBe(400);
    expect(res.body).toEqual({ status: 400, data: null, message });
  });

  it('refuses anyone under 13 and accepts someone exactly 13 today', async () => {
    const limit = latestAllowedBirthday();
    const dayAfter = new Date(`${limit}T00:00:00Z`);
    dayAfter.setUTCDate(dayAfter.getUTCDate() + 1);
    const young = await callApi(t.app, 'POST', '/api/register', {
      body: registration({ birthday: dayAfter.toISOString().slice(0, 10) }),
    });
    expect(young.body.message).toBe(m.tooYoung);
    const thirteen = await callApi(t.app, 'POST', '/api/register', {
      body: registration({ birthday: limit }),
    });
    expect(thirteen.statusCode).toBe(201);
  });

  it('rejects impossible dates, unknown fields and an attempt to register as admin', async () => {
    const badDate = await callApi(t.app, 'POST', '/api/register', {
      body: registration({ birthday: '1990-02-30' }),
    });
    expect(badDate.body.message).toBe('Birthday must be a date as YYYY-MM-DD');
    const sneaky = await callApi(t.app, 'POST', '/api/register', {
      body: registration({ isAdmin: true }),
    });
    expect(sneaky.statusCode).toBe(400);
    expect(sneaky.body.message).toBe('Unknown field in body: isAdmin');
  });

  it("stores the newsletter choice ('0' means no) and accepts the literal 'user' as email", async () => {
    const res = await callApi(t.app, 'POST', '/api/register', {
      body: registration({ email: 'user', newsletter: '0' }),
    });
    expect(res.statusCode).toBe(201);
  });
});

describe('POST /api/login', () => {
  it('answers 201 with a token, the user fields, and records last_login', async () => {
    const user = await buildUser(t.db, { firstName: 'Dolly', isAdmin: true });
    const res = await callApi(t.app, 'POST', '/api/login', {
      body: { email: user.email.toUpperCase(), password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(201);
    expect(res.body.data).toEqual({ userid: user.id, firstName: 'Dolly', isAdmin: true });
    expect(res.headers['access-control-expose-headers']).toBeUndefined();
  });

  it('gives one answer for a wrong password and for an unknown email', async () => {
    const user = await buildUser(t.db);
    const wrong = await callApi(t.app, 'POST', '/api/login', {
      body: { email: user.email, password: 'Wrong-pass1' },
    });
    const unknown = await callApi(t.app, 'POST', '/api/login', {
      body: { email: 'nobody@example.com', password: 'Wrong-pass1' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.message).toBe(apiMessages.loginFailed);
  });

  it("moves a hash made with older parameters to today's, once, whichever login comes first", async () => {
    const user = await buildUser(t.db);
    const older = await hash(TEST_PASSWORD, { memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    await setPasswordHash(t.db, user.id, older);
    expect(needsRehash(older)).toBe(true);

    // Two logins at once, both checked against the older hash: both open a session.
    const both = await Promise.all(
      [1, 2].map(() =>
        callApi(t.app, 'POST', '/api/login', {
          body: { email: user.email, password: TEST_PASSWORD },
        }),
      ),
    );
    expect(both.map((res) => res.statusCode)).toEqual([201, 201]);
    const stored = (await findUserById(t.db, user.id))!.passwordHash;
    expect(stored).not.toBe(older);
    expect(needsRehash(stored)).toBe(false);

    const again = await callApi(t.app, 'POST', '/api/login', {
      body: { email: user.email, password: TEST_PASSWORD },
    });
    expect(again.statusCode).toBe(201);
    expect((await findUserById(t.db, user.id))!.passwordHash).toBe(stored);
  });

  it.each([
    [{ password: 'x' }, m.emailRequired],
    [{ email: 'a@b.co' }, m.passwordRequired],
    [{ email: 'nope', password: 'x' }, m.emailInvalidLogin],
    [{ email: 42, password: 'x' }, 'email must be a string'],
  ])('rejects %j', async (body, message) => {
    const res = await callApi(t.app, 'POST', '/api/login', { body });
    expect(res.statusCode).toBe(400);
    expect(res.body.message).toBe(message);
  });
});

describe('POST /api/logout', () => {
  it('revokes the token: the next call with it is a 401 saying the session expired', async () => {
    const user = await buildUser(t.db);
    const token = await login(t.app, user.email, user.password);
    expect((await callApi(t.app, 'POST', '/api/logout', { token })).statusCode).toBe(200);
    const again = await callApi(t.app, 'POST', '/api/logout', { token });
    expect(again.statusCode).toBe(401);
    expect(again.body.message).toBe(apiMessages.sessionExpired);
    expect(again.headers['www-authenticate']).toBe('Bearer realm="twang", error="invalid_token"');
  });

  it('answers 401 without a token', async () => {
    const res = await callApi(t.app, 'POST', '/api/logout');
    expect(res.statusCode).toBe(401);
    expect(res.body.message).toBe(apiMessages.signInRequired);
  });
});

describe('bad requests in general', () => {
  it('answers malformed JSON with a 400 envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: 400,
      data: null,
      message: 'The request body is not valid JSON.',
    });
  });

  it('answers a huge body with 413', async () => {
    const res = await callApi(t.app, 'POST', '/api/login', {
      body: { email: 'a@b.co', password: 'x'.repeat(100_000) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.body.message).toBe('The request body is too large.');
  });

  it('answers an unknown API path with a 404 envelope', async () => {
    const res = await callApi(t.app, 'GET', '/api/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.body.message).toBe('No API route GET /api/nothing-here.');
  });
});
