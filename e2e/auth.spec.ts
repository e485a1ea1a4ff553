import type { Page } from '@playwright/test';
import { siteAxe } from './axe.js';
import { expect, test } from './fixtures.js';
import {
  fillSignUp,
  openSignIn as openAuth,
  signUpInDialog,
  uniqueEmail as uniqueAddress,
} from './fans.js';
import { waitForRecoveryCode } from './mailbox.js';

const RULE =
  'Password does not meet requirements: 1 uppercase, 1 lowercase, 1 number, 1 special character, 8 characters';
const PASSWORD = 'Country-Road1';

const uniqueEmail = (label: string) => uniqueAddress(`e2e-auth-${label}`);

async function signUp(page: Page, firstName: string, email: string) {
  await signUpInDialog(page, { firstName, email, password: PASSWORD, birthday: '1990-05-04' });
}

async function signIn(page: Page, email: string, password: string) {
  const dialog = await openAuth(page);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByLabel('Password').press('Enter');
  await expect(dialog).toBeHidden();
}

async function signOut(page: Page, firstName: string) {
  await page.getByRole('button', { name: firstName, exact: true }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
}

test('the auth modal stays open on Escape and closes with its × button', async ({ page }) => {
  const dialog = await openAuth(page);
  await expect(dialog.getByLabel('Email')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});

test('registering under 13 is refused with the age message', async ({ page }) => {
  const dialog = await openAuth(page);
  await dialog.getByRole('button', { name: 'Sign Up' }).click();
  const year = new Date().getFullYear() - 12;
  await fillSignUp(dialog, {
    firstName: 'Young',
    email: uniqueEmail('young'),
    password: PASSWORD,
    birthday: `${year}-01-01`,
  });
  await expect(dialog.getByText('You are not old enough to create an account.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Young' })).toHaveCount(0);
});

test('registering with a weak password shows the password rule', async ({ page }) => {
  const dialog = await openAuth(page);
  await dialog.getByRole('button', { name: 'Sign Up' }).click();
  await fillSignUp(dialog, {
    firstName: 'Weak',
    email: uniqueEmail('weak'),
    password: 'password',
    birthday: '1990-05-04',
  });
  await expect(dialog.getByText(RULE)).toBeVisible();
});

test('register, sign out, then sign in again', async ({ page }) => {
  const email = uniqueEmail('cycle');
  await signUp(page, 'Loretta', email);
  await expect(page.getByRole('button', { name: 'Loretta' })).toBeVisible();
  await signOut(page, 'Loretta');
  await signIn(page, email, PASSWORD);
  await expect(page.getByRole('button', { name: 'Loretta' })).toBeVisible();
  // A reload keeps the session (it is stored locally).
  await page.reload();
  await expect(page.getByRole('button', { name: 'Loretta' })).toBeVisible();
});

test('a wrong password shows the server message in the form', async ({ page }) => {
  const email = uniqueEmail('wrong');
  await signUp(page, 'Patsy', email);
  await signOut(page, 'Patsy');
  const dialog = await openAuth(page);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill('Not-the-one1');
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(/Incorrect email or password\./);
});

test('forgot password: code by mail, a new password, then sign in with it', async ({ page }) => {
  const email = uniqueEmail('recover');
  await signUp(page, 'Tammy', email);
  await signOut(page, 'Tammy');

  const dialog = await openAuth(page);
  await dialog.getByRole('button', { name: 'Forgot Password?' }).click();
  await expect(
    dialog.getByText('Enter your email address to receive a recovery code.'),
  ).toBeVisible();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Send Recovery Code' }).click();
  await expect(dialog.getByText('Enter the recovery code sent to your email.')).toBeVisible();

  const code = await waitForRecoveryCode(email);
  await dialog.getByLabel('Recovery Code').fill(code);
  await dialog.getByRole('button', { name: 'Verify Code' }).click();
  await expect(dialog.getByText('Enter a new password.')).toBeVisible();
  const newPassword = 'Stand-By-Your-Man2';
  await dialog.getByLabel('New Password').fill(newPassword);
  await dialog.getByLabel('Confirm Password').fill(newPassword);
  await dialog.getByRole('button', { name: 'Reset Password' }).click();
  await expect(dialog.getByText('Your password has been reset.')).toBeVisible();
  await dialog.getByRole('button', { name: 'SIGN IN' }).click();

  await expect(dialog.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill(newPassword);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Tammy', exact: true })).toBeVisible();
});

for (const theme of ['light', 'dark'] as const) {
  test(`the sign-up form fits 320 px and passes axe (${theme})`, async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await page.addInitScript(
      (dark) => localStorage.setItem('darkMode', dark),
      String(theme === 'dark'),
    );
    await page.goto('/');
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('button', { name: 'Sign In' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Sign Up' }).click();
    // With every error showing, the form is at its widest and its errors' colours are checked.
    await dialog.getByLabel('Email').fill('not-an-email');
    await dialog.getByRole('button', { name: 'Sign Up' }).click();
    await expect(dialog.getByText('Please enter a valid email address')).toBeVisible();
    const { violations } = await siteAxe(page).include('dialog').analyze();
    expect(violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
    const widths = await dialog.evaluate((element) => ({
      dialog: element.scrollWidth,
      client: element.clientWidth,
      page: document.documentElement.scrollWidth,
    }));
    expect(widths.dialog).toBeLessThanOrEqual(widths.client);
    expect(widths.page).toBeLessThanOrEqual(320);
  });
}
