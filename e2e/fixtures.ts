import { test as base, type BrowserContext, type Page } from '@playwright/test';

export { expect } from '@playwright/test';

/**
 * A page the server drew shows before the app has run, and its buttons answer only once the app
 * has taken it over (it marks `<html data-app="ready">`). Every navigation of a test's page waits
 * for that mark, as a person waits for a page to respond; a test of the page without scripts
 * (javaScriptEnabled: false) waits for nothing.
 */
export const test = base.extend({
  context: async ({ context }, use) => {
    await stubYoutubeFrames(context);
    await use(context);
  },
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) waitForTheApp(page);
    await use(page);
  },
});

/**
 * No test reaches YouTube: a player's frame (the IFrame API stand-in makes one on
 * youtube-nocookie.com) gets an empty page. Otherwise a page waiting for the network to go quiet
 * (a11y, screens) would wait for YouTube. Contexts a test opens itself call this too.
 */
export async function stubYoutubeFrames(context: BrowserContext): Promise<void> {
  await context.route(/^https:\/\/(www\.)?youtube(-nocookie)?\.com\//, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>player</title>' }),
  );
}

/** Makes this page's navigations wait for the app, for pages a test opens itself. */
export function waitForTheApp(page: Page): Page {
  const after =
    <A extends unknown[], R>(navigate: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const response = await navigate(...args);
      await appReady(page);
      return response;
    };
  page.goto = after(page.goto.bind(page));
  page.reload = after(page.reload.bind(page));
  page.goBack = after(page.goBack.bind(page));
  page.goForward = after(page.goForward.bind(page));
  return page;
}

/** Waits for the app's mark on a page of the site; other documents (JSON, the API docs) pass. */
async function appReady(page: Page): Promise<void> {
  const isApp = await page.evaluate(() => document.getElementById('root') !== null);
  if (isApp) await page.locator('html[data-app="ready"]').waitFor({ state: 'attached' });
}
