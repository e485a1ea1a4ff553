/// <reference lib="dom" />
import { expect, test } from './fixtures.js';
import { pickCatalogueIds, signInFreshUser, watchConsole } from './pages.js';

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the home, a video, a category and a search page are there to read', async ({
    page,
    request,
  }) => {
    const ids = await pickCatalogueIds(request);

    expect((await page.goto('/'))?.status()).toBe(200);
    await expect(page.getByText('FEATURED VIDEO')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Live Performances' })).toBeVisible();

    const video = (await (await request.get(`/api/videos/${ids.videoId}`)).json()) as {
      data: { video: { title: string } };
    };
    expect((await page.goto(`/videos/${ids.videoId}`))?.status()).toBe(200);
    await expect(page).toHaveTitle(`${video.data.video.title} | Twang`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(video.data.video.title);
    // The player is YouTube's iframe, which needs no script of ours.
    await expect(page.locator('iframe[src*="youtube"]')).toHaveCount(1);

    expect((await page.goto(`/categories/${ids.categoryId}`))?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Videos Tagged With');
    await expect(page.getByRole('link', { name: /./ }).first()).toBeVisible();

    expect((await page.goto(`/search/${ids.searchTerm}`))?.status()).toBe(200);
    await expect(page).toHaveTitle(`Search results for "${ids.searchTerm}" | Twang`);
    await expect(page.getByText(/\d+ results?/)).toBeVisible();

    expect((await page.goto('/about'))?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('About Twang');
  });

  test('the top bar searches with a plain form', async ({ page }) => {
    await page.goto('/about');
    const search = page.getByRole('search').first();
    await search.getByRole('searchbox').fill('porch light');
    await search.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL('/search/porch%20light');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Search results for "porch light"',
    );
  });

  test('missing pages answer 404 with the not-found page, unindexed', async ({ page }) => {
    for (const path of ['/no/such/page', '/videos/999999', '/categories/999999', '/videos/abc']) {
      expect((await page.goto(path))?.status(), path).toBe(404);
      await expect(page.locator('meta[name="robots"][content="noindex"]')).toHaveCount(1);
    }
    await page.goto('/no/such/page');
    await expect(
      page.getByRole('heading', { name: 'This page could not be found.' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to the home page' })).toBeVisible();
  });
});

test.describe('hydration', () => {
  test('the app takes each rendered page over with no mismatch and no second fetch', async ({
    page,
    request,
  }) => {
    const ids = await pickCatalogueIds(request);
    const logged = watchConsole(page);
    const apiReads: string[] = [];
    page.on('request', (sent) => {
      const url = new URL(sent.url());
      if (url.pathname.startsWith('/api/')) apiReads.push(url.pathname);
    });
    const paths = [
      '/',
      `/videos/${ids.videoId}`,
      `/categories/${ids.categoryId}`,
      `/search/${ids.searchTerm}`,
      '/about',
      '/privacy',
      `/artists/${ids.artistId}`,
      '/no/such/page',
    ];
    for (const path of paths) {
      await page.goto(path, { waitUntil: 'networkidle' });
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    }
    expect(logged).toEqual([]);
    expect(apiReads).toEqual([]);
  });

  test('the app is in charge after hydration: a link navigates in place', async ({ page }) => {
    await page.goto('/about', { waitUntil: 'networkidle' });
    await page.evaluate(() => {
      (window as unknown as { stayed: boolean }).stayed = true;
    });
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
    // A client-side navigation keeps the window (a full load would have dropped the flag).
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(
      true,
    );
  });
});

test('a signed-in fan gets the shared page, then their own details after hydration', async ({
  page,
  request,
}) => {
  const ids = await pickCatalogueIds(request);
  const user = await signInFreshUser(page);
  const logged = watchConsole(page);
  await page.goto(`/videos/${ids.videoId}`, { waitUntil: 'networkidle' });
  // The HTML is everyone's; the menu and the like button become the fan's once the app runs.
  await expect(page.getByRole('button', { name: new RegExp(user.firstName) })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Like|Unlike/ })).toBeVisible();
  expect(logged).toEqual([]);
});

test('a signed-in fan opening the artists page gets the artists, not the sign-in dialog', async ({
  page,
}) => {
  await signInFreshUser(page);
  await page.goto('/artists', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { level: 1, name: 'Artists' })).toBeVisible();
  await expect(page.getByText('You must be logged in to view this page.')).toBeHidden();
  await expect(page.getByRole('dialog')).toBeHidden();
});

test('a page read again, or revalidated, gets the same words as its first read', async ({
  request,
}) => {
  // The first read of an address goes through the app; later plain reads are the visitor
  // lane's (modules/public-pages/visitor-lane.ts): they must be indistinguishable.
  // The compressed bytes are remade better after a few sends (page-encodings.ts): the same page
  // in fewer bytes, so the length may differ while the body, decoded, may not.
  const perAnswer = new Set(['date', 'x-request-id', 'content-length']);
  const same = (headers: Record<string, string>) =>
    Object.fromEntries(Object.entries(headers).filter(([name]) => !perAnswer.has(name)));
  for (const path of ['/about', '/no/such/page']) {
    const first = await request.get(path);
    const second = await request.get(path);
    expect(second.status()).toBe(first.status());
    expect(await second.body()).toEqual(await first.body());
    expect(same(second.headers())).toEqual(same(first.headers()));
  }
  const etag = (await request.get('/about')).headers().etag ?? '';
  const revalidated = await request.get('/about', { headers: { 'if-none-match': etag } });
  expect(revalidated.status()).toBe(304);
  expect(revalidated.headers()['content-type']).toBeUndefined();
});
