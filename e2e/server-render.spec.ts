/// <reference lib="dom" />
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { openAsAdmin } from './admin.js';
import { pickCatalogueIds, signInFreshUser, watchConsole, type CatalogueIds } from './pages.js';
import { SITE } from './site-settings.js';

/** A search of the demo catalogue with more than two pages of videos (82 in the demo: 40, 40, 2). */
const PAGED_SEARCH = 'live';

/** Every kind of page the server draws, with real ids: a test of them all covers the site. */
function drawnPages(ids: CatalogueIds): string[] {
  return [
    '/',
    `/videos/${ids.videoId}`,
    `/categories/${ids.categoryId}`,
    `/search/${ids.searchTerm}`,
    `/search/${PAGED_SEARCH}?page=2`,
    '/artists',
    `/artists/${ids.artistId}`,
    '/about',
    '/privacy',
    '/account',
    '/no/such/page',
    '/videos/999999',
    // A path naming the back-office: the not-found page without the footer.
    '/old-admin-notes',
  ];
}

/** The configured brand, in the tab's title, the top bar and (where there is one) the footer. */
async function expectTheBrand(page: Page, path: string, width: 'narrow' | 'wide') {
  await expect(page, path).toHaveTitle(new RegExp(`(^| \\| )${SITE.brand}$`));
  await expect(page.locator('.top-nav__brand'), path).toHaveText(SITE.brand);
  // In the folded menu on a phone: there, but not on screen.
  const mainSite = page.getByRole('link', { name: /^Main Site/, includeHidden: true });
  await expect(mainSite, path).toHaveAttribute('href', SITE.mainSiteUrl);
  if (path.includes('admin')) return;
  const footer = page.getByRole('contentinfo');
  const copyright = { narrow: `© ${SITE.brand}`, wide: `© Copyright - ${SITE.brand}` };
  await expect(footer.getByText(copyright[width], { exact: true }), path).toBeVisible();
  const other = width === 'wide' ? copyright.narrow : copyright.wide;
  await expect(footer.getByText(other, { exact: true }), path).toBeHidden();
  await expect(footer.getByRole('link', { name: /^Instagram/ }), path).toHaveAttribute(
    'href',
    SITE.social.instagram,
  );
}

/** The links of the search page's Videos section to videos. */
const videoLinks = (page: Page) =>
  page.getByRole('region', { name: 'Videos' }).locator('a[href^="/videos/"]');

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
    await expect(page).toHaveTitle(`${video.data.video.title} | ${SITE.brand}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(video.data.video.title);
    // The player is YouTube's iframe, which needs no script of ours.
    await expect(page.locator('iframe[src*="youtube"]')).toHaveCount(1);

    expect((await page.goto(`/categories/${ids.categoryId}`))?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Videos Tagged With');
    await expect(page.getByRole('link', { name: /./ }).first()).toBeVisible();

    expect((await page.goto(`/search/${ids.searchTerm}`))?.status()).toBe(200);
    await expect(page).toHaveTitle(`Search results for "${ids.searchTerm}" | ${SITE.brand}`);
    await expect(page.getByText(/\d+ results?/)).toBeVisible();

    expect((await page.goto('/about'))?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`About ${SITE.brand}`);
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

  test('every kind of drawn page shows the configured brand and links, at 1280 and 375 px', async ({
    page,
    request,
  }) => {
    test.slow();
    const ids = await pickCatalogueIds(request);
    for (const [width, size] of [
      ['wide', { width: 1280, height: 800 }],
      ['narrow', { width: 375, height: 800 }],
    ] as const) {
      await page.setViewportSize(size);
      for (const path of drawnPages(ids)) {
        await page.goto(path);
        await expectTheBrand(page, path, width);
      }
    }
  });

  test('at 375 px the Menu link opens the menu: Home, Artists and the search box', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/about');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Artists' })).toBeHidden();
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(nav.getByRole('link', { name: 'Home' })).toBeVisible();
    await expect(nav.getByRole('searchbox', { name: 'Search' })).toBeVisible();
    await nav.getByRole('link', { name: 'Artists' }).click();
    await expect(page).toHaveURL(/\/artists$/);
  });

  test('/account shows the site with a sign-in prompt', async ({ page }) => {
    await page.goto('/account');
    await expect(page).toHaveTitle(`Account | ${SITE.brand}`);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
    await expect(page.getByText('Sign in to see the videos and artists you like')).toBeVisible();
    // Playwright's text search skips <noscript>, which this browser shows.
    await expect(page.locator('main noscript p')).toHaveText(/^Signing in needs JavaScript/);
    await expect(page.locator('main noscript p')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
  });

  test('search results page by link', async ({ page, request }) => {
    // Other specs import videos into the catalogue: the last page's size is read, not assumed.
    const search = (await (await request.get(`/api/search/${PAGED_SEARCH}`)).json()) as {
      data: { videoTotal: number };
    };
    const total = search.data.videoTotal;
    expect(total, 'the search has a third page').toBeGreaterThan(80);
    await page.goto(`/search/${PAGED_SEARCH}`);
    await expect(videoLinks(page)).toHaveCount(40);
    const first = await videoLinks(page).first().getAttribute('href');
    await page.getByRole('link', { name: 'Load more' }).click();
    await expect(page).toHaveURL(`/search/${PAGED_SEARCH}?page=2`);
    await expect(videoLinks(page)).toHaveCount(40);
    expect(await videoLinks(page).first().getAttribute('href')).not.toBe(first);
    await page.getByRole('link', { name: 'Load more' }).click();
    await expect(page).toHaveURL(`/search/${PAGED_SEARCH}?page=3`);
    await expect(videoLinks(page)).toHaveCount(Math.min(40, total - 80));
    await expect(page.getByRole('link', { name: 'Load more' })).toHaveCount(total > 120 ? 1 : 0);
    await page.getByRole('link', { name: 'Previous results' }).click();
    await expect(page).toHaveURL(`/search/${PAGED_SEARCH}?page=2`);
  });
});

test.describe('hydration', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the app takes every kind of drawn page over with no console message and no second fetch', async ({
    page,
    request,
  }) => {
    test.slow();
    const ids = await pickCatalogueIds(request);
    const logged = watchConsole(page);
    const apiReads: string[] = [];
    page.on('request', (sent) => {
      const url = new URL(sent.url());
      if (url.pathname.startsWith('/api/')) apiReads.push(url.pathname + url.search);
    });
    for (const path of drawnPages(ids)) {
      apiReads.length = 0;
      await page.goto(path, { waitUntil: 'networkidle' });
      // A missing video's page is its error text: no heading.
      await expect(page.locator('main'), path).not.toBeEmpty();
      expect(logged, path).toEqual([]);
      // A visitor is sent home from the account: that page's reads are the home page's.
      if (path !== '/account') expect(apiReads, path).toEqual([]);
      await expectTheBrand(page, new URL(page.url()).pathname, 'wide');
    }
  });

  test('a signed-in fan gets every kind of drawn page over quietly too, then their own', async ({
    page,
    request,
  }) => {
    test.slow();
    const ids = await pickCatalogueIds(request);
    const fan = await signInFreshUser(page);
    const logged = watchConsole(page);
    for (const path of drawnPages(ids)) {
      await page.goto(path, { waitUntil: 'networkidle' });
      await expect(
        page.getByRole('button', { name: fan.firstName, exact: true }),
        path,
      ).toBeVisible();
      expect(logged, path).toEqual([]);
    }
    // The account's sign-in prompt gave way to the fan's account.
    await page.goto('/account', { waitUntil: 'networkidle' });
    await expect(page.getByRole('heading', { level: 2, name: 'Liked Content' })).toBeVisible();
    await expect(page.getByText('Sign in to see')).toHaveCount(0);
    expect(logged).toEqual([]);
  });

  test('the back-office loads without a console message', async ({ page }) => {
    const logged = watchConsole(page);
    await page.goto('/admin');
    await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
    await openAsAdmin(page, '/admin/dashboard');
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(logged).toEqual([]);
  });

  test("a search's Load more loads the next page in place", async ({ page }) => {
    await page.goto(`/search/${PAGED_SEARCH}`);
    await expect(videoLinks(page)).toHaveCount(40);
    await page.getByRole('link', { name: 'Load more' }).click();
    await expect(videoLinks(page)).toHaveCount(80);
    await expect(page).toHaveURL(`/search/${PAGED_SEARCH}`);
    await expect(page.getByRole('link', { name: 'Load more' })).toHaveAttribute(
      'href',
      `/search/${PAGED_SEARCH}?page=3`,
    );
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

  test("a card's link navigates in place too: the app's one listener follows it", async ({
    page,
  }) => {
    await page.goto('/', { waitUntil: 'networkidle' });
    await expect(page.locator('html')).toHaveAttribute('data-app', 'ready');
    await page.evaluate(() => {
      (window as unknown as { stayed: boolean }).stayed = true;
    });
    const card = page.locator('a.video-card').first();
    const title = (await card.locator('.video-card__title').textContent())!.trim();
    await card.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
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
