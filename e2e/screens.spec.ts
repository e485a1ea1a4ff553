/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { openAsAdmin } from './admin.js';
import { ADMIN_SCREENS, adminScreenPath } from './admin-pages.js';
import { openSettled, pathOf, PUBLIC_PAGES, signInFreshUser, useStoredTheme } from './pages.js';

const SCREENS_DIR = process.env.E2E_SCREENS_DIR ?? 'test-results/screens';
/** The narrowest phone the design targets, and a laptop. */
const WIDTHS = [375, 1280] as const;

for (const width of WIDTHS) {
  for (const theme of ['light', 'dark'] as const) {
    test.describe(`${width} px, ${theme}`, () => {
      test.use({ viewport: { width, height: 800 } });
      for (const target of PUBLIC_PAGES) {
        test(`${target.name}: screenshot, nothing wider than the window`, async ({ page }) => {
          const path = await pathOf(page.request, target);
          await useStoredTheme(page, theme);
          if (target.signedIn) await signInFreshUser(page);
          await openSettled(page, path);
          await screenshotWithoutOverflow(page, path, `${target.name}-${width}-${theme}.png`);
        });
      }
      for (const target of ADMIN_SCREENS) {
        test(`${target.name}: screenshot, nothing wider than the window`, async ({ page }) => {
          const path = await adminScreenPath(page.request, target);
          await useStoredTheme(page, theme);
          if (target.signedIn) await openAsAdmin(page, path);
          await openSettled(page, path);
          await screenshotWithoutOverflow(page, path, `${target.name}-${width}-${theme}.png`);
        });
      }
    });
  }
}

/** A full-page screenshot; fails when anything sticks out sideways, naming the culprits. */
async function screenshotWithoutOverflow(page: Page, path: string, file: string) {
  // Lazy images beside the viewport (row scrollers) would show blank in a full-page shot.
  await page.evaluate(async () => {
    // Rows out of sight skip rendering (content-visibility); a full-page shot shows them all.
    for (const element of document.querySelectorAll<HTMLElement>('body *')) {
      if (getComputedStyle(element).contentVisibility === 'auto') {
        element.style.contentVisibility = 'visible';
      }
    }
    const images = [...document.querySelectorAll('img')];
    for (const image of images) image.loading = 'eager';
    await Promise.all(
      images.map((image) => (image.complete ? null : image.decode().catch(() => null))),
    );
  });
  await page.screenshot({
    path: join(SCREENS_DIR, file),
    fullPage: true,
  });
  const overflow = await page.evaluate(() => {
    const limit = window.innerWidth;
    // The widest offenders name the culprit when the page scrolls sideways.
    const wide = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((element) => element.getBoundingClientRect().right > limit + 0.5)
      .slice(0, 5)
      .map((element) => {
        const classes = element.className
          ? `.${String(element.className).split(' ').join('.')}`
          : '';
        return `${element.tagName.toLowerCase()}${classes} right=${Math.round(element.getBoundingClientRect().right)}`;
      });
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth: limit, wide };
  });
  expect(
    overflow.scrollWidth,
    `${path} overflows: ${overflow.wide.join(', ')}`,
  ).toBeLessThanOrEqual(overflow.innerWidth);
}
