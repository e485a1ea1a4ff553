/// <reference lib="dom" />
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { adminCall, adminSession, E2E_ADMIN, openAsAdmin, type AdminSession } from './admin.js';
import { registerFan } from './fans.js';

/** Letters only, so a name made of it matches nothing of anybody else's. */
function uniqueWord(prefix: string): string {
  const letters = (Date.now() * 1000 + Math.floor(Math.random() * 1000))
    .toString(26)
    .replace(/\d/g, (digit) => 'qrstuvwxyz'[Number(digit)]!);
  return `${prefix}${letters}`;
}

/** An administrator made through the API for a test that changes it (never the e2e admin). */
async function freshAdmin(request: APIRequestContext, boss: AdminSession, firstName: string) {
  const email = `${uniqueWord('e2e-people-')}@example.com`;
  const password = 'Fresh-Admin-1';
  const created = await adminCall<{ id: number }>(request, boss, 'POST', '/admin/users', {
    email,
    firstName,
    lastName: 'Fresh',
    password,
  });
  expect(created.status, created.message).toBe(201);
  return { id: created.data.id, email, password };
}

/** Deletes people the test made; gone already is fine. */
async function deletePeople(request: APIRequestContext, ids: number[]) {
  const boss = await adminSession(request);
  for (const id of ids) {
    const { status } = await adminCall(request, boss, 'DELETE', '/users', { id });
    expect([200, 404]).toContain(status);
  }
}

async function loginStatus(request: APIRequestContext, email: string, password: string) {
  const response = await request.post('/api/login', { data: { email, password } });
  return response.status();
}

const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Back-office' });

/** Logs out through the sidebar, then in through the /admin form. */
async function logInThroughForm(page: Page, email: string, password: string) {
  await sidebar(page).getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

const usersPanel = (page: Page) => page.getByRole('region', { name: 'Users', exact: true });
const adminsPanel = (page: Page) => page.getByRole('region', { name: 'Administrators' });

test.describe('People', () => {
  test('an administrator created on /admin/newAdmin can log in through /admin', async ({
    page,
  }) => {
    const email = `${uniqueWord('e2e-newadmin-')}@example.com`;
    const password = 'Brand-New-1';
    try {
      await openAsAdmin(page, '/admin/newAdmin');
      const form = page.getByRole('form', { name: 'New administrator' });
      await form.getByLabel('Email').fill(email);
      await form.getByLabel('Password', { exact: true }).fill(password);
      await form.getByLabel('Confirm Password').fill(password);
      // Enter in the name field creates.
      await form.getByLabel('Name').fill('Edith Newcomer');
      await form.getByLabel('Name').press('Enter');
      await expect(page.getByRole('status')).toHaveText(/Account Successfully created/);
      await expect(form.getByLabel('Email')).toHaveValue('');
      await expect(form.getByLabel('Password', { exact: true })).toHaveValue('');

      await logInThroughForm(page, email, password);
      await expect(page).toHaveURL(/\/admin\/dashboard$/);
      await expect(sidebar(page).getByRole('link', { name: 'Edith' })).toBeVisible();

      await page.getByRole('link', { name: 'Users' }).click();
      await page.getByRole('searchbox', { name: 'Search by name' }).fill('newcomer');
      const row = adminsPanel(page).getByRole('row', { name: /Edith Newcomer/ });
      await expect(row).toContainText(email);
      await expect(row).toContainText('You');
    } finally {
      const boss = await adminSession(page.request);
      const { data } = await adminCall<{ admins: { id: number; email: string }[] }>(
        page.request,
        boss,
        'GET',
        '/admin/users?q=newcomer&pageSize=100',
      );
      await deletePeople(
        page.request,
        data.admins.filter((admin) => admin.email === email).map((admin) => admin.id),
      );
    }
  });

  test('a fan deleted from the user dashboard is gone and cannot log in', async ({ page }) => {
    const lastName = uniqueWord('Gone');
    const fan = await registerFan(page.request, 'Delia', lastName);
    try {
      await openAsAdmin(page, '/admin/userDashboard');
      await page.getByRole('searchbox', { name: 'Search by name' }).fill(lastName);
      const users = usersPanel(page);
      await expect(users.getByText('1 user', { exact: true })).toBeVisible();
      await users.getByRole('button', { name: `Delete Delia ${lastName}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Confirm User Deletion' });
      await expect(dialog).toContainText(fan.email);
      await dialog.getByRole('button', { name: 'Delete User' }).click();
      await expect(dialog.getByRole('status')).toHaveText(/User Deleted Successfully/);
      // The dialog closes by itself after 3 s and the list refreshes.
      await expect(dialog).toBeHidden({ timeout: 6_000 });
      await expect(users.getByText('No users match these filters.')).toBeVisible();
      expect(await loginStatus(page.request, fan.email, fan.password)).toBe(401);
    } finally {
      await deletePeople(page.request, [fan.id]);
    }
  });

  test('a fresh administrator changes their name and password on /admin/ownAccount', async ({
    page,
  }) => {
    const boss = await adminSession(page.request);
    const admin = await freshAdmin(page.request, boss, 'Olive');
    try {
      await openAsAdmin(page, '/admin/ownAccount', {
        email: admin.email,
        password: admin.password,
      });
      const form = page.getByRole('form', { name: 'Credentials' });
      await expect(form.getByLabel('Email')).toHaveValue(admin.email);
      await expect(sidebar(page).getByRole('link', { name: 'Olive' })).toBeVisible();

      await form.getByLabel('First Name').fill('Opal');
      await form.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByRole('status')).toHaveText(/Information updated/);
      await expect(sidebar(page).getByRole('link', { name: 'Opal' })).toBeVisible();

      await form.getByRole('button', { name: 'Update Password' }).click();
      const dialog = page.getByRole('dialog', { name: 'Update Password' });
      await dialog.getByLabel('Current Password').fill('Not-the-pass-1');
      await dialog.getByLabel('New Password', { exact: true }).fill('Changed-Pass-2');
      await dialog.getByLabel('Confirm New Password').fill('Changed-Pass-2');
      await dialog.getByRole('button', { name: 'Update Password' }).click();
      await expect(dialog.getByRole('alert')).toHaveText(/Error trying to update password/);
      await expect(dialog.getByLabel('Current Password')).toHaveAccessibleDescription(
        'Your current password is incorrect.',
      );
      await dialog.getByLabel('Current Password').fill(admin.password);
      await dialog.getByRole('button', { name: 'Update Password' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('status')).toHaveText(/Password changed successfully/);

      expect(await loginStatus(page.request, admin.email, admin.password)).toBe(401);
      await logInThroughForm(page, admin.email, 'Changed-Pass-2');
      await expect(page).toHaveURL(/\/admin\/dashboard$/);
      await expect(sidebar(page).getByRole('link', { name: 'Opal' })).toBeVisible();
    } finally {
      await deletePeople(page.request, [admin.id]);
    }
  });

  test("Save with a bad email says 'Email given was not found' and changes nothing", async ({
    page,
  }) => {
    const session = await openAsAdmin(page, '/admin/ownAccount');
    const form = page.getByRole('form', { name: 'Credentials' });
    await expect(form.getByLabel('Email')).toHaveValue(E2E_ADMIN.email);
    await form.getByLabel('Email').fill('e2e-admin@example');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('alert')).toHaveText(/^Email given was not found/);
    await expect(form.getByLabel('Email')).toBeFocused();
    const info = await adminCall<{ email: string }>(
      page.request,
      session,
      'GET',
      `/users/${session.id}`,
    );
    expect(info.data.email).toBe(E2E_ADMIN.email);
  });

  test('the name search and the last-login filter narrow the lists, 5 to a page', async ({
    page,
  }) => {
    const lastName = uniqueWord('Narrow');
    const fans = [];
    for (const first of ['Amos', 'Bea', 'Cal', 'Dot', 'Eli', 'Fay']) {
      fans.push(await registerFan(page.request, first, lastName));
    }
    try {
      const session = await openAsAdmin(page, '/admin/userDashboard');
      const users = usersPanel(page);
      const search = page.getByRole('searchbox', { name: 'Search by name' });
      // Case-insensitive substring of the last name.
      await search.fill(lastName.slice(2).toUpperCase());
      await expect(users.getByText('6 users, page 1 of 2')).toBeVisible();
      await expect(users.getByRole('row')).toHaveCount(6); // the header and 5 people
      await expect(
        adminsPanel(page).getByText('No administrators match these filters.'),
      ).toBeVisible();
      await users.getByRole('button', { name: /Next/ }).click();
      await expect(users.getByText('6 users, page 2 of 2')).toBeVisible();
      await expect(users.getByRole('row')).toHaveCount(2);
      await search.fill(`fay ${lastName}`);
      await expect(users.getByText('1 user', { exact: true })).toBeVisible();
      await expect(users.getByRole('row', { name: new RegExp(`Fay ${lastName}`) })).toBeVisible();

      // The demo fans last logged in over the past 92 days, and one never did.
      await search.fill('');
      const totals: Record<string, number> = {};
      for (const days of ['all', '30', '60', '90']) {
        const answer = await adminCall<{ pageInfo: { total: number } }>(
          page.request,
          session,
          'GET',
          `/users?days=${days}&pageSize=1`,
        );
        totals[days] = answer.data.pageInfo.total;
      }
      expect(totals['30']).toBeLessThan(totals['60']!);
      expect(totals['60']).toBeLessThan(totals['90']!);
      expect(totals['90']).toBeLessThan(totals['all']!);
      const filter = page.getByRole('combobox', { name: 'Last login' });
      await expect(users.getByText(new RegExp(`^${totals['all']} users,`))).toBeVisible();
      for (const [label, days] of [
        ['Last 30 days', '30'],
        ['Last 60 days', '60'],
        ['Last 90 days', '90'],
        ['All', 'all'],
      ] as const) {
        await filter.selectOption({ label });
        await expect(users.getByText(new RegExp(`^${totals[days]} users,`))).toBeVisible();
      }
      await filter.selectOption({ label: 'Last 30 days' });
      await search.fill(lastName);
      await expect(users.getByText('6 users, page 1 of 2')).toBeVisible();
    } finally {
      await deletePeople(
        page.request,
        fans.map((fan) => fan.id),
      );
    }
  });
});
