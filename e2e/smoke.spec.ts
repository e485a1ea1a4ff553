import { expect, test } from './fixtures.js';
import { watchConsole } from './pages.js';
import { SITE } from './site-settings.js';

test('the home page shows the featured video and the demo layout rows from the API', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'WATCH' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'DETAILS' })).toBeVisible();
  const rows = await page.getByRole('heading', { level: 2 }).allTextContents();
  expect(rows).toContain('Live Performances');
});

test('a first load of each public page logs no warning or script error to the console', async ({
  page,
}) => {
  const logged = watchConsole(page);
  for (const path of ['/', '/about', '/search/porch', '/no/such/page']) {
    await page.goto(path, { waitUntil: 'networkidle' });
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeAttached();
  }
  expect(logged).toEqual([]);
});

test('the API reference at /api/docs renders its calls and examples, and logs nothing to the console', async ({
  page,
}) => {
  const logged: string[] = [];
  page.on('console', (message) => {
    // A CSP violation (an inline style the policy refuses) is logged as an error.
    if (message.type() === 'warning' || message.type() === 'error') logged.push(message.text());
  });
  await page.goto('/api/docs#/catalogue/getHome', { waitUntil: 'networkidle' });
  // Swagger UI's 1.5 MB of script and the document's first generation take a while on a busy
  // machine; the page is whole once the title shows.
  await expect(page.getByRole('heading', { name: /Twang API/ })).toBeVisible({ timeout: 20_000 });
  const home = page.locator('#operations-catalogue-getHome');
  await expect(home.locator('.responses-wrapper')).toContainText('June Calloway');
  expect(await page.locator('.opblock').count()).toBeGreaterThanOrEqual(45);
  expect(logged).toEqual([]);
});

test('an unknown path answers 404 and shows the not-found page, titled, with a way home', async ({
  page,
}) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'This page could not be found.' })).toBeVisible();
  await expect(page).toHaveTitle(`Page not found | ${SITE.brand}`);
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL('/');
});

test('a missing video answers 404, a real one 200', async ({ page, request }) => {
  expect((await page.goto('/videos/999999'))?.status()).toBe(404);
  const home = (await (await request.get('/api/home')).json()) as {
    data: { featured_video: { id: number } };
  };
  expect((await page.goto(`/videos/${home.data.featured_video.id}`))?.status()).toBe(200);
});

test('the API answers in the envelope through the same server', async ({ request }) => {
  const response = await request.get('/api/config');
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { status: number; data: { brand: string } };
  expect(body.status).toBe(200);
  expect(body.data.brand).toBe(SITE.brand);
});
