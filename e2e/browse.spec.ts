import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { SITE } from './site-settings.js';

async function apiData<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

test.describe('search', () => {
  test('the search box leads to artists and videos for a term', async ({ page }) => {
    const { artists } = await apiData<{ artists: { name: string }[] }>(
      page.request,
      '/api/featured-artists',
    );
    const name = artists[0]!.name;
    const term = name.split(' ')[0]!.toLowerCase();
    await page.goto('/about');
    const box = page.getByRole('searchbox', { name: 'Search' });
    await box.fill(term);
    await box.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/search/${term}$`));
    await expect(
      page.getByRole('heading', { level: 1, name: `Search results for "${term}"` }),
    ).toBeVisible();
    await expect(page.getByText(/^\d+ results?$/)).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Artists' }).getByRole('link', { name }),
    ).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Videos' }).getByRole('link').first(),
    ).toBeVisible();
    await expect(page).toHaveTitle(`Search results for "${term}" | ${SITE.brand}`);
  });

  test('a term matching nothing says so in both sections', async ({ page }) => {
    await page.goto('/search/qqxzzv');
    await expect(page.getByText('0 results', { exact: true })).toBeVisible();
    await expect(page.getByText('No artists found', { exact: true })).toBeVisible();
    await expect(page.getByText('No videos found', { exact: true })).toBeVisible();
  });
});

test.describe('categories', () => {
  test('a category shows its heading, count and videos, and no artist link', async ({ page }) => {
    const home = await apiData<{ categories: { id: number; title: string }[] }>(
      page.request,
      '/api/home',
    );
    const category = home.categories[0]!;
    const tag = await apiData<{ total: number; artistId: number | null }>(
      page.request,
      `/api/tag/${category.id}`,
    );
    expect(tag.artistId).toBeNull();
    await page.goto(`/categories/${category.id}`);
    await expect(
      page.getByRole('heading', { level: 1, name: `Videos Tagged With '${category.title}'` }),
    ).toBeVisible();
    await expect(
      page.getByText(`${tag.total} ${tag.total === 1 ? 'result' : 'results'}`, { exact: true }),
    ).toBeVisible();
    await expect(page.locator('.video-grid').getByRole('link').first()).toBeVisible();
    await expect(page.getByRole('link', { name: `View ${category.title}` })).toHaveCount(0);
    await expect(page).toHaveTitle(`${category.title} | ${SITE.brand}`);
  });

  test("an artist's tag links to the artist with 'View {name}'", async ({ page }) => {
    const { artists } = await apiData<{ artists: { id: number; name: string; tagid: number }[] }>(
      page.request,
      '/api/featured-artists',
    );
    const artist = artists[0]!;
    await page.goto(`/categories/${artist.tagid}`);
    await expect(
      page.getByRole('heading', { level: 1, name: `Videos Tagged With '${artist.name}'` }),
    ).toBeVisible();
    await expect(page.getByText(/^\d+ results?$/)).toBeVisible();
    await expect(page.getByRole('link', { name: `View ${artist.name}` })).toHaveAttribute(
      'href',
      `/artists/${artist.id}`,
    );
  });

  test('an unknown category shows the error text', async ({ page }) => {
    await page.goto('/categories/999999');
    await expect(
      page.getByText(
        'There was an error retrieving the videos for this tag. Please try again later.',
      ),
    ).toBeVisible();
  });
});

test.describe('static pages', () => {
  test('About presents the show', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(
      page.getByRole('heading', { level: 1, name: `About ${SITE.brand}` }),
    ).toBeVisible();
    await expect(page).toHaveTitle(`About | ${SITE.brand}`);
  });

  test('the Privacy Policy is dated December 4, 2022 and lists what is collected', async ({
    page,
  }) => {
    await page.goto('/privacy');
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await expect(page.getByText('Last updated December 4, 2022')).toBeVisible();
    for (const item of ['email address', 'first and last name', 'date of birth', 'zip code']) {
      await expect(page.getByRole('listitem').filter({ hasText: item }).first()).toBeVisible();
    }
    await expect(page.getByText(/usage data/).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Children under 13' })).toBeVisible();
    await expect(page).toHaveTitle(`Privacy Policy | ${SITE.brand}`);
  });
});
