import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages } from '@shared/messages/api.js';
import { peopleMessages } from '@shared/messages/people.js';
import { validationMessages as m } from '@shared/messages/validation.js';
import type { Account } from '@shared/schemas/people.js';
import { latestAllowedBirthday } from '@shared/validation.js';
import { artists, recoveryCodes, sessions, users } from '@server/db/schema.js';
import {
  buildArtist,
  buildUser,
  callApi,
  login,
  signedInAdmin,
  signedInUser,
  type Caller,
} from '@server/testing/factories.js';
import { createTestApp, type TestApp } from '@server/testing/test-app.js';
import { useTestApp } from '@server/testing/use-test-app.js';

const { t } = useTestApp();

const accountForm = (caller: Caller, overrides: Record<string, unknown> = {}) => ({
  id: caller.id,
  email: caller.email,
  firstName: 'Patsy',
  lastName: 'Cline',
  zip_code: '22601',
  birthday: '1982-09-08',
  newsletter: '0',
  ...overrides,
});

const readUser = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0];

describe('GET /api/users/:id', () => {
  it('answers the account object itself to its owner', async () => {
    const me = await signedInUser(t.app, {
      firstName: 'Kitty',
      lastName: 'Wells',
      birthday: '1990-05-17',
    });
    const res = await callApi(t.app, 'GET', `/api/users/${me.id}`, { token: me.token });
    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({
      status: 200,
      message: peopleMessages.accountFound,
      data: {
        id: me.id,
        first_name: 'Kitty',
        last_name: 'Wells',
        email: me.email,
        newsletter: 1,
        zipcode: '37203',
        birthday: '1990-05-17',
        isAdmin: false,
      },
    });
  });

  it('lets an administrator read anyone, and answers 404 for an unknown id', async () => {
    const admin = await signedInAdmin(t.app);
    const other = await buildUser(t.db);
    const res = await callApi(t.app, 'GET', `/api/users/${other.id}`, { token: admin.token });
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toMatchObject({ id: other.id, email: other.email });
    const self = await callApi(t.app, 'GET', `/api/users/${admin.id}`, { token: admin.token });
    expect(self.body.data).toMatchObject({ isAdmin: true, birthday: '1990-05-17' });
    const missing = await callApi(t.app, 'GET', '/api/users/999999', { token: admin.token });
    expect(missing.statusCode).toBe(404);
    expect(missing.body.message).toBe(apiMessages.userNotFound);
  });

  it('refuses another user (403), a visitor (401) and a non-numeric id (400)', async () => {
    const me = await signedInUser(t.app);
    const other = await buildUser(t.db);
    const forbidden = await callApi(t.app, 'GET', `/api/users/${other.id}`, { token: me.token });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.body).toEqual({
      status: 403,
      data: null,
      message: apiMessages.notYourAccount,
    });
    expect((await callApi(t.app, 'GET', `/api/users/${other.id}`)).statusCode).toBe(401);
    const bad = await callApi(t.app, 'GET', '/api/users/abc', { token: me.token });
    expect(bad.statusCode).toBe(400);
    expect(bad.body.message).toBe('id must be a positive whole number');
  });
});

describe('PUT /api/users', () => {
  it('saves the account form and answers the new account (trailing slash too)', async () => {
    const me = await signedInUser(t.app);
    const newEmail = `New-${me.email.toUpperCase()}`;
    const res = await callApi(t.app, 'PUT', '/api/users/', {
      token: me.token,
      body: accountForm(me, { email: newEmail, id: String(me.id) }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.body.message).toBe(apiMessages.accountSaved);
    const expected = {
      id: me.id,
      first_name: 'Patsy',
      last_name: 'Cline',
      email: newEmail.toLowerCase(),
      newsletter: 0,
      zipcode: '22601',
      birthday: '1982-09-08',
      isAdmin: false,
    };
    expect(res.body.data).toEqual(expected);
    const reread = await callApi(t.app, 'GET', `/api/users/${me.id}`, { token: me.token });
    expect(reread.body.data).toEqual(expected);
    const again = await callApi(t.app, 'PUT', '/api/users', {
      token: me.token,
      body: accountForm(me, { email: newEmail, newsletter: '1' }),
    });
    expect(again.body.data).toMatchObject({ newsletter: 1, email: newEmail.toLowerCase() });
  });

  it('keeps an absent (or null) zip code, birthday or newsletter as it is', async () => {
    const me = await signedInUser(t.app, {
      zipcode: '37203',
      birthday: '1975-03-02',
      newsletter: true,
    });
    for (const blanks of [
      { zip_code: undefined, birthday: undefined, newsletter: undefined },
      { zip_code: null, birthday: null, newsletter: undefined },
    ]) {
      const res = await callApi(t.app, 'PUT', '/api/users', {
        token: me.token,
        body: accountForm(me, { firstName: 'Kitty', ...blanks }),
      });
      expect(res.statusCode).toBe(200);
      expect(res.body.data).toMatchObject({
        first_name: 'Kitty',
        zipcode: '37203',
        birthday: '1975-03-02',
        newsletter: 1,
      });
    }
  });

  it('refuses to clear the zip code or birthday, as sign-up requires them, and keeps both', async () => {
    const me = await signedInUser(t.app, { zipcode: '37203', birthday: '1975-03-02' });
    for (const [cleared, message] of [
      [{ zip_code: '' }, m.zipCodeRequired],
      [{ birthday: '' }, m.birthdayRequired],
    ] as const) {
      const res = await callApi(t.app, 'PUT', '/api/users', {
        token: me.token,
        body: accountForm(me, cleared),
      });
      expect(res.statusCode).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect(await readUser(me.id)).toMatchObject({ zipcode: '37203', birthday: '1975-03-02' });
  });

  it('names a field too long by its label on the form', async () => {
    const me = await signedInUser(t.app);
    for (const [overrides, message] of [
      [{ firstName: 'x'.repeat(101) }, 'First Name must be at most 100 characters'],
      [{ lastName: 'x'.repeat(101) }, 'Last Name must be at most 100 characters'],
      [{ zip_code: '1'.repeat(21) }, 'Zip Code must be at most 20 characters'],
    ] as const) {
      const res = await callApi(t.app, 'PUT', '/api/users', {
        token: me.token,
        body: accountForm(me, overrides),
      });
      expect(res.body).toEqual({ status: 400, data: null, message });
    }
  });

  it('refuses an email that belongs to another account (409), whatever its case', async () => {
    const me = await signedInUser(t.app);
    const other = await buildUser(t.db);
    const res = await callApi(t.app, 'PUT', '/api/users', {
      token: me.token,
      body: accountForm(me, { email: other.email.toUpperCase() }),
    });
    expect(res.statusCode).toBe(409);
    expect(res.body.message).toBe(apiMessages.emailTaken);
    expect((await readUser(me.id))?.email).toBe(me.email);
  });

  it('lets nobody edit someone else, not even an administrator; the account stays as it was', async () => {
    const owner = await signedInUser(t.app);
    const before = await readUser(owner.id);
    for (const caller of [await signedInUser(t.app), await signedInAdmin(t.app)]) {
      const res = await callApi(t.app, 'PUT', '/api/users', {
        token: caller.token,
        body: accountForm(owner, { firstName: 'Hijacked' }),
      });
      expect(res.statusCode).toBe(403);
      expect(res.body.message).toBe(apiMessages.notYourAccount);
    }
    expect(await readUser(owner.id)).toEqual(before);
    const anonymous = await callApi(t.app, 'PUT', '/api/users', { body: accountForm(owner) });
    expect(anonymous.statusCode).toBe(401);
  });

  it.each([
    ['firstName empty', { firstName: ' ' }, m.firstNameRequired],
    ['lastName missing', { lastName: undefined }, m.lastNameRequired],
    ['email missing', { email: undefined }, m.emailRequired],
    ['email invalid', { email: 'patsy@' }, m.emailInvalidAccount],
    ["email 'user' (login only)", { email: 'user' }, m.emailInvalidAccount],
    ['zip_code of spaces', { zip_code: '  ' }, m.zipCodeRequired],
    ['birthday malformed', { birthday: '08/09/1982' }, 'Birthday must be a date as YYYY-MM-DD'],
    ['newsletter', { newsletter: 'yes' }, "newsletter must be '1' or '0'"],
    ['id', { id: 'me' }, 'id must be a number'],
    ['unknown field', { isAdmin: true }, 'Unknown field in body: isAdmin'],
  ])('rejects a bad %s with a 400 naming it', async (_name, overrides, message) => {
    const me = await signedInUser(t.app);
    const res = await callApi(t.app, 'PUT', '/api/users', {
      token: me.token,
      body: accountForm(me, overrides),
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toEqual({ status: 400, data: null, message });
  });

  it('refuses a birthday under 13 years ago', async () => {
    const me = await signedInUser(t.app);
    const tooRecent = new Date(`${latestAllowedBirthday()}T00:00:00Z`);
    tooRecent.setUTCDate(tooRecent.getUTCDate() + 1);
    const res = await callApi(t.app, 'PUT', '/api/users', {
      token: me.token,
      body: accountForm(me, { birthday: tooRecent.toISOString().slice(0, 10) }),
    });
    // In the account's words: the spec's 'not old enough to create an account' is sign-up's.
    expect(res.body.message).toBe(peopleMessages.accountTooYoung);
  });
});

/** DELETE /api/users of the caller's own account. */
const deleteOwnAccount = (app: TestApp['app'], caller: Caller) =>
  callApi(app, 'DELETE', '/api/users', { token: caller.token, body: { id: caller.id } });

describe('DELETE /api/users', () => {
  it('deletes the own account with its sessions, likes and codes; like counts drop', async () => {
    const me = await signedInUser(t.app);
    const artist = await buildArtist(t.db);
    const like = await callApi(t.app, 'PUT', '/api/users/liked/add-artist', {
      token: me.token,
      body: { userId: me.id, artistId: artist.id },
    });
    expect(like.body.data).toEqual({ isLiked: true, like_count: 1 });
    await t.db
      .insert(recoveryCodes)
      .values({ userId: me.id, codeHash: 'x', expiresAt: new Date() });

    const res = await deleteOwnAccount(t.app, me);
    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({ status: 200, data: null, message: apiMessages.accountDeleted });

    expect(await readUser(me.id)).toBeUndefined();
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, me.id))).toEqual([]);
    expect(await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, me.id))).toEqual(
      [],
    );
    const [after] = await t.db.select().from(artists).where(eq(artists.id, artist.id));
    expect(after?.likeCount).toBe(0);
    const stale = await callApi(t.app, 'GET', `/api/users/${me.id}`, { token: me.token });
    expect(stale.statusCode).toBe(401);
    await expect(login(t.app, me.email, me.password)).rejects.toThrow(/401/);
  });

  it('lets an administrator delete a user, and answers 404 for an unknown one', async () => {
    const admin = await signedInAdmin(t.app);
    const victim = await buildUser(t.db);
    const res = await callApi(t.app, 'DELETE', '/api/users', {
      token: admin.token,
      body: { id: String(victim.id) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body.message).toBe(apiMessages.userDeleted);
    expect(await readUser(victim.id)).toBeUndefined();
    const again = await callApi(t.app, 'DELETE', '/api/users', {
      token: admin.token,
      body: { id: victim.id },
    });
    expect(again.statusCode).toBe(404);
    expect(again.body.message).toBe(apiMessages.userNotFound);
  });

  it('refuses a user naming someone else (403) and a visitor (401); the account survives', async () => {
    const me = await signedInUser(t.app);
    const other = await buildUser(t.db);
    const res = await callApi(t.app, 'DELETE', '/api/users', {
      token: me.token,
      body: { id: other.id },
    });
    expect(res.statusCode).toBe(403);
    expect(
      (await callApi(t.app, 'DELETE', '/api/users', { body: { id: other.id } })).statusCode,
    ).toBe(401);
    expect(await readUser(other.id)).toBeDefined();
  });

  it.each([
    [undefined, 'body must be object'],
    [{}, 'id is required'],
    [{ id: 'x' }, 'id must be a number'],
    [{ id: 1, also: 2 }, 'Unknown field in body: also'],
  ])('rejects the body %j', async (body, message) => {
    const me = await signedInUser(t.app);
    const res = await callApi(t.app, 'DELETE', '/api/users', { token: me.token, body });
    expect(res.statusCode).toBe(400);
    expect(res.body.message).toBe(message);
  });
});

describe('DELETE /api/users keeps one administrator', () => {
  let own: TestApp;
  beforeAll(async () => {
    own = await createTestApp();
  });
  afterAll(() => own.close());

  it('refuses to delete the last administrator (409), then allows it once another exists', async () => {
    const only = await signedInAdmin(own.app);
    const refused = await deleteOwnAccount(own.app, only);
    expect(refused.statusCode).toBe(409);
    expect(refused.body.message).toBe(apiMessages.lastAdmin);
    expect(
      (await callApi(own.app, 'GET', `/api/users/${only.id}`, { token: only.token })).statusCode,
    ).toBe(200);

    const second = await signedInAdmin(own.app);
    const done = await deleteOwnAccount(own.app, only);
    expect(done.statusCode).toBe(200);
    expect(done.body.message).toBe(apiMessages.accountDeleted);
    const last = await deleteOwnAccount(own.app, second);
    expect(last.statusCode).toBe(409);
  });
});

describe('PUT /api/users/password', () => {
  const change = (caller: Caller, overrides: Record<string, unknown> = {}) =>
    callApi(t.app, 'PUT', '/api/users/password', {
      token: caller.token,
      body: {
        userId: caller.id,
        currentPassword: caller.password,
        newPassword: 'Fresh-Pass9',
        ...overrides,
      },
    });

  it('answers 201, keeps this session, ends the others, and swaps the password', async () => {
    const me = await signedInUser(t.app);
    const otherDevice = await login(t.app, me.email, me.password);
    const res = await change(me);
    expect(res.statusCode).toBe(201);
    expect(res.body).toEqual({ status: 201, data: null, message: apiMessages.passwordChanged });
    expect(
      (await callApi(t.app, 'GET', `/api/users/${me.id}`, { token: me.token })).statusCode,
    ).toBe(200);
    const revoked = await callApi(t.app, 'GET', `/api/users/${me.id}`, { token: otherDevice });
    expect(revoked.statusCode).toBe(401);
    expect(revoked.body.message).toBe(apiMessages.sessionExpired);
    await expect(login(t.app, me.email, me.password)).rejects.toThrow(/401/);
    expect(await login(t.app, me.email, 'Fresh-Pass9')).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it('works for an administrator on their own account', async () => {
    const admin = await signedInAdmin(t.app);
    expect((await change(admin)).statusCode).toBe(201);
  });

  it('refuses a wrong current password (400) and leaves the password as it was', async () => {
    const me = await signedInUser(t.app);
    const res = await change(me, { currentPassword: 'Not-mine-1' });
    expect(res.statusCode).toBe(400);
    expect(res.body.message).toBe(apiMessages.currentPasswordWrong);
    expect(await login(t.app, me.email, me.password)).toBeTruthy();
  });

  it('refuses anyone changing another person’s password (403), admins included', async () => {
    const owner = await signedInUser(t.app);
    for (const caller of [await signedInUser(t.app), await signedInAdmin(t.app)]) {
      const res = await change(caller, { userId: owner.id });
      expect(res.statusCode).toBe(403);
    }
    expect(await login(t.app, owner.email, owner.password)).toBeTruthy();
    const anonymous = await callApi(t.app, 'PUT', '/api/users/password', {
      body: { userId: owner.id, currentPassword: owner.password, newPassword: 'Fresh-Pass9' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it.each([
    [{ currentPassword: undefined }, m.currentPasswordRequired],
    [{ currentPassword: '' }, m.currentPasswordRequired],
    [{ newPassword: undefined }, m.newPasswordRequired],
    [{ newPassword: 'short1A' }, m.passwordRule],
    [{ newPassword: 'nouppercase1' }, m.passwordRule],
    [{ newPassword: 42 }, 'newPassword must be a string'],
    [{ userId: undefined }, 'userId is required'],
    [{ confirm: 'x' }, 'Unknown field in body: confirm'],
  ])('rejects %j', async (overrides, message) => {
    const me = await signedInUser(t.app);
    const res = await change(me, overrides);
    expect(res.statusCode).toBe(400);
    expect(res.body.message).toBe(message);
  });
});

describe('PUT /api/users takes the account as GET /api/users/{id} answers it', () => {
  const readAccount = async (caller: Caller) => {
    const res = await callApi(t.app, 'GET', `/api/users/${caller.id}`, { token: caller.token });
    expect(res.statusCode).toBe(200);
    return res.body.data as Account;
  };
  const save = (caller: Caller, body: unknown) =>
    callApi(t.app, 'PUT', '/api/users', { token: caller.token, body });
  /** Every column but the names and the search name made from them. */
  const untouched = (row: Record<string, unknown>) =>
    Object.entries(row).filter(([key]) => !/^(firstName|lastName|searchName)$/.test(key));

  it('saves the one field changed (its read name) and leaves every other column', async () => {
    const me = await signedInUser(t.app, { firstName: 'Kitty', birthday: '1979-11-05' });
    const read = await readAccount(me);
    const before = (await readUser(me.id))!;
    const res = await save(me, { ...read, first_name: 'Loretta' });
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toEqual({ ...read, first_name: 'Loretta' });
    const after = (await readUser(me.id))!;
    expect(after.firstName).toBe('Loretta');
    expect(untouched(after)).toEqual(untouched(before));
  });

  it("reads the form's names beside the read ones when they agree, and zipcode as zip_code", async () => {
    const me = await signedInUser(t.app);
    const read = await readAccount(me);
    const res = await save(me, { ...read, firstName: read.first_name, zipcode: '10001' });
    expect(res.statusCode).toBe(200);
    expect(await readUser(me.id)).toMatchObject({ firstName: read.first_name, zipcode: '10001' });
  });

  it('lets an administrator send back their own isAdmin', async () => {
    const admin = await signedInAdmin(t.app);
    const read = await readAccount(admin);
    expect(read.isAdmin).toBe(true);
    const res = await save(admin, { ...read, last_name: 'Haggard' });
    expect(res.statusCode).toBe(200);
    expect(await readUser(admin.id)).toMatchObject({ lastName: 'Haggard', isAdmin: true });
  });

  it.each([
    ['first_name', { first_name: 'A', firstName: 'B' }, 'first_name and firstName differ'],
    ['zipcode', { zipcode: '10001', zip_code: '20002' }, 'zipcode and zip_code differ'],
  ])('refuses %s that disagrees with its field, naming both', async (_name, change, words) => {
    const me = await signedInUser(t.app);
    const read = await readAccount(me);
    const before = await readUser(me.id);
    const res = await save(me, { ...read, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.body.message).toBe(`${words}: send one of them, or the same value in both`);
    expect(await readUser(me.id)).toEqual(before);
  });

  it.each([
    ['isAdmin', true],
    ['is_admin', true],
    ['password', 'Another-Pass1'],
    ['passwordHash', '$argon2id$v=19$m=19456,t=2,p=1$x$y'],
    ['password_hash', '$argon2id$v=19$m=19456,t=2,p=1$x$y'],
    ['token', 'abc'],
    ['userid', 1],
  ])('still refuses %s and changes nothing', async (field, value) => {
    const me = await signedInUser(t.app);
    const read = await readAccount(me);
    const before = await readUser(me.id);
    const res = await save(me, { ...read, first_name: 'Changed', [field]: value });
    expect(res.statusCode).toBe(400);
    expect(res.body).toEqual({
      status: 400,
      data: null,
      message: `Unknown field in body: ${field}`,
    });
    expect(await readUser(me.id)).toEqual(before);
  });

  it("refuses an administrator's isAdmin sent as false: it is never written", async () => {
    const admin = await signedInAdmin(t.app);
    const read = await readAccount(admin);
    const res = await save(admin, { ...read, isAdmin: false });
    expect(res.statusCode).toBe(400);
    expect(res.body.message).toBe('Unknown field in body: isAdmin');
    expect((await readUser(admin.id))?.isAdmin).toBe(true);
  });

  it("refuses someone else's account as read (403), even with their own values", async () => {
    const owner = await signedInUser(t.app);
    const read = await readAccount(owner);
    const before = await readUser(owner.id);
    const intruder = await signedInUser(t.app);
    const res = await save(intruder, { ...read, first_name: 'Hijacked' });
    expect(res.statusCode).toBe(403);
    expect(res.body.message).toBe(apiMessages.notYourAccount);
    expect(await readUser(owner.id)).toEqual(before);
  });
});
