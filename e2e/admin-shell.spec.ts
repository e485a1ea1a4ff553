import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { adminCall, adminSession, E2E_ADMIN, openAsAdmin } from './admin.js';
import { registerFan } from './fans.js';
import { waitForRecoveryCode } from './mailbox.js';

/** Every admin screen but the login, with real ids where a path needs one. */
const GUARDED_PATHS = [
  '/admin/dashboard',
  '/admin/videos',
  '/admin/artistDashboard',
  '/admin/userDashboard',
  '/admin/ownAccount',
  '/admin/newVideo',
  '/admin/editVideo/1',
  '/admin/newArtist',
  '/admin/editArtist/1',
  '/admin/newAdmin',
];

async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

/** A new administrator made through the API, so tests can change their password freely. */
async function freshAdmin(page: Page, firstName: string) {
  const session = await adminSession(page.request);
  const email = `${firstName.toLowerCase()}.${Date.now()}@example.com`;
  const password = 'Fresh-Admin-1';
  const created = await adminCall(page.request, session, 'POST', '/admin/users', {
    email,
    firstName,
    lastName: 'Tester',
    password,
  });
  expect(created.status).toBe(201);
  return { email, password };
}

test.describe('admin login', () => {
  test('refuses empty fields and a malformed email before calling the server', async ({ page }) => {
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Admin');
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByRole('alert')).toContainText('Please fill out all fields.');
    await logIn(page, 'not-an-email@', 'Whatever-1');
    await expect(page.getByRole('alert')).toContainText('Incorrect email format');
  });

  test("says 'Error logging in' for a wrong password and stays signed out", async ({ page }) => {
    await page.goto('/admin');
    await logIn(page, E2E_ADMIN.email, 'Wrong-Pass-1');
    await expect(page.getByRole('alert')).toContainText('Error logging in');
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL(/\/admin$/);
  });

  test('logs an administrator in to the dashboard; a return visit to /admin goes there too', async ({
    page,
  }) => {
    await page.goto('/admin');
    await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    const sidebar = page.getByRole('complementary', { name: 'Back-office' });
    await expect(sidebar.getByRole('link', { name: 'Admin' })).toHaveAttribute(
      'href',
      '/admin/ownAccount',
    );
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  });

  test('refuses a fan at the admin login', async ({ page }) => {
    const fan = await registerFan(page.request, 'Wanda', 'Fan');
    await page.goto('/admin');
    await logIn(page, fan.email, fan.password);
    await expect(page.getByRole('alert')).toContainText('Error logging in');
    await expect(page.getByRole('alert')).toContainText('cannot use the back-office');
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL(/\/admin$/);
  });
});

test.describe('admin guard', () => {
  test('sends a signed-out visitor from every admin screen to /admin', async ({ page }) => {
    for (const path of GUARDED_PATHS) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/admin$/);
      await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
    }
  });

  test('sends a signed-in fan from the admin screens to /admin', async ({ page }) => {
    const fan = await registerFan(page.request, 'Gus', 'Fan');
    const login = await page.request.post('/api/login', {
      data: { email: fan.email, password: fan.password },
    });
    const token = (login.headers().authorization ?? '').replace(/^Bearer /, '');
    await page.addInitScript(
      (session) => localStorage.setItem('session', session),
      JSON.stringify({ id: fan.id, firstName: 'Gus', isAdmin: false, token }),
    );
    for (const path of ['/admin/dashboard', '/admin/videos', '/admin/userDashboard']) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/admin$/);
    }
  });

  test("a session that says isAdmin but whose token is not an admin's gets nothing", async ({
    page,
  }) => {
    // Editing localStorage cannot make anyone an administrator: the server refuses the calls.
    const fan = await registerFan(page.request, 'Mallory', 'Fan');
    const login = await page.request.post('/api/login', {
      data: { email: fan.email, password: fan.password },
    });
    const token = (login.headers().authorization ?? '').replace(/^Bearer /, '');
    const forged = await page.request.get('/api/admin/dashboard', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(forged.status()).toBe(403);
  });

  test('an unknown admin path shows the not-found page', async ({ page }) => {
    await page.goto('/admin/nothing-here');
    await expect(page.getByText('This page could not be found.')).toBeVisible();
  });
});

test.describe('admin sidebar', () => {
  test('highlights the current section, collapses, leads to the main site and logs out', async ({
    page,
  }) => {
    await openAsAdmin(page, '/admin/videos');
    const sections = page.getByRole('navigation', { name: 'Admin sections' });
    for (const name of ['Dashboard', 'Videos', 'Artists', 'Users', 'Main Site']) {
      await expect(sections.getByRole('link', { name })).toBeVisible();
    }
    await expect(sections.getByRole('link', { name: 'Videos' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.locator('footer')).toHaveCount(0);

    await sections.getByRole('link', { name: 'Artists' }).click();
    await expect(page).toHaveURL(/\/admin\/artistDashboard$/);
    await expect(sections.getByRole('link', { name: 'Artists' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    const collapse = page.getByRole('button', { name: 'Collapse the menu' });
    await expect(collapse).toHaveAttribute('aria-expanded', 'true');
    await collapse.click();
    await expect(page.getByRole('button', { name: 'Expand the menu' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    const sidebarWidth = async () =>
      (await page.getByRole('complementary', { name: 'Back-office' }).boundingBox())?.width ?? 0;
    await expect.poll(sidebarWidth).toBeLessThan(100);
    await page.getByRole('button', { name: 'Expand the menu' }).click();
    await expect.poll(sidebarWidth).toBeGreaterThan(180);

    await sections.getByRole('link', { name: 'Main Site' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('footer')).toBeVisible();

    await page.goto('/admin/dashboard');
    await page.getByRole('button', { name: 'Log Out' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL(/\/admin$/);
  });
});

test.describe('admin password recovery', () => {
  test('sends a code by mail, checks it, sets a new password, and the new password logs in', async ({
    page,
  }) => {
    const admin = await freshAdmin(page, 'Reba');
    await page.goto('/admin');
    await page.getByRole('button', { name: 'Forgot Password?' }).click();
    const popup = page.getByRole('dialog');
    await popup.getByRole('button', { name: 'Send Recovery Code' }).click();
    await expect(popup.getByRole('alert')).toContainText(
      'Please enter an email to send our recovery code',
    );
    await popup.getByLabel('Email Address', { exact: true }).fill(admin.email);
    await popup.getByRole('button', { name: 'Send Recovery Code' }).click();

    const code = await waitForRecoveryCode(admin.email);
    await popup.getByLabel('Recovery Code', { exact: true }).fill('WRONG-00000');
    await popup.getByRole('button', { name: 'Verify Code' }).click();
    await expect(popup.getByRole('alert')).toContainText(
      'Error validating code, double check your email',
    );
    // Messages hide on their own after 3 s.
    await expect(popup.getByRole('alert')).toBeHidden({ timeout: 5000 });
    await popup.getByLabel('Recovery Code', { exact: true }).fill(code);
    await popup.getByRole('button', { name: 'Verify Code' }).click();

    await popup.getByLabel('New Password', { exact: true }).fill('Recovered-Pass-2');
    await popup.getByLabel('Confirm New Password', { exact: true }).fill('Recovered-Pass-3');
    await popup.getByRole('button', { name: 'Change Password' }).click();
    await expect(popup.getByRole('alert')).toContainText('Passwords do not match');
    await popup.getByLabel('Confirm New Password', { exact: true }).fill('Recovered-Pass-2');
    await popup.getByRole('button', { name: 'Change Password' }).click();
    await expect(popup.getByRole('status')).toContainText('Password Changed Successfully');
    await expect(page.getByRole('dialog')).toBeHidden({ timeout: 5000 });

    await logIn(page, admin.email, admin.password);
    await expect(page.getByRole('alert')).toContainText('Error logging in');
    await logIn(page, admin.email, 'Recovered-Pass-2');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('the sidebar starts collapsed, so the screen itself shows first; it opens on demand', async ({
    page,
  }) => {
    await openAsAdmin(page, '/admin/dashboard');
    const expand = page.getByRole('button', { name: 'Expand the menu' });
    await expect(expand).toHaveAttribute('aria-expanded', 'false');
    const main = await page.locator('#admin-main').boundingBox();
    expect(main!.y).toBeLessThan(800 / 2);
    await expand.click();
    await expect(
      page
        .getByRole('navigation', { name: 'Admin sections' })
        .getByRole('link', { name: 'Videos' }),
    ).toBeVisible();
  });
});
