import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { registerFan, startSignedIn } from './fans.js';
import { SITE } from './site-settings.js';

interface FeaturedArtist {
  id: number;
  name: string;
  tagid: number;
}

async function featuredArtists(request: APIRequestContext): Promise<FeaturedArtist[]> {
  const response = await request.get('/api/featured-artists');
  const body = (await response.json()) as { data: { artists: FeaturedArtist[] } };
  expect(body.data.artists.length).toBeGreaterThan(0);
  return body.data.artists;
}

test.describe('signed out', () => {
  test('/artists says a login is needed and opens the auth modal by itself', async ({ page }) => {
    await page.goto('/artists');
    await expect(page.getByRole('heading', { level: 1, name: 'Artists' })).toBeVisible();
    await expect(page.getByText('You must be logged in to view this page.')).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Sign In' })).toBeVisible();
  });

  test('an artist page shows the sign-up subheading and the auth modal', async ({ page }) => {
    const [artist] = await featuredArtists(page.request);
    await page.goto(`/artists/${artist!.id}`);
    await expect(
      page.getByText('Sign up to learn more about your favorite artists!'),
    ).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Sign In' })).toBeVisible();
    await expect(page.getByRole('heading', { name: artist!.name })).toHaveCount(0);
  });
});

test.describe('signed in', () => {
  test.beforeEach(async ({ page }) => {
    await startSignedIn(page, await registerFan(page.request, 'Dolly', 'Tester'));
  });

  test('shows the Featured list and finds artists by name, even misspelt', async ({ page }) => {
    const [artist] = await featuredArtists(page.request);
    const [first = '', last = ''] = artist!.name.split(' ');
    await page.goto('/artists');
    await expect(page).toHaveTitle(`Artists | ${SITE.brand}`);
    const featured = page.getByRole('region', { name: 'Featured' });
    await expect(featured.getByRole('link', { name: artist!.name })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Sign In' })).toBeHidden();

    const catalog = page.getByRole('region', { name: 'Full Catalog' });
    await expect(catalog.getByText('Search for an artist to see results.')).toBeVisible();
    const input = catalog.getByRole('searchbox', { name: 'Artist name' });
    await input.fill(first.toLowerCase());
    await catalog.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(catalog.getByRole('link', { name: artist!.name })).toHaveAttribute(
      'href',
      `/artists/${artist!.id}`,
    );

    // One letter dropped from the last name ('jonny' for 'johnny'): the search is typo-tolerant.
    const typo = `${first} ${last.slice(0, 2)}${last.slice(3)}`.toLowerCase();
    await input.fill(typo);
    await input.press('Enter');
    await expect(catalog.getByRole('link', { name: artist!.name })).toBeVisible();

    await input.fill('qqxzzv');
    await input.press('Enter');
    await expect(catalog.getByText('No artists found.')).toBeVisible();
  });

  test('keeps Search disabled with 2 characters', async ({ page }) => {
    await page.goto('/artists');
    const catalog = page.getByRole('region', { name: 'Full Catalog' });
    const button = catalog.getByRole('button', { name: 'Search', exact: true });
    await catalog.getByRole('searchbox', { name: 'Artist name' }).fill('wa');
    await expect(button).toBeDisabled();
    await catalog.getByRole('searchbox', { name: 'Artist name' }).fill('wad');
    await expect(button).toBeEnabled();
  });

  test('letter B lists the artists whose name starts with B', async ({ page }) => {
    await page.goto('/artists');
    const catalog = page.getByRole('region', { name: 'Full Catalog' });
    const letters = catalog.getByRole('group', { name: 'Browse artists by first letter' });
    await expect(letters.getByRole('button')).toHaveCount(26);
    const b = letters.getByRole('button', { name: 'B', exact: true });
    await b.click();
    await expect(b).toHaveAttribute('aria-pressed', 'true');
    const results = catalog.getByRole('list').getByRole('link');
    await expect(results.first()).toBeVisible();
    for (const name of await results.allTextContents()) expect(name).toMatch(/^B/);
  });

  test('an artist page: Like becomes Liked, View All opens its category', async ({ page }) => {
    const [artist] = await featuredArtists(page.request);
    await page.goto('/artists');
    await page
      .getByRole('region', { name: 'Featured' })
      .getByRole('link', { name: artist!.name })
      .click();
    await expect(page).toHaveURL(new RegExp(`/artists/${artist!.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: artist!.name })).toBeVisible();
    await expect(page).toHaveTitle(`${artist!.name} | ${SITE.brand}`);
    await expect(page.getByRole('heading', { name: 'Related Videos' })).toBeVisible();

    await page.getByRole('button', { name: 'Like', exact: true }).click();
    const liked = page.getByRole('button', { name: 'Liked', exact: true });
    await expect(liked).toHaveAttribute('aria-pressed', 'true');
    await page.reload();
    await expect(liked).toBeVisible();

    await page.getByRole('button', { name: 'Share' }).click();
    await expect(page.getByRole('dialog', { name: 'Share' })).toBeVisible();
    await page.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('link', { name: 'View All' }).click();
    await expect(page).toHaveURL(new RegExp(`/categories/${artist!.tagid}$`));
    await expect(
      page.getByRole('heading', { level: 1, name: `Videos Tagged With '${artist!.name}'` }),
    ).toBeVisible();
  });
});
