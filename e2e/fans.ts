import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

/** A fan registered through the API: what signing in needs, and the session the site stores. */
export interface Fan {
  id: number;
  firstName: string;
  email: string;
  password: string;
  token: string;
}

/** A password the policy accepts. */
export const FAN_PASSWORD = 'Fan-Pass-123';

let registered = 0;

/** An address no other fan of any run has: the process, the time and a counter. */
export function uniqueEmail(prefix: string): string {
  registered += 1;
  return `${prefix}-${process.pid}-${Date.now()}-${registered}@example.com`.toLowerCase();
}

/** Registers a new fan through the API (POST /api/register), as the sign-up form does. */
export async function registerFan(
  request: APIRequestContext,
  firstName = 'Casey',
  lastName = 'Tester',
): Promise<Fan> {
  const email = uniqueEmail(`${firstName}.${lastName}`);
  const response = await request.post('/api/register', {
    data: {
      firstName,
      lastName,
      zipCode: '37203',
      birthday: '1990-04-05',
      email,
      password: FAN_PASSWORD,
      newsletter: '0',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const token = (response.headers().authorization ?? '').replace(/^Bearer /, '');
  const { data } = (await response.json()) as { data: { userid: number; firstName: string } };
  return { id: data.userid, firstName: data.firstName, email, password: FAN_PASSWORD, token };
}

/**
 * Makes every page this test opens start signed in as the fan: the session is stored in
 * localStorage ('session') before any page script runs, as the site stores it on sign-in.
 */
export async function startSignedIn(page: Page, fan: Fan): Promise<void> {
  const session = { id: fan.id, firstName: fan.firstName, isAdmin: false, token: fan.token };
  // The site's own page only: a frame inside it (the YouTube player) may not touch storage.
  await page.addInitScript((value) => {
    if (window.top === window) localStorage.setItem('session', value);
  }, JSON.stringify(session));
}

/** The sign-in dialog, opened from the home page's top bar. */
export async function openSignIn(page: Page): Promise<Locator> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign In' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  return dialog;
}

/** Fills the dialog's Sign Up form and sends it (its outcome is the test's to check). */
export async function fillSignUp(
  dialog: Locator,
  fields: { firstName: string; email: string; password: string; birthday?: string },
): Promise<void> {
  await dialog.getByLabel('First Name').fill(fields.firstName);
  await dialog.getByLabel('Last Name').fill('Tester');
  await dialog.getByLabel('Zip Code').fill('37203');
  await dialog.getByLabel('Birthday').fill(fields.birthday ?? '1990-04-05');
  await dialog.getByLabel('Email').fill(fields.email);
  await dialog.getByLabel('Password', { exact: true }).fill(fields.password);
  await dialog.getByLabel('Confirm Password').fill(fields.password);
  await dialog.getByRole('button', { name: 'Sign Up' }).click();
}

/** Registers a new fan through the site's Sign Up form, which closes once the fan is in. */
export async function signUpInDialog(
  page: Page,
  fields: { firstName: string; email: string; password: string; birthday?: string },
): Promise<void> {
  const dialog = await openSignIn(page);
  await dialog.getByRole('button', { name: 'Sign Up' }).click();
  await fillSignUp(dialog, fields);
  await expect(dialog).toBeHidden();
}
