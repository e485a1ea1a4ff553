import { expect, test, type APIRequestContext } from '@playwright/test';
import type { Video } from '../src/shared/schemas/catalogue.js';

interface HomeData {
  featured_video: Video;
  categories: { id: number; title: string; videos: Video[] }[];
}

// The tests never reach YouTube: the player frame gets an empty page instead.
test.beforeEach(async ({ page }) => {
  await page.route('https://www.youtube-nocookie.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>player</title>' }),
  );
});

async function fetchHome(request: APIRequestContext): Promise<HomeData> {
  const response = await request.get('/api/home');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: HomeData }).data;
}

test('the featured video shows its title, WATCH and DETAILS, and WATCH opens its page', async ({
  page,
  request,
}) => {
  const { featured_video: featured } = await fetchHome(request);
  await page.goto('/');
  const hero = page.getByRole('region', { name: featured.title });
  await expect(hero.getByRole('heading', { name: featured.title })).toBeVisible();
  await expect(hero.getByRole('button', { name: 'DETAILS' })).toBeVisible();
  await expect(page.locator('.featured__image')).toHaveAttribute('loading', 'eager');
  await hero.getByRole('link', { name: 'WATCH' }).click();
  await expect(page).toHaveURL(`/videos/${featured.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('iframe')).toHaveAttribute(
    'src',
    /^https:\/\/www\.youtube-nocookie\.com\/embed\//,
  );
});

test('DETAILS opens the details modal with the description, tag links and WATCH', async ({
  page,
  request,
}) => {
  const { featured_video: featured } = await fetchHome(request);
  expect(featured.tags.length).toBeGreaterThan(0);
  await page.goto('/');
  await page.getByRole('button', { name: 'DETAILS' }).click();
  const dialog = page.getByRole('dialog', { name: featured.title });
  await expect(dialog).toBeVisible();
  for (const tag of featured.tags) {
    await expect(dialog.getByRole('link', { name: tag.name, exact: true })).toHaveAttribute(
      'href',
      `/categories/${tag.id}`,
    );
  }
  await expect(dialog.getByRole('link', { name: 'WATCH' })).toHaveAttribute(
    'href',
    `/videos/${featured.id}`,
  );
  await dialog.getByRole('link', { name: featured.tags[0]!.name, exact: true }).click();
  await expect(page).toHaveURL(`/categories/${featured.tags[0]!.id}`);
});

for (const [width, expected] of [
  [320, 4],
  [600, 8],
  [1280, 10],
] as const) {
  test(`a ${width} px window shows ${expected} videos per row, with no sideways page scroll`, async ({
    page,
    request,
  }) => {
    const { categories } = await fetchHome(request);
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/');
    await expect(page.getByRole('heading', { name: categories[0]!.title })).toBeVisible();
    for (const category of categories) {
      const row = page.getByRole('region', { name: category.title, exact: true });
      await expect(row.getByRole('listitem')).toHaveCount(
        Math.min(expected, category.videos.length),
      );
    }
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
}

test('a window resized from 1280 to 320 px shrinks the rows at once', async ({ page, request }) => {
  const { categories } = await fetchHome(request);
  const first = categories[0]!;
  await page.goto('/');
  const row = page.getByRole('region', { name: first.title, exact: true });
  await expect(row.getByRole('listitem')).toHaveCount(Math.min(10, first.videos.length));
  await page.setViewportSize({ width: 320, height: 700 });
  await expect(row.getByRole('listitem')).toHaveCount(Math.min(4, first.videos.length));
});

test('View All goes to the category page, and the app-store links open in a new tab', async ({
  page,
  request,
}) => {
  const { categories } = await fetchHome(request);
  const first = categories[0]!;
  await page.goto('/');
  const appStores = page.getByRole('region', { name: 'Download the app' });
  await expect(appStores.getByRole('link')).toHaveCount(2);
  for (const link of await appStores.getByRole('link').all()) {
    await expect(link).toHaveAttribute('target', '_blank');
  }
  await page
    .getByRole('region', { name: first.title, exact: true })
    .getByRole('link', { name: /^View All/ })
    .click();
  await expect(page).toHaveURL(`/categories/${first.id}`);
});
