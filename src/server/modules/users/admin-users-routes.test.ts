import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiMessages } from '@shared/messages/api.js';
import { peopleMessages } from '@shared/messages/people.js';
import { validationMessages as m } from '@shared/messages/validation.js';
import type { Account, ListedPerson } from '@shared/schemas/people.js';
import { users } from '@server/db/schema.js';
import {
  buildUser,
  callApi,
  login,
  signedInAdmin,
  signedInUser,
} from '@server/testing/factories.js';
import { useTestApp } from '@server/testing/use-test-app.js';

const { t, admin, user } = useTestApp({ signIn: { admin: 'admin', user: 'user' } });

const DAY_MS = 24 * 60 * 60 * 1000;
const readUser = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0];
const listed = (body: { data: unknown }, key: 'users' | 'admins') =>
  (body.data as Record<typeof key, ListedPerson[]>)[key];

describe('GET /api/users', () => {
  it('lists users (never administrators) with name, email and last_login', async () => {
    const never = await buildUser(t.db, { firstName: 'Hank', lastName: 'Williams' });
    const res = await callApi(t.app, 'GET', '/api/users', { token: admin.token });
    expect(res.statusCode).toBe(200);
    expect(res.body.message).toBe(peopleMessages.usersListed);
    const list = listed(res.body, 'users');
    expect(list.find((p) => p.id === never.id)).toEqual({
      id: never.id,
      name: 'Hank Williams',
      first_name: 'Hank',
      last_name: 'Williams',
      email: never.email,
      last_login: null,
    });
    expect(list.find((p) => p.id === user.id)?.last_login).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/);
    expect(list.some((p) => p.id === admin.id)).toBe(false);
    expect(res.body.data).toMatchObject({
      pageInfo: { total: list.length, page: 1, pageSize: 100 },
    });
  });

  it('filters by a case- and accent-insensitive piece of the name', async () => {
    const zeb = await buildUser(t.db, { firstName: 'Zébulon', lastName: 'Quartzfield' });
    await buildUser(t.db, { firstName: 'Zebulonia', lastName: 'Other' });
    const res = await callApi(t.app, 'GET', '/api/users?q=ZEBULON%20quartz', {
      token: admin.token,
    });
    expect(listed(res.body, 'users').map((p) => p.id)).toEqual([zeb.id]);
    const wildcard = await callApi(t.app, 'GET', '/api/users?q=%25', { token: admin.token });
    expect(listed(wildcard.body, 'users')).toEqual([]);
  });

  it('filters by last login within 30, 60 or 90 days', async () => {
    const recent = await buildUser(t.db, { firstName: 'Daysfilter', lastName: 'Recent' });
    const older = await buildUser(t.db, { firstName: 'Daysfilter', lastName: 'Older' });
    await buildUser(t.db, { firstName: 'Daysfilter', lastName: 'Never' });
    await t.db
      .update(users)
      .set({ lastLogin: new Date(Date.now() - 2 * DAY_MS) })
      .where(eq(users.id, recent.id));
    await t.db
      .update(users)
      .set({ lastLogin: new Date(Date.now() - 45 * DAY_MS) })
      .where(eq(users.id, older.id));
    const ids = async (days: string) =>
      listed(
        (
          await callApi(t.app, 'GET', `/api/users?q=daysfilter&days=${days}`, {
            token: admin.token,
          })
        ).body,
        'users',
      ).map((p) => p.id);
    expect(await ids('30')).toEqual([recent.id]);
    expect(await ids('60')).toEqual([recent.id, older.id]);
    expect((await ids('all')).length).toBe(3);
  });

  it('pages the list', async () => {
    for (let i = 0; i < 3; i += 1)
      await buildUser(t.db, { firstName: 'Pager', lastName: `Person${i}` });
    const page2 = await callApi(t.app, 'GET', '/api/users?q=pager&page=2&pageSize=2', {
      token: admin.token,
    });
    expect(listed(page2.body, 'users')).toHaveLength(1);
    expect(page2.body.data).toMatchObject({ pageInfo: { total: 3, page: 2, pageSize: 2 } });
  });

  it('counts everyone of the role without a filter, through sign-ups, role changes and deletions', async () => {
    const totals = async () => {
      const [fans, admins] = await Promise.all(
        ['/api/users', '/api/admin/users'].map((path) =>
          callApi(t.app, 'GET', `${path}?pageSize=1`, { token: admin.token }),
        ),
      );
      return [fans, admins].map(
        (res) => (res!.body.data as { pageInfo: { total: number } }).pageInfo.total,
      );
    };
    const counted = async () => {
      const rows = await t.db.select({ isAdmin: users.isAdmin }).from(users);
      return [rows.filter((row) => !row.isAdmin).length, rows.filter((row) => row.isAdmin).length];
    };
    expect(await totals()).toEqual(await counted());
    const [fansBefore, adminsBefore] = await counted();
    const made = await Promise.all(
      [1, 2, 3].map((i) => buildUser(t.db, { firstName: 'Counted', lastName: `Fan${i}` })),
    );
    await t.db.update(users).set({ isAdmin: true }).where(eq(users.id, made[0]!.id));
    expect(await totals()).toEqual([fansBefore! + 2, adminsBefore! + 1]);
    await t.db.update(users).set({ lastLogin: new Date() }).where(eq(users.id, made[1]!.id));
    await t.db.delete(users).where(eq(users.id, made[2]!.id));
    await t.db.delete(users).where(eq(users.id, made[0]!.id));
    expect(await totals()).toEqual([fansBefore! + 1, adminsBefore!]);
    expect(await totals()).toEqual(await counted());
  });

  it.each([
    ['days=15', "days must be 30, 60, 90 or 'all'"],
    ['pageSize=501', 'pageSize must be at most 500'],
    ['page=0', 'page must be at least 1'],
    ['page=two', 'page must be a number'],
  ])('rejects ?%s', async (query, message) => {
    const res = await callApi(t.app, 'GET', `/api/users?${query}`, { token: admin.token });
    expect(res.statusCode).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('is for administrators only', async () => {
    expect((await callApi(t.app, 'GET', '/api/users')).statusCode).toBe(401);
    const res = await callApi(t.app, 'GET', '/api/users', { token: user.token });
    expect(res.statusCode).toBe(403);
    expect(res.body.message).toBe(apiMessages.adminRequired);
  });
});

describe('GET /api/admin/users', () => {
  it('lists administrators only, filtered by name', async () => {
    const other = await signedInUser(t.app, {
      isAdmin: true,
      firstName: 'Reba',
      lastName: 'Mcentire',
    });
    const res = await callApi(t.app, 'GET', '/api/admin/users', { token: admin.token });
    expect(res.statusCode).toBe(200);
    expect(res.body.message).toBe(peopleMessages.adminsListed);
    const ids = listed(res.body, 'admins').map((p) => p.id);
    expect(ids).toEqual(expect.arrayContaining([admin.id, other.id]));
    expect(ids).not.toContain(user.id);
    const found = await callApi(t.app, 'GET', '/api/admin/users?q=reba', { token: admin.token });
    expect(listed(found.body, 'admins')).toEqual([
      expect.objectContaining({ id: other.id, name: 'Reba Mcentire', email: other.email }),
    ]);
    expect(found.body.data).toMatchObject({ pageInfo: { total: 1 } });
  });

  it('is for administrators only', async () => {
    expect((await callApi(t.app, 'GET', '/api/admin/users')).statusCode).toBe(401);
    expect(
      (await callApi(t.app, 'GET', '/api/admin/users', { token: user.token })).statusCode,
    ).toBe(403);
  });
});

describe('POST /api/admin/users', () => {
  const newAdmin = (overrides: Record<string, unknown> = {}) => ({
    email: `admin-${Math.random().toString(36).slice(2)}@example.com`,
    firstName: 'Brenda',
    lastName: 'Lee',
    password: 'Rockin-Tree1',
    ...overrides,
  });

  it('creates an administrator who can sign in (201)', async () => {
    const body = newAdmin({ email: 'Brenda.Lee@Example.com' });
    const res = await callApi(t.app, 'POST', '/api/admin/users', { token: admin.token, body });
    expect(res.statusCode).toBe(201);
    expect(res.body.message).toBe(apiMessages.adminCreated);
    expect(res.body.data).toEqual({
      id: expect.any(Number),
      name: 'Brenda Lee',
      email: 'brenda.lee@example.com',
      first_name: 'Brenda',
      last_name: 'Lee',
    });
    const token = await login(t.app, 'brenda.lee@example.com', body.password);
    const me = await callApi(t.app, 'GET', '/api/admin/users', { token });
    expect(me.statusCode).toBe(200);

    const again = await callApi(t.app, 'POST', '/api/admin/users', {
      token: admin.token,
      body: newAdmin({ email: 'BRENDA.LEE@example.com' }),
    });
    expect(again.statusCode).toBe(409);
    expect(again.body.message).toBe(apiMessages.emailTaken);
  });

  it("stores a one-word name's last name as 'N/A' but lists the name without it", async () => {
    const body = newAdmin({ firstName: 'Brenda', lastName: 'N/A' });
    const res = await callApi(t.app, 'POST', '/api/admin/users', { token: admin.token, body });
    expect(res.body.data).toMatchObject({ name: 'Brenda', first_name: 'Brenda', last_name: 'N/A' });
    const { id } = res.body.data as { id: number };
    const admins = await callApi(t.app, 'GET', '/api/admin/users?q=brenda&pageSize=500', {
      token: admin.token,
    });
    expect(listed(admins.body, 'admins')).toContainEqual(
      expect.objectContaining({ id, name: 'Brenda' }),
    );
  });

  it.each([
    ['email format', { email: 'brenda@' }, m.emailInvalidAdmin],
    ["the literal 'admin'", { email: 'admin' }, m.emailInvalidAdmin],
    ['email missing', { email: undefined }, m.emailRequired],
    ['weak password', { password: 'weakpass' }, m.adminPasswordFormat],
    ['password missing', { password: undefined }, m.passwordRequired],
    ['no name', { firstName: '' }, m.adminNoName],
    ['no last name', { lastName: ' ' }, m.lastNameRequired],
    ['unknown field', { isAdmin: false }, 'Unknown field in body: isAdmin'],
  ])('rejects %s', async (_name, overrides, message) => {
    const res = await callApi(t.app, 'POST', '/api/admin/users', {
      token: admin.token,
      body: newAdmin(overrides),
    });
    expect(res.statusCode).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('is for administrators only, and a refused call creates nobody', async () => {
    const body = newAdmin();
    expect((await callApi(t.app, 'POST', '/api/admin/users', { body })).statusCode).toBe(401);
    expect(
      (await callApi(t.app, 'POST', '/api/admin/users', { token: user.token, body })).statusCode,
    ).toBe(403);
    expect(await t.db.select().from(users).where(eq(users.email, body.email))).toEqual([]);
  });
});

describe('PUT /api/admin/users', () => {
  it('updates an administrator’s own name and email', async () => {
    const me = await signedInAdmin(t.app);
    const res = await callApi(t.app, 'PUT', '/api/admin/users', {
      token: me.token,
      body: { id: me.id, email: 'Tammy@Example.com', firstName: 'Tammy', lastName: 'Wynette' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({
      status: 200,
      message: apiMessages.adminUpdated,
      data: { id: me.id, first_name: 'Tammy', last_name: 'Wynette', email: 'tammy@example.com' },
    });
    expect(await readUser(me.id)).toMatchObject({ firstName: 'Tammy', email: 'tammy@example.com' });
  });

  it('lets an administrator edit any account, with 409 and 404 where due', async () => {
    const target = await buildUser(t.db);
    const other = await buildUser(t.db);
    const res = await callApi(t.app, 'PUT', '/api/admin/users', {
      token: admin.token,
      body: {
        id: String(target.id),
        email: target.email,
        firstName: 'Renamed',
        lastName: 'Person',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(await readUser(target.id)).toMatchObject({
      firstName: 'Renamed',
      lastName: 'Person',
      zipcode: '37203',
    });
    const taken = await callApi(t.app, 'PUT', '/api/admin/users', {
      token: admin.token,
      body: { id: target.id, email: other.email, firstName: 'A', lastName: 'B' },
    });
    expect(taken.statusCode).toBe(409);
    const missing = await callApi(t.app, 'PUT', '/api/admin/users', {
      token: admin.token,
      body: { id: 999999, email: 'ghost@example.com', firstName: 'A', lastName: 'B' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.body.message).toBe(apiMessages.userNotFound);
  });

  it.each([
    [{ email: 'nope' }, m.emailInvalidAdmin],
    [{ firstName: '' }, m.firstNameRequired],
    [{ lastName: undefined }, m.lastNameRequired],
    [{ id: 0 }, 'id must be a positive number'],
  ])('rejects %j', async (overrides, message) => {
    const body = { id: admin.id, email: admin.email, firstName: 'A', lastName: 'B', ...overrides };
    const res = await callApi(t.app, 'PUT', '/api/admin/users', { token: admin.token, body });
    expect(res.statusCode).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('is for administrators only; a refused call changes nothing', async () => {
    const target = await buildUser(t.db);
    const before = await readUser(target.id);
    const body = { id: target.id, email: 'taken-over@example.com', firstName: 'X', lastName: 'Y' };
    expect((await callApi(t.app, 'PUT', '/api/admin/users', { body })).statusCode).toBe(401);
    const self = { ...body, id: user.id };
    expect(
      (await callApi(t.app, 'PUT', '/api/admin/users', { token: user.token, body })).statusCode,
    ).toBe(403);
    expect(
      (await callApi(t.app, 'PUT', '/api/admin/users', { token: user.token, body: self }))
        .statusCode,
    ).toBe(403);
    expect(await readUser(target.id)).toEqual(before);
  });
});

describe('PUT /api/admin/users takes the account as GET /api/users/{id} answers it', () => {
  const readAccount = async (id: number) => {
    const res = await callApi(t.app, 'GET', `/api/users/${id}`, { token: admin.token });
    expect(res.statusCode).toBe(200);
    return res.body.data as Account;
  };
  const save = (body: unknown) =>
    callApi(t.app, 'PUT', '/api/admin/users', { token: admin.token, body });
  /** Every column but the last name and the search name made from it. */
  const untouched = (row: Record<string, unknown>) =>
    Object.entries(row).filter(([key]) => !/^(lastName|searchName)$/.test(key));

  it.each([
    ['their own account', () => signedInAdmin(t.app).then((a) => a.id)],
    ['a fan', () => buildUser(t.db).then((u) => u.id)],
  ])('saves the one field changed on %s and leaves every other column', async (_who, make) => {
    const id = await make();
    const read = await readAccount(id);
    const before = (await readUser(id))!;
    const res = await save({ ...read, last_name: 'Parton', zipcode: '99999', newsletter: 0 });
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toEqual({
      id,
      first_name: read.first_name,
      last_name: 'Parton',
      email: read.email,
    });
    const after = (await readUser(id))!;
    expect(after.lastName).toBe('Parton');
    // zipcode and newsletter are not this form's: ignored, never written.
    expect(untouched(after)).toEqual(untouched(before));
  });

  it('refuses first_name that disagrees with firstName, naming both', async () => {
    const target = await buildUser(t.db);
    const before = await readUser(target.id);
    const res = await save({ ...(await readAccount(target.id)), firstName: 'Other' });
    expect(res.statusCode).toBe(400);
    expect(res.body.message).toBe(
      'first_name and firstName differ: send one of them, or the same value in both',
    );
    expect(await readUser(target.id)).toEqual(before);
  });

  it.each([
    ['a fan made an administrator', false, true],
    ['an administrator made a fan', true, false],
  ])('still refuses isAdmin: %s; nothing changes', async (_name, isAdmin, sent) => {
    const target = await buildUser(t.db, { isAdmin });
    const before = await readUser(target.id);
    const res = await save({ ...(await readAccount(target.id)), last_name: 'X', isAdmin: sent });
    expect(res.statusCode).toBe(400);
    expect(res.body).toEqual({
      status: 400,
      data: null,
      message: 'Unknown field in body: isAdmin',
    });
    expect(await readUser(target.id)).toEqual(before);
  });

  it.each([
    ['password', 'Another-Pass1'],
    ['passwordHash', 'x'],
    ['is_admin', true],
    ['token', 'x'],
    ['last_login', null],
  ])('still refuses %s and changes nothing', async (field, value) => {
    const target = await buildUser(t.db);
    const before = await readUser(target.id);
    const res = await save({ ...(await readAccount(target.id)), last_name: 'X', [field]: value });
    expect(res.statusCode).toBe(400);
    expect(res.body.message).toBe(`Unknown field in body: ${field}`);
    expect(await readUser(target.id)).toEqual(before);
  });

  it('answers 404 for an unknown account sent back with isAdmin', async () => {
    const read = await readAccount(user.id);
    const res = await save({ ...read, id: 99_999_999 });
    expect(res.statusCode).toBe(404);
    expect(res.body.message).toBe(apiMessages.userNotFound);
  });
});
