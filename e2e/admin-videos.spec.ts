/// <reference lib="dom" />
import { join } from 'node:path';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { siteAxe } from './axe.js';
import { expect, test } from './fixtures.js';
import { adminEditorUiMessages } from '@shared/messages/admin-editor-ui.js';
import { adminUiMessages } from '@shared/messages/admin-ui.js';
import { adminVideosUiMessages } from '@shared/messages/admin-videos-ui.js';
import { publicSiteMessages } from '@shared/messages/public-site.js';
import { adminCall, adminSession, openAsAdmin, type AdminSession } from './admin.js';
import { useStoredTheme } from './pages.js';
import { singleImportVideos } from './youtube.js';
import type { Tag, Video } from '@shared/schemas/catalogue.js';

const SCREENS_DIR = process.env.E2E_SCREENS_DIR ?? 'test-results/screens';

interface Featured {
  title: string;
  link: string;
}

// The tests never reach YouTube: the player frame gets an empty page instead.
test.beforeEach(async ({ page }) => {
  await page.route('https://www.youtube-nocookie.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>player</title>' }),
  );
});

async function readLayout(request: APIRequestContext, session: AdminSession): Promise<Tag[]> {
  const answer = await adminCall<{ tags: Tag[] }>(request, session, 'GET', '/tags/featured');
  expect(answer.status).toBe(200);
  return answer.data.tags;
}

async function restoreLayout(request: APIRequestContext, session: AdminSession, tags: Tag[]) {
  const answer = await adminCall(request, session, 'PUT', '/tags/featured', {
    id: tags.map((tag) => tag.id),
  });
  expect(answer.status, answer.message).toBe(200);
}

/** The home page's row titles, top to bottom. */
async function homeRowTitles(page: Page): Promise<Locator> {
  await page.goto('/');
  const titles = page.locator('.home-row__title');
  await expect(titles.first()).toBeVisible();
  return titles;
}

function layoutPanel(page: Page): Locator {
  return page.getByRole('region', { name: 'Layout' });
}

const rowNames = (panel: Locator) => panel.locator('.layout-item__name');

/** Imports one of the fake YouTube's single videos (it starts Private), or finds it when a rerun left it. */
async function importOwnVideo(
  request: APIRequestContext,
  session: AdminSession,
  index: 3 | 4 | 5,
): Promise<Video> {
  const fake = singleImportVideos()[index]!;
  const answer = await adminCall<Video>(request, session, 'POST', '/admin/videos', {
    id: fake.id,
  });
  if (answer.status === 201) return answer.data;
  expect(answer.status, answer.message).toBe(409);
  const found = await adminCall<{ videos: Video[] }>(
    request,
    session,
    'GET',
    `/admin/search/videos/${encodeURIComponent(fake.title.toLowerCase())}?pageSize=100`,
  );
  const video = found.data.videos.find((candidate) => candidate.youtube_id === fake.id);
  if (!video) throw new Error(`${fake.id} is neither importable nor in the catalogue`);
  return video;
}

async function deleteQuietly(request: APIRequestContext, session: AdminSession, id: number) {
  await adminCall(request, session, 'DELETE', '/admin/videos', { id: String(id) });
}

async function searchVideos(page: Page, text: string): Promise<Locator> {
  const panel = page.getByRole('region', { name: 'All Videos' });
  const box = panel.getByLabel('Search videos by title');
  await box.fill(text);
  await box.press('Enter');
  return panel;
}

test.describe('Layout', () => {
  test('drag with the mouse, move with the keyboard, Update Layout: the home rows follow', async ({
    page,
    request,
  }) => {
    const session = await adminSession(request);
    const original = await readLayout(request, session);
    expect(original.length).toBeGreaterThanOrEqual(4);
    try {
      await openAsAdmin(page, '/admin/videos');
      const panel = layoutPanel(page);
      await expect(rowNames(panel)).toHaveText(original.map((tag) => tag.name));

      // The mouse: the third row's handle dragged above the first row.
      const handle = panel.getByRole('button', { name: `Move ${original[2]!.name}`, exact: true });
      const from = (await handle.boundingBox())!;
      const firstRow = (await panel.getByRole('listitem').first().boundingBox())!;
      await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
      await page.mouse.down();
      await page.mouse.move(from.x + from.width / 2, firstRow.y + 4, { steps: 12 });
      await page.mouse.up();
      const afterDrag = [original[2]!, original[0]!, original[1]!, ...original.slice(3)];
      await expect(rowNames(panel)).toHaveText(afterDrag.map((tag) => tag.name));

      // A drop outside the list changes nothing.
      const last = panel.getByRole('button', {
        name: `Move ${afterDrag.at(-1)!.name}`,
        exact: true,
      });
      const lastBox = (await last.boundingBox())!;
      await page.mouse.move(lastBox.x + lastBox.width / 2, lastBox.y + lastBox.height / 2);
      await page.mouse.down();
      await page.mouse.move(lastBox.x + 900, firstRow.y + 4, { steps: 8 });
      await page.mouse.up();
      await expect(rowNames(panel)).toHaveText(afterDrag.map((tag) => tag.name));

      // The keyboard: the (new) second row goes down two places.
      const moved = afterDrag[1]!;
      await panel.getByRole('button', { name: `Move ${moved.name}`, exact: true }).focus();
      await page.keyboard.press('Space');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      await expect(
        page.getByText(`${moved.name}, position 4 of ${original.length}.`),
      ).toBeAttached();
      await page.keyboard.press('Space');
      const expected = [afterDrag[0]!, afterDrag[2]!, afterDrag[3]!, moved, ...afterDrag.slice(4)];
      await expect(rowNames(panel)).toHaveText(expected.map((tag) => tag.name));

      // Nothing is saved until Update Layout.
      expect((await readLayout(request, session)).map((tag) => tag.id)).toEqual(
        original.map((tag) => tag.id),
      );
      await panel.getByRole('button', { name: 'Update Layout' }).click();
      await expect(
        panel.getByRole('status').filter({ hasText: adminUiMessages.layoutUpdated }),
      ).toBeVisible();
      expect((await readLayout(request, session)).map((tag) => tag.id)).toEqual(
        expected.map((tag) => tag.id),
      );

      await expect(await homeRowTitles(page)).toHaveText(expected.map((tag) => tag.name));
    } finally {
      await restoreLayout(request, session, original);
    }
  });

  test("remove a row, add one through the popup's autocomplete; 'Invalid Tag Given' with nothing chosen", async ({
    page,
    request,
  }) => {
    const session = await adminSession(request);
    const original = await readLayout(request, session);
    const { data } = await adminCall<{ tags: Tag[] }>(request, session, 'GET', '/tags');
    const inLayout = new Set(original.map((tag) => tag.id));
    // A tag outside the layout that has public videos, so its row shows on the home page.
    let added: Tag | undefined;
    for (const tag of data.tags.filter((candidate) => !inLayout.has(candidate.id))) {
      const page1 = await request.get(`/api/tag/${tag.id}?pageSize=1`);
      const body = (await page1.json()) as { data: { videos: unknown[] } };
      if (page1.status() === 200 && body.data.videos.length > 0) {
        added = tag;
        break;
      }
    }
    if (!added) throw new Error('No tag outside the layout has public videos');
    const removed = original[0]!;
    const expected = [...original.slice(1), added];
    try {
      await openAsAdmin(page, '/admin/videos');
      const panel = layoutPanel(page);
      await panel.getByRole('button', { name: `Remove ${removed.name}`, exact: true }).click();
      await expect(rowNames(panel)).toHaveText(original.slice(1).map((tag) => tag.name));

      await panel.getByRole('button', { name: '+ Add Category' }).click();
      const dialog = page.getByRole('dialog', { name: adminUiMessages.addTagTitle });
      await expect(dialog.getByText(adminUiMessages.addTagNote)).toBeVisible();
      await dialog.getByRole('button', { name: 'Add Tag to Layout' }).click();
      await expect(dialog.getByRole('alert')).toContainText('Invalid Tag Given');

      const input = dialog.getByRole('combobox', { name: 'Tag' });
      await expect(input).toBeFocused();
      await input.pressSequentially(added.name.slice(0, 4).toLowerCase());
      await dialog.getByRole('option', { name: added.name, exact: true }).click();
      await expect(input).toHaveValue(added.name);
      await dialog.getByRole('button', { name: 'Add Tag to Layout' }).click();
      await expect(dialog).toBeHidden();
      await expect(rowNames(panel)).toHaveText(expected.map((tag) => tag.name));

      await panel.getByRole('button', { name: 'Update Layout' }).click();
      await expect(
        panel.getByRole('status').filter({ hasText: adminUiMessages.layoutUpdated }),
      ).toBeVisible();
      await expect(await homeRowTitles(page)).toHaveText(expected.map((tag) => tag.name));
    } finally {
      await restoreLayout(request, session, original);
    }
  });
  test('an unsaved order asks before the sidebar leads away (Stay keeps it) and before the tab closes', async ({
    page,
    request,
  }) => {
    const session = await adminSession(request);
    const original = await readLayout(request, session);
    await openAsAdmin(page, '/admin/videos');
    const panel = layoutPanel(page);
    await expect(rowNames(panel)).toHaveText(original.map((tag) => tag.name));
    const first = original[0]!;
    await panel.getByRole('button', { name: `Move ${first.name}`, exact: true }).focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Space');
    const moved = [original[1]!, first, ...original.slice(2)].map((tag) => tag.name);
    await expect(rowNames(panel)).toHaveText(moved);

    const sections = page.getByRole('navigation', { name: 'Admin sections' });
    await sections.getByRole('link', { name: 'Dashboard' }).click();
    const ask = page.getByRole('dialog', { name: adminEditorUiMessages.unsavedTitle });
    await expect(ask).toContainText(adminVideosUiMessages.layoutUnsavedLeave);
    await ask.getByRole('button', { name: adminEditorUiMessages.unsavedStay }).click();
    await expect(page).toHaveURL(/\/admin\/videos$/);
    await expect(rowNames(panel)).toHaveText(moved);

    // Closing the tab gets the browser's own question.
    const question = page.waitForEvent('dialog');
    await page.close({ runBeforeUnload: true });
    const dialog = await question;
    expect(dialog.type()).toBe('beforeunload');
    await dialog.accept();
    expect((await readLayout(request, session)).map((tag) => tag.id)).toEqual(
      original.map((tag) => tag.id),
    );
  });

  test('leaving through the sidebar after Leave drops the unsaved order', async ({
    page,
    request,
  }) => {
    const session = await adminSession(request);
    const original = await readLayout(request, session);
    await openAsAdmin(page, '/admin/videos');
    const panel = layoutPanel(page);
    await panel.getByRole('button', { name: `Remove ${original[0]!.name}`, exact: true }).click();
    await page
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: 'Dashboard' })
      .click();
    const ask = page.getByRole('dialog', { name: adminEditorUiMessages.unsavedTitle });
    await ask.getByRole('button', { name: adminEditorUiMessages.unsavedLeave }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    expect((await readLayout(request, session)).map((tag) => tag.id)).toEqual(
      original.map((tag) => tag.id),
    );
  });
});

test('Featured Video: Save Changes, and the home page shows it', async ({ page, request }) => {
  const session = await adminSession(request);
  const previous = (await adminCall<Featured>(request, session, 'GET', '/admin/videos/featured'))
    .data;
  const home = (await (await request.get('/api/home')).json()) as {
    data: { categories: { videos: Video[] }[] };
  };
  // A public demo video that is not featured now.
  const pick = home.data.categories
    .flatMap((row) => row.videos)
    .find((video) => video.youtube_url !== previous.link)!;
  const title = 'E2E Featured Pick';
  try {
    await openAsAdmin(page, '/admin/videos');
    const panel = page.getByRole('region', { name: 'Featured Video' });
    await expect(panel.getByLabel('Featured Video Title')).toHaveValue(previous.title);
    await expect(panel.getByLabel('Linked Video Link')).toHaveValue(previous.link);
    await panel.getByLabel('Featured Video Title').fill(title);
    await panel.getByLabel('Linked Video Link').fill(pick.youtube_url);
    await panel.getByRole('button', { name: 'Save Changes' }).click();
    await expect(panel.getByRole('status')).toHaveText(new RegExp(adminUiMessages.featuredUpdated));
    await expect(panel.getByText(pick.title)).toBeVisible();

    await page.goto('/');
    const hero = page.getByRole('region', { name: title });
    await expect(hero.getByRole('heading', { name: title })).toBeVisible();
    await expect(hero.getByRole('link', { name: 'WATCH' })).toHaveAttribute(
      'href',
      `/videos/${pick.id}`,
    );
  } finally {
    const restored = await adminCall(request, session, 'PUT', '/admin/videos/featured', {
      title: previous.title,
      link: previous.link,
    });
    expect(restored.status, restored.message).toBe(200);
  }
});

test.describe('All Videos', () => {
  test("title search with Public and Private labels; empty search: 'No results based on search'", async ({
    page,
    request,
  }) => {
    const session = await adminSession(request);
    const own = await importOwnVideo(request, session, 4);
    try {
      await openAsAdmin(page, '/admin/videos');
      const panel = page.getByRole('region', { name: 'All Videos' });
      await expect(panel.getByText(adminUiMessages.noSearchResults)).toBeVisible();
      await expect(panel.getByRole('link', { name: 'New Video' })).toHaveAttribute(
        'href',
        '/admin/newVideo',
      );

      // A fresh import is Private; the search ignores case.
      await searchVideos(page, own.title.toUpperCase());
      const ownRow = panel
        .getByRole('listitem')
        .filter({ has: page.locator(`a[href="/admin/editVideo/${own.id}"]`) });
      await expect(ownRow.getByText('Private', { exact: true })).toBeVisible();
      await expect(ownRow.getByText(own.title, { exact: true })).toBeVisible();

      // The demo catalogue's titles use an en dash: a search over all of it, paged.
      await searchVideos(page, '–');
      await expect(panel.getByText(/^\d+ videos found$/)).toBeVisible();
      await expect(panel.getByRole('listitem')).toHaveCount(20);
      await expect(panel.getByText('Public', { exact: true }).first()).toBeVisible();
      const pager = panel.getByRole('navigation', { name: 'Search result pages' });
      await expect(pager.getByText(/^Page 1 of \d+$/)).toBeVisible();
      await pager.getByRole('button', { name: 'Next' }).click();
      await expect(pager.getByText(/^Page 2 of \d+$/)).toBeVisible();
      await expect(page).toHaveURL(/page=2/);

      // The edit link goes to the editor.
      const edit = panel.getByRole('link', { name: /^Edit / }).first();
      await expect(edit).toHaveAttribute('href', /^\/admin\/editVideo\/\d+$/);

      await searchVideos(page, 'zzqx no such title');
      await expect(panel.getByText(adminUiMessages.noSearchResults)).toBeVisible();
      await searchVideos(page, '');
      await expect(panel.getByText(adminUiMessages.noSearchResults)).toBeVisible();
      await expect(panel.getByRole('listitem')).toHaveCount(0);
    } finally {
      await deleteQuietly(request, session, own.id);
    }
  });

  test("delete through 'Confirm Video Deletion': green text, the popup closes, the row goes, the public page errors", async ({
    page,
    request,
  }) => {
    const session = await adminSession(request);
    const own = await importOwnVideo(request, session, 3);
    try {
      await openAsAdmin(page, '/admin/videos');
      const panel = await searchVideos(page, own.title);
      const row = panel
        .getByRole('listitem')
        .filter({ has: page.locator(`a[href="/admin/editVideo/${own.id}"]`) });
      await row.getByRole('button', { name: `Delete ${own.title}` }).click();

      const dialog = page.getByRole('dialog', { name: adminUiMessages.confirmVideoDeletion });
      await expect(dialog.getByText(own.title, { exact: true })).toBeVisible();
      await expect(dialog.locator('img')).toBeVisible();
      await expect(dialog.getByText(adminUiMessages.deleteVideoQuestion)).toBeVisible();
      await expect(dialog.getByText(adminUiMessages.videoStaysOnYoutube)).toBeVisible();
      await dialog.getByRole('button', { name: 'Delete Video' }).click();
      await expect(dialog.getByRole('status')).toHaveText(new RegExp(adminUiMessages.videoDeleted));
      await expect(dialog).toBeHidden({ timeout: 6000 });
      await expect(row).toHaveCount(0);

      await page.goto(`/videos/${own.id}`);
      await expect(page.getByText(publicSiteMessages.videoError)).toBeVisible();
    } finally {
      await deleteQuietly(request, session, own.id);
    }
  });
});

/** axe over the page as it is (results listed, popup open...): no serious or critical finding. */
async function expectAccessible(page: Page): Promise<void> {
  const { violations } = await siteAxe(page).analyze();
  const blocking = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`,
    );
  expect(blocking).toEqual([]);
}

/** Fonts done, and the lazy thumbnails below the fold loaded, so a full-page shot shows them. */
async function settleImages(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    const images = [...document.querySelectorAll('img')];
    for (const image of images) image.loading = 'eager';
    await Promise.all(
      images.map((image) => (image.complete ? null : image.decode().catch(() => null))),
    );
  });
}

test.describe('320 px wide', () => {
  test.use({ viewport: { width: 320, height: 800 } });
  test('/admin/videos fits the window', async ({ page }) => {
    await openAsAdmin(page, '/admin/videos?q=live');
    await expect(
      page.getByRole('region', { name: 'All Videos' }).getByRole('listitem').first(),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: /^Move / }).first()).toBeVisible();
    await settleImages(page);
    await page.screenshot({ path: join(SCREENS_DIR, 'admin-videos-320.png'), fullPage: true });
    const widths = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      inner: window.innerWidth,
    }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.inner);
  });
});

test.describe('screenshots at 1280 x 800 (and axe over results and the popup)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });
  for (const theme of ['light', 'dark'] as const) {
    test(`/admin/videos, ${theme}`, async ({ page }) => {
      await useStoredTheme(page, theme);
      await openAsAdmin(page, '/admin/videos?q=live');
      await expect(page.getByRole('button', { name: /^Move / }).first()).toBeVisible();
      await expect(page.getByLabel('Featured Video Title')).not.toHaveValue('');
      await expect(
        page.getByRole('region', { name: 'All Videos' }).getByRole('listitem').first(),
      ).toBeVisible();
      await settleImages(page);
      await page.screenshot({
        path: join(SCREENS_DIR, `admin-videos-${theme}.png`),
        fullPage: true,
      });
      await expectAccessible(page);
      if (theme === 'light') {
        await page.getByRole('button', { name: '+ Add Category' }).click();
        const dialog = page.getByRole('dialog', { name: adminUiMessages.addTagTitle });
        await dialog.getByRole('combobox', { name: 'Tag' }).pressSequentially('co');
        await expect(dialog.getByRole('option').first()).toBeVisible();
        await page.screenshot({ path: join(SCREENS_DIR, 'admin-videos-add-tag.png') });
        await expectAccessible(page);
      }
    });
  }
});
