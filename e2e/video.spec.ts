import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { registerFan, startSignedIn } from './fans.js';
import { SITE } from './site-settings.js';

// The tests never reach YouTube: the player frame gets an empty page instead.
test.beforeEach(async ({ page }) => {
  await page.route('https://www.youtube-nocookie.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>player</title>' }),
  );
});

async function firstVideoId(page: Page): Promise<number> {
  const response = await page.request.get('/api/home');
  const { data } = (await response.json()) as {
    data: { categories: { videos: { id: number }[] }[] };
  };
  return data.categories[0]!.videos[0]!.id;
}

test('home -> video -> suggested video: new address, new title, back at the top', async ({
  page,
}) => {
  await page.goto('/');
  const firstRow = page
    .getByRole('region')
    .filter({ has: page.getByRole('link', { name: /^View All/ }) })
    .first();
  const card = firstRow.getByRole('listitem').first().getByRole('link');
  // The card's name is its title; the details line under it is its description.
  const cardTitle = (await card.locator('.video-card__title').textContent())!.trim();
  await card.click();
  await expect(page).toHaveURL(/\/videos\/\d+$/);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(cardTitle);
  await expect(page).toHaveTitle(`${cardTitle} | ${SITE.brand}`);
  const firstUrl = page.url();

  const suggested = page.getByRole('complementary', { name: 'Suggested Videos' });
  const last = suggested.getByRole('link').last();
  await last.scrollIntoViewIfNeeded();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  const nextTitle = (await last.locator('.video-card__title').textContent())!.trim();
  expect(nextTitle).not.toBe(cardTitle);
  await last.click();

  await expect(page).not.toHaveURL(firstUrl);
  await expect(page).toHaveURL(/\/videos\/\d+$/);
  await expect(heading).toHaveText(nextTitle);
  await expect(page).toHaveTitle(`${nextTitle} | ${SITE.brand}`);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(page.locator('iframe')).toHaveAttribute('title', nextTitle);
});

test("a signed-out visitor sees a disabled 'Sign in to Like', and a 'Sign in' beside it opens the dialog", async ({
  page,
}) => {
  await page.goto(`/videos/${await firstVideoId(page)}`);
  await expect(page.getByRole('button', { name: 'Sign in to Like' })).toBeDisabled();
  await page.getByRole('main').getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Sign In' })).toBeVisible();
});

test('a signed-in fan likes a video, and it stays liked after a reload', async ({ page }) => {
  await startSignedIn(page, await registerFan(page.request, 'Vera', 'Video'));
  const id = await firstVideoId(page);
  await page.goto(`/videos/${id}`);
  const like = page.getByRole('button', { name: 'Like', exact: true });
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await like.click();
  const liked = page.getByRole('button', { name: 'Liked', exact: true });
  await expect(liked).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await expect(liked).toHaveAttribute('aria-pressed', 'true');
  // And back: unliking is recorded too.
  await liked.click();
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await page.reload();
  await expect(like).toBeVisible();
});

test('Share -> Copy Link copies the page address and says so', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const id = await firstVideoId(page);
  await page.goto(`/videos/${id}`);
  await page.getByRole('button', { name: 'Share' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share' });
  await dialog.getByRole('button', { name: 'Copy Link' }).click();
  await expect(dialog.getByText('Link copied to the clipboard.')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(new URL(`/videos/${id}`, page.url()).toString());
});

test('an unknown video id shows the error text', async ({ page }) => {
  await page.goto('/videos/99999999');
  await expect(page.getByRole('alert')).toHaveText(
    'There was an error retrieving this video. Please try again later.',
  );
});
