import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures.js';
import type { Video } from '@shared/schemas/catalogue.js';

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

test('a 375 px phone shows a third card cut short at a fading edge, and no arrows', async ({
  page,
  request,
}) => {
  const { categories } = await fetchHome(request);
  const long = categories.find((category) => category.videos.length >= 3)!;
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/');
  const row = page.getByRole('region', { name: long.title, exact: true });
  const scroller = row.getByRole('list');
  await expect(scroller).toHaveAttribute('data-hidden-after', 'true');
  const box = (await scroller.boundingBox())!;
  const third = (await row.getByRole('listitem').nth(2).boundingBox())!;
  // Part of it shows, part of it is past the edge.
  expect(third.x).toBeLessThan(box.x + box.width - 24);
  expect(third.x + third.width).toBeGreaterThan(box.x + box.width);
  expect(await scroller.evaluate((element) => getComputedStyle(element).maskImage)).toContain(
    'linear-gradient',
  );
  await expect(row.getByRole('button', { name: `More videos in ${long.title}` })).toBeHidden();
});

test('at 1280 px the arrows move a row a screenful at a time, by mouse and by keyboard', async ({
  page,
  request,
}) => {
  const { categories } = await fetchHome(request);
  const long = categories.find((category) => category.videos.length >= 10)!;
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  const row = page.getByRole('region', { name: long.title, exact: true });
  const scroller = row.getByRole('list');
  const back = row.getByRole('button', { name: `Earlier videos in ${long.title}` });
  const more = row.getByRole('button', { name: `More videos in ${long.title}` });
  await expect(back).toHaveAttribute('aria-disabled', 'true');
  await expect(more).toHaveAttribute('aria-disabled', 'false');
  const scrolled = () => scroller.evaluate((element) => element.scrollLeft);

  await more.click();
  await expect.poll(scrolled).toBeGreaterThan(500);
  await expect(back).toHaveAttribute('aria-disabled', 'false');
  await expect(scroller).toHaveAttribute('data-hidden-before', 'true');

  await back.focus();
  await page.keyboard.press('Enter');
  await expect.poll(scrolled).toBe(0);
  await expect(back).toHaveAttribute('aria-disabled', 'true');
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
