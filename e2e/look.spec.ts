/// <reference lib="dom" />
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { adminEditorUiMessages } from '@shared/messages/admin-editor-ui.js';
import { openAsAdmin } from './admin.js';
import { ADMIN_SCREENS, adminScreenPath } from './admin-pages.js';
import { openSettled, pickCatalogueIds, signInFreshUser, useStoredTheme } from './pages.js';

/**
 * What the screenshots once showed cut, stranded or unstyled, held by measurements: every card's
 * details whole, suggestions' details under their title, the video page's buttons on one line,
 * the back-office's brand whole, no featured artist alone on a row, an outlined dark portrait,
 * checkboxes drawn on the theme's tokens.
 */

const WIDTHS = [375, 1280] as const;

/** Cards whose details (episode, date, likes) stick out of their box, named by their title. */
function cutCardDetails(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const cut: string[] = [];
    for (const card of document.querySelectorAll<HTMLElement>('.video-card')) {
      const details = card.querySelector<HTMLElement>('.video-card__details');
      if (!details || details.clientWidth === 0) continue; // not laid out (off-screen rows)
      const box = details.getBoundingClientRect();
      const parts = [...details.querySelectorAll<HTMLElement>('.video-card__when > *, time')];
      const sticksOut =
        details.scrollWidth > details.clientWidth ||
        parts.some((part) => part.getBoundingClientRect().right > box.right + 0.5);
      if (sticksOut) cut.push(card.querySelector('.video-card__title')?.textContent ?? '?');
    }
    return cut;
  });
}

/** Makes every card lay out, as a full-page screenshot does (rows skip what is out of sight). */
async function layOutEverything(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const element of document.querySelectorAll<HTMLElement>('body *')) {
      if (getComputedStyle(element).contentVisibility === 'auto') {
        element.style.contentVisibility = 'visible';
      }
    }
  });
}

for (const width of WIDTHS) {
  for (const theme of ['light', 'dark'] as const) {
    test.describe(`${width} px, ${theme}`, () => {
      test.use({ viewport: { width, height: 800 } });

      test('no card cuts its details short, on the home, category and video pages', async ({
        page,
      }) => {
        const ids = await pickCatalogueIds(page.request);
        await useStoredTheme(page, theme);
        for (const path of ['/', `/categories/${ids.categoryId}`, `/videos/${ids.videoId}`]) {
          await openSettled(page, path);
          await layOutEverything(page);
          await expect(page.locator('.video-card__details').first()).toBeVisible();
          expect(await cutCardDetails(page), path).toEqual([]);
        }
      });

      test('a suggestion shows its details under its title, beside the thumbnail', async ({
        page,
      }) => {
        const { videoId } = await pickCatalogueIds(page.request);
        await useStoredTheme(page, theme);
        await openSettled(page, `/videos/${videoId}`);
        const card = page.locator('.suggested__item .video-card').first();
        const thumb = await box(card.locator('.video-card__thumb'));
        const title = await box(card.locator('.video-card__title'));
        const details = await box(card.locator('.video-card__details'));
        expect(details.x).toBeCloseTo(title.x, 0);
        expect(details.x).toBeGreaterThanOrEqual(thumb.x + thumb.width);
        expect(details.y).toBeGreaterThanOrEqual(title.y + title.height - 0.5);
      });
    });
  }
}

test.describe('375 px', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("'Sign in to Like', 'Sign in' and 'Share' sit on one line", async ({ page }) => {
    const { videoId } = await pickCatalogueIds(page.request);
    await openSettled(page, `/videos/${videoId}`);
    const actions = page.locator('.video-info__actions');
    const tops = await Promise.all(
      ['Sign in to Like', 'Sign in', 'Share'].map(async (name) => {
        const button = actions.getByRole('button', { name, exact: true });
        await expect(button).toBeVisible();
        return (await box(button)).y;
      }),
    );
    expect(new Set(tops).size, `tops: ${tops.join(', ')}`).toBe(1);
  });
});

/** Serves the back-office with another brand, as a site configured with BRAND_NAME would be. */
async function useBrand(page: Page, brand: string): Promise<void> {
  const withBrand = (text: string) =>
    text.replace(/("brand":)"[^"]*"/, `$1${JSON.stringify(brand)}`);
  await page.route('**/admin/**', async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    await route.fulfill({
      status: response.status(),
      contentType: 'text/html; charset=utf-8',
      body: withBrand(await response.text()),
    });
  });
  await page.route('**/api/config', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, body: withBrand(await response.text()) });
  });
}

test.describe('1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  for (const brand of ['Twang', 'Country Roads TV']) {
    test(`the sidebar shows '${brand} Admin' whole`, async ({ page }) => {
      await useBrand(page, brand);
      await openAsAdmin(page, '/admin/dashboard');
      const title = page.locator('.admin-sidebar__brand');
      await expect(title).toHaveText(`${brand} Admin`);
      const fits = await title.evaluate((element) => {
        const sidebar = element.closest('.admin-sidebar')!.getBoundingClientRect();
        return (
          element.scrollWidth <= element.clientWidth &&
          element.getBoundingClientRect().right <= sidebar.right
        );
      });
      expect(fits).toBe(true);
    });
  }
});

for (const width of WIDTHS) {
  test(`at ${width} px no featured artist is left alone on a row`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await openAsAdmin(page, '/admin/artistDashboard');
    const portraits = page.locator('.artist-portraits > li');
    await expect(portraits.first()).toBeVisible();
    const tops = await portraits.evaluateAll((items) =>
      items.map((item) => Math.round(item.getBoundingClientRect().top)),
    );
    const rows = [...new Set(tops)].map((top) => tops.filter((each) => each === top).length);
    expect(tops.length).toBeGreaterThan(2);
    if (rows.length > 1)
      expect(rows.at(-1), `items per row: ${rows.join(', ')}`).toBeGreaterThan(1);
  });
}

test('a portrait as dark as the dark theme keeps a ring that stands out 3:1', async ({ page }) => {
  await useStoredTheme(page, 'dark');
  await openAsAdmin(page, '/admin/artistDashboard');
  const image = page.locator('.artist-portrait__image').first();
  await expect(image).toBeVisible();
  const { ring, behind } = await image.evaluate((element) => {
    let backdrop: Element | null = element.parentElement;
    while (backdrop && getComputedStyle(backdrop).backgroundColor === 'rgba(0, 0, 0, 0)') {
      backdrop = backdrop.parentElement;
    }
    return {
      ring: /rgb\([^)]*\)/.exec(getComputedStyle(element).boxShadow)?.[0] ?? 'none',
      behind: getComputedStyle(backdrop ?? document.body).backgroundColor,
    };
  });
  expect(contrast(ring, behind), `${ring} on ${behind}`).toBeGreaterThanOrEqual(3);
});

/** The value of one of styles.css's colour tokens, as the browser computes colours. */
function tokenColor(page: Page, token: string): Promise<string> {
  return page.evaluate((name) => {
    const probe = document.createElement('span');
    probe.style.color = `var(${name})`;
    document.body.append(probe);
    const color = getComputedStyle(probe).color;
    probe.remove();
    return color;
  }, token);
}

/** A checkbox drawn on the tokens: its box, its tick's fill, the focus ring, Space toggling it. */
async function expectThemedCheckbox(page: Page, checkbox: Locator): Promise<void> {
  const look = () =>
    checkbox.evaluate((box) => {
      const style = getComputedStyle(box);
      return {
        appearance: style.appearance,
        border: style.borderTopColor,
        background: style.backgroundColor,
        outline: `${style.outlineStyle} ${style.outlineWidth}`,
      };
    });
  const muted = await tokenColor(page, '--muted');
  const surface = await tokenColor(page, '--surface');
  const accent = await tokenColor(page, '--accent');
  const wasChecked = await checkbox.isChecked();
  await checkbox.focus();
  // Focused from the keyboard's side: a focus shown by a click would not draw the ring.
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(checkbox).toBeFocused();
  const size = await box(checkbox);
  expect(size.height, "a square box, not a text field's height").toBeCloseTo(size.width, 0);
  expect(size.height).toBeLessThan(28);
  const before = await look();
  expect(before.appearance).toBe('none');
  expect(before.outline).toBe('solid 3px');
  expect(before).toMatchObject(
    wasChecked ? { border: accent, background: accent } : { border: muted, background: surface },
  );
  expect(contrast(wasChecked ? accent : muted, surface)).toBeGreaterThanOrEqual(3);
  await page.keyboard.press('Space');
  await expect(checkbox).toBeChecked({ checked: !wasChecked });
  expect(await look()).toMatchObject(
    wasChecked ? { border: muted, background: surface } : { border: accent, background: accent },
  );
  await page.keyboard.press('Space');
  await expect(checkbox).toBeChecked({ checked: wasChecked });
}

for (const theme of ['light', 'dark'] as const) {
  test(`'No episode number' is drawn on the ${theme} theme's tokens and works from the keyboard`, async ({
    page,
  }) => {
    const editor = ADMIN_SCREENS.find((screen) => screen.name === 'admin-edit-video')!;
    const path = await adminScreenPath(page.request, editor);
    await useStoredTheme(page, theme);
    await openAsAdmin(page, path);
    const checkbox = page.getByRole('checkbox', { name: adminEditorUiMessages.noEpisodeNumber });
    await expect(checkbox).toBeVisible();
    await expectThemedCheckbox(page, checkbox);
  });

  test(`the newsletter box is drawn on the ${theme} theme's tokens and works from the keyboard`, async ({
    page,
  }) => {
    await useStoredTheme(page, theme);
    await signInFreshUser(page);
    await openSettled(page, '/account');
    const checkbox = page.getByRole('checkbox', { name: 'Subscribe to the newsletter' });
    await expect(checkbox).toBeVisible();
    await expectThemedCheckbox(page, checkbox);
  });
}

/** WCAG's contrast ratio of two CSS rgb() colours. */
function contrast(first: string, second: string): number {
  const luminance = (color: string) => {
    const [r, g, b] = (color.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((value) => {
      const channel = Number(value) / 255;
      return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a);
  return (light! + 0.05) / (dark! + 0.05);
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`${locator.toString()} is not laid out`);
  return found;
}
