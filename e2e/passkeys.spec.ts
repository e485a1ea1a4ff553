/// <reference lib="dom" />
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { E2E_ADMIN } from './admin.js';
import { siteAxe } from './axe.js';
import { useStoredTheme } from './pages.js';

// A passkey's relying party is PUBLIC_URL's host, and WebAuthn needs a secure context: an IP
// address is no relying-party id and the shared server's PUBLIC_URL is an https name it cannot
// serve. This spec runs its own server at http://localhost:<port> with PUBLIC_URL set to it, and
// Chromium's virtual authenticator (DevTools protocol) plays the passkey.
test.describe.configure({ mode: 'serial' });

let server: ChildProcess | undefined;
let origin = '';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

test.beforeAll(async () => {
  const port = await freePort();
  origin = `http://localhost:${port}`;
  server = spawn(process.execPath, ['dist/server/server.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: 'memory://',
      SEED: 'demo',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: origin,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      CLIENT_DIR: process.env.E2E_CLIENT_DIR ?? './dist/client',
      RATE_LIMIT_SCALE: '100',
    },
    stdio: 'inherit',
  });
  await expect
    .poll(async () => (await fetch(`${origin}/healthz`).catch(() => null))?.status, {
      timeout: 60_000,
    })
    .toBe(200);
});

test.afterAll(() => {
  server?.kill('SIGTERM');
});

async function withVirtualAuthenticator(page: Page) {
  const devtools = await page.context().newCDPSession(page);
  await devtools.send('WebAuthn.enable');
  await devtools.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

async function addPasskeyNamed(page: Page, name: string) {
  const panel = page.getByRole('region', { name: 'Passkeys' });
  await panel.getByRole('button', { name: 'Add a passkey' }).click();
  const form = panel.getByRole('form', { name: 'Add a passkey' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Your password, again').fill(E2E_ADMIN.password);
  await form.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(panel).toContainText(name);
  return panel;
}

async function passwordStep(page: Page) {
  await page.goto(`${origin}/admin`);
  await page.getByLabel('Email Address').fill(E2E_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

const logOut = (page: Page) =>
  page
    .getByRole('complementary', { name: 'Back-office' })
    .getByRole('button', { name: 'Log Out' })
    .click();

test('an administrator adds a passkey, then signs in with it alone and as a second factor', async ({
  page,
}) => {
  await withVirtualAuthenticator(page);
  await passwordStep(page);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  await page.goto(`${origin}/admin/ownAccount`);
  const panel = page.getByRole('region', { name: 'Passkeys' });
  await expect(panel).toContainText('No passkeys yet.');
  await addPasskeyNamed(page, 'Virtual key');
  await expect(panel.getByRole('listitem')).toHaveCount(1);
  await expect(panel).toContainText('Virtual key');
  await expect(page.getByRole('region', { name: 'Two-step sign-in' })).toContainText(
    'On: signing in asks for one of your passkeys.',
  );

  // Usernameless: the passkey names its administrator.
  await logOut(page);
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  // After the password, the passkey is the second step (no code field: no authenticator app).
  await logOut(page);
  await passwordStep(page);
  const step = page.getByRole('form', { name: 'Two-step sign-in' });
  await expect(step).toContainText('Confirm with your passkey');
  await expect(step.getByLabel('Code')).toHaveCount(0);
  // With no field to type in, the keyboard starts on the passkey's button.
  await expect(step.getByRole('button', { name: 'Use a passkey' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  // Removed, the password alone signs in again.
  await page.goto(`${origin}/admin/ownAccount`);
  await panel.getByRole('button', { name: 'Remove Virtual key' }).click();
  const removal = panel.getByRole('form', { name: 'Remove the passkey “Virtual key”' });
  await expect(panel.getByRole('alert')).toContainText('It is your only second factor');
  await removal.getByLabel('Your password, again').fill(E2E_ADMIN.password);
  await removal.getByRole('button', { name: 'Remove passkey' }).click();
  await expect(panel).toContainText('No passkeys yet.');
  await logOut(page);
  await passwordStep(page);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
});

test.describe('on a phone, dark', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('the passkeys panel fits, passes axe, and its removal form too', async ({ page }) => {
    await useStoredTheme(page, 'dark');
    await withVirtualAuthenticator(page);
    await passwordStep(page);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await page.goto(`${origin}/admin/ownAccount`);
    const panel = await addPasskeyNamed(page, 'A phone with a rather long passkey name, to wrap');
    const overflowing = () =>
      page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(await overflowing()).toBe(false);
    await page.screenshot({ path: 'test-results/screens/passkeys-375-dark.png', fullPage: true });
    expect((await siteAxe(page).include('main').analyze()).violations).toEqual([]);
    await panel.getByRole('button', { name: /^Remove A phone/ }).click();
    await expect(panel.getByRole('form', { name: /^Remove the passkey/ })).toBeVisible();
    expect(await overflowing()).toBe(false);
    expect((await siteAxe(page).include('main').analyze()).violations).toEqual([]);
  });
});
