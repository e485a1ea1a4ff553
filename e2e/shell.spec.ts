/// <reference lib="dom" />
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { pickCatalogueIds } from './pages.js';
import { SITE } from './site-settings.js';

/** Records the theme at the first moment the body exists and at DOMContentLoaded. */
async function watchEarlyTheme(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const record = (key: string) => {
      (window as unknown as Record<string, string | undefined>)[key] =
        document.documentElement.dataset.theme ?? 'unset';
    };
    const observer = new MutationObserver(() => {
      if (!document.body) return;
      record('__themeAtBody');
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
    document.addEventListener('DOMContentLoaded', () => record('__themeAtDomContentLoaded'));
  });
}

const earlyThemes = (page: Page) =>
  page.evaluate(() => {
    const seen = window as unknown as Record<string, string | undefined>;
    return { body: seen.__themeAtBody, domContentLoaded: seen.__themeAtDomContentLoaded };
  });

test.describe('theme', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the dark mode toggle persists across a reload without a light flash', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await watchEarlyTheme(page);
    await page.goto('/about');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    // The toggle says what it will do, and no pressed state contradicts it.
    const toggle = page.getByRole('button', { name: 'Switch to Dark mode', exact: true });
    await expect(toggle).not.toHaveAttribute('aria-pressed');
    await toggle.click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await page.evaluate(() => localStorage.getItem('darkMode'))).toBe('true');

    await page.reload();
    expect(await earlyThemes(page)).toEqual({ body: 'dark', domContentLoaded: 'dark' });
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    const back = page.getByRole('button', { name: 'Switch to Light mode', exact: true });
    await expect(back).not.toHaveAttribute('aria-pressed');

    await back.click();
    await page.reload();
    expect(await earlyThemes(page)).toEqual({ body: 'light', domContentLoaded: 'light' });
  });

  test('without a stored choice the theme follows prefers-color-scheme', async ({ page }) => {
    await watchEarlyTheme(page);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/');
    expect(await earlyThemes(page)).toEqual({ body: 'dark', domContentLoaded: 'dark' });
    await expect(page.getByRole('button', { name: 'Switch to Light mode' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('darkMode'))).toBeNull();

    await page.emulateMedia({ colorScheme: 'light' });
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await page.reload();
    expect(await earlyThemes(page)).toEqual({ body: 'light', domContentLoaded: 'light' });
  });
});

test.describe('footer', () => {
  test("reads '© {brand}' at 849 px and '© Copyright - {brand}' at 850 px", async ({ page }) => {
    const { brand } = SITE;
    await page.setViewportSize({ width: 849, height: 800 });
    await page.goto('/about');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByText(`© ${brand}`, { exact: true })).toBeVisible();
    await expect(footer.getByText(/Copyright/)).toBeHidden();
    await page.setViewportSize({ width: 850, height: 800 });
    await expect(footer.getByText(`© Copyright - ${brand}`, { exact: true })).toBeVisible();
    await expect(footer.getByText(`© ${brand}`, { exact: true })).toBeHidden();
    await page.setViewportSize({ width: 849, height: 800 });
    await expect(footer.getByText(`© ${brand}`, { exact: true })).toBeVisible();
  });

  test('is absent on a path containing admin', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('contentinfo')).toBeVisible();
    // A public page whose path merely contains the word: the site's frame, without the footer.
    await page.goto('/old-admin-notes');
    await expect(page.getByText('This page could not be found.')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeAttached();
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    await expect(page.locator('footer')).toHaveCount(0);
    // The back-office login.
    await page.goto('/admin');
    await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
    await expect(page.locator('footer')).toHaveCount(0);
  });
});

test.describe('search box', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('an empty submit stays on the page; a term opens /search/{term}', async ({ page }) => {
    await page.goto('/about');
    const box = page.getByRole('searchbox', { name: 'Search' });
    await box.fill('');
    await box.press('Enter');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForTimeout(200);
    expect(new URL(page.url()).pathname).toBe('/about');
    await box.fill('   ');
    await box.press('Enter');
    await page.waitForTimeout(200);
    expect(new URL(page.url()).pathname).toBe('/about');

    await box.fill('cash');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search\/cash$/);
    // The results page keeps the words in the box, to refine them.
    await expect(box).toHaveValue('cash');
  });

  test('a results page loaded from its address shows its words in the box', async ({ page }) => {
    await page.goto('/search/johnny%20cash');
    const box = page.getByRole('searchbox', { name: 'Search' });
    await expect(box).toHaveValue('johnny cash');
    // The server draws it in: the words are there before the app runs, too.
    const drawn = await (await page.request.get('/search/johnny%20cash')).text();
    expect(drawn).toMatch(/<input[^>]*name="q"[^>]*value="johnny cash"/);
  });
});

test.describe('responsive menu', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('the Menu button reveals Home, Artists, search, the theme toggle and Sign In', async ({
    page,
  }) => {
    await page.goto('/about');
    const menuButton = page.getByRole('button', { name: 'Menu' });
    await expect(menuButton).toBeVisible();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Home' })).toBeHidden();
    await menuButton.click();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link', { name: 'Home' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Artists' })).toBeVisible();
    await expect(nav.getByRole('searchbox', { name: 'Search' })).toBeVisible();
    await expect(nav.getByRole('button', { name: /^Switch to (Dark|Light) mode$/ })).toBeVisible();
    await expect(nav.getByRole('button', { name: 'Sign In' })).toBeVisible();
    // Every item fits the phone's width.
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(375);

    await nav.getByRole('link', { name: 'Artists' }).click();
    await expect(page).toHaveURL(/\/artists$/);
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  });

  test('Escape closes the menu and gives focus back to the Menu button', async ({ page }) => {
    await page.goto('/about');
    const menuButton = page.getByRole('button', { name: 'Menu' });
    const nav = page.getByRole('navigation', { name: 'Main' });
    await menuButton.click();
    await nav.getByRole('searchbox', { name: 'Search' }).focus();
    await page.keyboard.press('Escape');
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await expect(nav.getByRole('link', { name: 'Home' })).toBeHidden();
    await expect(menuButton).toBeFocused();
    // The keyboard opens it again.
    await page.keyboard.press('Enter');
    await expect(nav.getByRole('link', { name: 'Home' })).toBeVisible();
  });

  test('the menu closes when its Sign In opens the auth modal, and stays closed after', async ({
    page,
  }) => {
    await page.goto('/about');
    const menuButton = page.getByRole('button', { name: 'Menu' });
    const nav = page.getByRole('navigation', { name: 'Main' });
    await menuButton.click();
    await nav.getByRole('button', { name: 'Sign In' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await expect(nav.getByRole('link', { name: 'Home' })).toBeHidden();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(nav.getByRole('link', { name: 'Home' })).toBeHidden();
    await expect(menuButton).toBeFocused();
  });
});

test.describe('wide screens', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('show the navigation itself and no Menu button', async ({ page }) => {
    await page.goto('/about');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Artists' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
  });
});

test('an unknown path says the page could not be found', async ({ page }) => {
  await page.goto('/nope/nothing');
  await expect(
    page.getByRole('heading', { level: 1, name: 'This page could not be found.' }),
  ).toBeVisible();
});

test.describe('link previews', () => {
  const decode = (text: string) =>
    text
      .replaceAll('&quot;', '"')
      .replaceAll('&#39;', "'")
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>')
      .replaceAll('&amp;', '&');

  test('/videos/{id} is served with its Open Graph tags and VideoObject JSON-LD', async ({
    request,
  }) => {
    const { videoId } = await pickCatalogueIds(request);
    const api = await request.get(`/api/videos/${videoId}`);
    const { video } = (
      (await api.json()) as {
        data: { video: { title: string; youtube_id: string; youtube_url: string } };
      }
    ).data;
    const response = await request.get(`/videos/${videoId}`);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('text/html');
    const html = await response.text();
    const ogTitle = /<meta property="og:title" content="([^"]*)"/.exec(html)?.[1];
    expect(ogTitle && decode(ogTitle)).toBe(video.title);
    expect(html).toMatch(/<meta property="og:type" content="video.other"/);
    expect(html).toContain(
      `<meta property="og:video" content="https://www.youtube-nocookie.com/embed/${video.youtube_id}"`,
    );
    const jsonLd = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(jsonLd ?? 'null')).toMatchObject({
      '@type': 'VideoObject',
      name: video.title,
      contentUrl: video.youtube_url,
    });
  });

  test('robots.txt and the sitemap are served', async ({ request }) => {
    const robots = await request.get('/robots.txt');
    expect(robots.headers()['content-type']).toContain('text/plain');
    expect(await robots.text()).toContain('Disallow: /admin');
    const { videoId } = await pickCatalogueIds(request);
    const sitemap = await request.get('/sitemap.xml');
    expect(sitemap.headers()['content-type']).toContain('application/xml');
    expect(await sitemap.text()).toMatch(new RegExp(`<loc>[^<]*/videos/${videoId}</loc>`));
  });
});
