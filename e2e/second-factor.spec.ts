/// <reference lib="dom" />
import type { Page } from '@playwright/test';
import { generate } from 'otplib';
import { expect, test } from './fixtures.js';
import { adminCall, adminSession, E2E_ADMIN, openAsAdmin } from './admin.js';
import { readMails } from './mailbox.js';
import { siteAxe } from './axe.js';

// One administrator enrols, signs in with a code and with a backup code, and ends a session;
// never the shared e2e administrator, whom every other spec signs in with a password alone.
test.describe.configure({ mode: 'serial' });

const password = 'Second-Factor-1';
const email = `e2e-2fa-${Date.now().toString(36)}@example.com`;
let adminId = 0;

/** The code for the 30-second step `ahead` steps from now (1: the next, which no sign-in took). */
const codeFor = (secret: string, ahead: number) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + ahead * 30 });

async function passwordStep(page: Page) {
  await page.goto('/admin');
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Back-office' });

test.beforeAll(async ({ request }) => {
  const boss = await adminSession(request);
  const created = await adminCall<{ id: number }>(request, boss, 'POST', '/admin/users', {
    email,
    firstName: 'Twofa',
    lastName: 'Tester',
    password,
  });
  expect(created.status, created.message).toBe(201);
  adminId = created.data.id;
});

test.afterAll(async ({ request }) => {
  const boss = await adminSession(request);
  await adminCall(request, boss, 'DELETE', '/users', { id: adminId });
});

let secret = '';
let backupCodes: string[] = [];

test('an administrator sets up two-step sign-in from My Account', async ({ page }) => {
  await passwordStep(page);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/admin/ownAccount');
  const panel = page.getByRole('region', { name: 'Two-step sign-in' });
  await expect(panel).toContainText('Off: your password alone signs you in.');
  await panel.getByRole('button', { name: 'Set up' }).click();
  await panel.getByLabel('Your password, again').fill('not-the-password');
  await panel.getByRole('button', { name: 'Continue' }).click();
  await expect(panel.getByText('Your password is not right')).toBeVisible();
  await panel.getByLabel('Your password, again').fill(password);
  await panel.getByRole('button', { name: 'Continue' }).click();

  await expect(
    panel.getByRole('img', { name: 'QR code for your authenticator app' }),
  ).toBeVisible();
  secret = (await panel.locator('.second-factor__secret').textContent()) ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  expect((await siteAxe(page).include('#panel-two-step-sign-in').analyze()).violations).toEqual([]);
  await panel.getByLabel('The code your app shows').fill('000000');
  await panel.getByRole('button', { name: 'Turn on' }).click();
  await expect(panel.getByText('That code is not right, or was already used')).toBeVisible();
  await panel.getByLabel('The code your app shows').fill(await codeFor(secret, 0));
  await panel.getByRole('button', { name: 'Turn on' }).click();

  const codes = panel.getByRole('list', { name: 'Your backup codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  backupCodes = await codes.allTextContents();
  const download = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Download as text' }).click();
  expect((await download).suggestedFilename()).toMatch(/backup-codes\.txt$/);
  await panel.getByRole('button', { name: 'Done' }).click();
  await expect(panel).toContainText('On: signing in asks for a code');
  await expect(panel).toContainText('10 backup codes left.');
});

test('signing in then asks for a code; a used one is refused', async ({ page }) => {
  await passwordStep(page);
  const step = page.getByRole('form', { name: 'Two-step sign-in' });
  await expect(step).toBeVisible();
  await expect(page.getByLabel('Code')).toBeFocused();
  // The step the enrolment took: a replay.
  await step.getByLabel('Code').fill(await codeFor(secret, 0));
  await step.getByRole('button', { name: 'Verify' }).click();
  await expect(step.getByRole('alert')).toHaveText(/That code is not right, or was already used/);
  await step.getByLabel('Code').fill(await codeFor(secret, 1));
  await step.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(sidebar(page).getByRole('link', { name: 'Twofa' })).toBeVisible();
});

test('a backup code signs in once, and My Account counts what is left', async ({ page }) => {
  await passwordStep(page);
  const step = page.getByRole('form', { name: 'Two-step sign-in' });
  await step.getByLabel('Code').fill(backupCodes[0]!);
  await step.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/admin/ownAccount');
  await expect(page.getByRole('region', { name: 'Two-step sign-in' })).toContainText(
    '9 backup codes left.',
  );
});

test('My Account lists the signed-in sessions and signs the others out', async ({
  page,
  browser,
}) => {
  // A second browser signed in with a backup code: a session on another "device".
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await passwordStep(otherPage);
  await otherPage.getByLabel('Code').fill(backupCodes[1]!);
  await otherPage.getByRole('button', { name: 'Verify' }).click();
  await expect(otherPage).toHaveURL(/\/admin\/dashboard$/);

  await passwordStep(page);
  await page.getByLabel('Code').fill(backupCodes[2]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/admin/ownAccount');
  const sessions = page.getByRole('region', { name: 'Signed-in sessions' });
  await expect(sessions.getByText('This device')).toHaveCount(1);
  await expect(sessions.getByRole('listitem')).not.toHaveCount(1);
  await sessions.getByRole('button', { name: 'Sign out everywhere else' }).click();
  await expect(sessions.getByRole('listitem')).toHaveCount(1);
  await expect(sessions).toContainText('No other sessions.');

  // The other browser's session is over: its next call sends it to the login.
  await otherPage.reload();
  await expect(otherPage).toHaveURL(/\/admin$/);
  await other.close();
});

test("another administrator resets a colleague's second factor, and the colleague is mailed", async ({
  page,
}) => {
  await openAsAdmin(page, '/admin/userDashboard');
  await page.getByRole('searchbox', { name: 'Search by name' }).fill('twofa');
  const admins = page.getByRole('region', { name: 'Administrators' });
  await admins.getByRole('button', { name: 'Reset 2FA of Twofa Tester' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset second factor' });
  await dialog.getByLabel('Your password, again').fill(E2E_ADMIN.password);
  await dialog.getByRole('button', { name: 'Reset' }).click();
  await expect(dialog.getByRole('status')).toContainText('Second factor reset');
  await dialog.getByRole('button', { name: 'Done' }).click();

  await expect
    .poll(async () =>
      (await readMails()).some(
        (mail) => mail.to.includes(email) && /reset the second factor/.test(mail.text),
      ),
    )
    .toBe(true);
  // Her password alone signs her in again, until she sets up a new one.
  const fresh = await page.context().browser()!.newContext();
  const herPage = await fresh.newPage();
  await passwordStep(herPage);
  await expect(herPage).toHaveURL(/\/admin\/dashboard$/);
  await fresh.close();
});
