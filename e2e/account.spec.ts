import type { Page } from '@playwright/test';
import { siteAxe } from './axe.js';
import { expect, test } from './fixtures.js';
import { signUpInDialog, uniqueEmail } from './fans.js';

const PASSWORD = 'Country-Road1';

interface StoredSession {
  id: number;
  firstName: string;
  isAdmin: boolean;
  token: string;
}

/** Registers a new fan through the auth modal; answers the session the page stored. */
async function signUp(page: Page, firstName: string) {
  const email = uniqueEmail('e2e-account');
  await signUpInDialog(page, { firstName, email, password: PASSWORD, birthday: '1985-07-01' });
  const session = await page.evaluate(
    () => JSON.parse(localStorage.getItem('session') ?? 'null') as StoredSession,
  );
  return { email, session };
}

async function openAccount(page: Page, firstName: string) {
  await page.getByRole('button', { name: firstName, exact: true }).click();
  await page.getByRole('menuitem', { name: 'Account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
}

/** Likes videos and an artist through the API with the token the page stored, as the site's Like buttons do. */
async function likeThroughApi(page: Page, session: StoredSession) {
  const headers = { authorization: `Bearer ${session.token}` };
  const home = (await (await page.request.get('/api/home')).json()) as {
    data: { categories: { videos: { id: number; title: string }[] }[] };
  };
  // The shortest and the longest title: cards of different heights side by side.
  const videos = home.data.categories
    .flatMap((row) => row.videos)
    .sort((a, b) => a.title.length - b.title.length);
  const first = videos[0]!;
  const second = videos.at(-1)!;
  const featured = (await (await page.request.get('/api/featured-artists')).json()) as {
    data: { artists: { id: number; name: string }[] };
  };
  const artist = featured.data.artists[0]!;
  for (const video of [first, second]) {
    const liked = await page.request.put('/api/users/liked/add-video', {
      headers,
      data: { userId: session.id, episodeId: video.id },
    });
    expect(liked.status()).toBe(200);
  }
  const likedArtist = await page.request.put('/api/users/liked/add-artist', {
    headers,
    data: { userId: session.id, artistId: artist.id },
  });
  expect(likedArtist.status()).toBe(200);
  return { first, second, artist };
}

test('a signed-out visitor is sent from /account to /', async ({ page }) => {
  await page.goto('/account');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
});

test('liked artists and videos are listed, and one can be removed', async ({ page }) => {
  const { session } = await signUp(page, 'Dolly');
  const { first, second, artist } = await likeThroughApi(page, session);

  await openAccount(page, 'Dolly');
  const likedVideos = page.getByRole('region', { name: 'Liked Videos' });
  const likedArtists = page.getByRole('region', { name: 'Liked Artists' });
  await expect(likedVideos.getByRole('link', { name: first.title })).toBeVisible();
  await expect(likedVideos.getByRole('link', { name: second.title })).toBeVisible();
  await expect(likedArtists.getByRole('link', { name: artist.name })).toBeVisible();
  // Side by side, the Remove buttons line up whatever the titles' lengths.
  const removeTops = await Promise.all(
    [first, second].map(
      async (video) =>
        (await likedVideos.getByRole('button', { name: `Remove ${video.title}` }).boundingBox())!.y,
    ),
  );
  expect(Math.abs(removeTops[0]! - removeTops[1]!)).toBeLessThan(1);

  await likedVideos.getByRole('button', { name: `Remove ${first.title}` }).click();
  await expect(likedVideos.getByRole('link', { name: first.title })).toHaveCount(0);
  await expect(likedVideos.getByRole('link', { name: second.title })).toBeVisible();
  await likedArtists.getByRole('button', { name: `Remove ${artist.name}` }).click();
  await expect(likedArtists.getByText('You have not liked any artists yet.')).toBeVisible();

  // The removal reached the server: a reload shows the same lists.
  await page.reload();
  await expect(likedVideos.getByRole('link', { name: second.title })).toBeVisible();
  await expect(likedVideos.getByRole('link', { name: first.title })).toHaveCount(0);
  await expect(likedArtists.getByText('You have not liked any artists yet.')).toBeVisible();
});

test('the account form saves, and the new first name shows in the navigation', async ({ page }) => {
  await signUp(page, 'Reba');
  await openAccount(page, 'Reba');
  const form = page.getByRole('form', { name: 'Account' });
  await expect(form.getByLabel('Birthday')).toHaveValue('1985-07-01');
  await form.getByLabel('First Name').fill('Rebecca');
  await form.getByLabel('Zip Code').fill('10001');
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expect(form.getByText('Account changes saved')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Rebecca', exact: true })).toBeVisible();
  await page.reload();
  await expect(form.getByLabel('First Name')).toHaveValue('Rebecca');
  await expect(form.getByLabel('Zip Code')).toHaveValue('10001');
  await expect(form.getByLabel('First Name')).toHaveAttribute('maxlength', '100');

  // A cleared zip code is refused as at sign-up, not "saved" and quietly kept.
  await form.getByLabel('Zip Code').fill('');
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expect(form.getByLabel('Zip Code')).toHaveAccessibleDescription('Zip code is required');
  await expect(form.getByText('Account changes saved')).toHaveCount(0);
});

test('the password can be changed, and the new one signs in', async ({ page }) => {
  const { email } = await signUp(page, 'Shania');
  await openAccount(page, 'Shania');
  const form = page.getByRole('form', { name: 'Change Password' });
  await form.getByLabel('Current Password').fill('Wrong-pass1');
  await form.getByLabel('New Password').fill('Still-The-One2');
  await form.getByLabel('Confirm Password').fill('Still-The-One2');
  await form.getByRole('button', { name: 'Change Password' }).click();
  // Said under the field it is about, not in a banner.
  await expect(form.getByLabel('Current Password')).toHaveAccessibleDescription(
    'Your current password is incorrect.',
  );
  await expect(form.getByRole('alert')).toHaveCount(0);

  // The rule under the new password warns of common ones; one is refused there too.
  const newPassword = form.getByLabel('New Password');
  await expect(newPassword).toHaveAccessibleDescription(/Commonly used passwords are not accepted/);
  await form.getByLabel('Current Password').fill(PASSWORD);
  await newPassword.fill('Password123');
  await form.getByLabel('Confirm Password').fill('Password123');
  await form.getByRole('button', { name: 'Change Password' }).click();
  await expect(newPassword).toHaveAccessibleDescription(/^This password is too common/);
  await newPassword.fill('Still-The-One2');
  await form.getByLabel('Confirm Password').fill('Still-The-One2');

  await form.getByLabel('Current Password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Change Password' }).click();
  await expect(form.getByText('Password changed successfully')).toBeVisible();
  const login = await page.request.post('/api/login', {
    data: { email, password: 'Still-The-One2' },
  });
  expect(login.status()).toBe(201);
});

test('deleting the account takes two steps and signs out', async ({ page }) => {
  const { email } = await signUp(page, 'Wynonna');
  await openAccount(page, 'Wynonna');
  await page.getByRole('button', { name: 'Delete Account' }).click();
  await page.getByRole('button', { name: 'Cancel Deletion' }).click();
  await page.getByRole('button', { name: 'Delete Account' }).click();
  await page.getByRole('button', { name: 'Confirm Deletion' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('session'))).toBeNull();
  const login = await page.request.post('/api/login', { data: { email, password: PASSWORD } });
  expect(login.status()).toBe(401);
});

test('with likes, the account page fits 320 px and passes axe in dark mode', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('darkMode', 'true'));
  const { session } = await signUp(page, 'Kacey');
  await likeThroughApi(page, session);
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto('/account');
  await expect(page.getByRole('button', { name: /^Remove / }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Delete Account' }).click();
  await expect(page.getByRole('button', { name: 'Confirm Deletion' })).toBeVisible();
  const { violations } = await siteAxe(page).analyze();
  expect(violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
});
