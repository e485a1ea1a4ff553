/// <reference lib="dom" />
import { join } from 'node:path';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, test, waitForTheApp } from './fixtures.js';
import { adminUiMessages } from '@shared/messages/admin-ui.js';
import { apiMessages } from '@shared/messages/api.js';
import { publicSiteMessages } from '@shared/messages/public-site.js';
import { validationMessages } from '@shared/messages/validation.js';
import { adminCall, adminSession, openAsAdmin, type AdminSession } from './admin.js';
import { openSettled, pickCatalogueIds } from './pages.js';
import { setYoutubeMode, singleImportVideos } from './youtube.js';
import type { Tag, Video } from '@shared/schemas/catalogue.js';

const SCREENS_DIR = process.env.E2E_SCREENS_DIR ?? 'test-results/screens';
/** A title prefix this spec gives the videos it edits, so a rerun can find them. */
const EDITED = 'E2E editor';

// The tests never reach YouTube: its thumbnails and player get empty answers.
test.beforeEach(async ({ page }) => {
  await page.route('https://www.youtube-nocookie.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>player</title>' }),
  );
  await page.route('https://i.ytimg.com/**', (route) => route.fulfill({ status: 404 }));
});

/** The fake YouTube's single-import video `index` (this spec owns 0 to 2). */
const fakeVideo = (index: 0 | 1 | 2) => singleImportVideos()[index]!;

/** The catalogue video made from fake video `index`, when an earlier attempt left one. */
async function findImported(
  request: APIRequestContext,
  session: AdminSession,
  index: 0 | 1 | 2,
): Promise<Video | undefined> {
  const fake = fakeVideo(index);
  for (const title of [fake.title, EDITED]) {
    const found = await adminCall<{ videos: Video[] }>(
      request,
      session,
      'GET',
      `/admin/search/videos/${encodeURIComponent(title.toLowerCase())}?pageSize=100`,
    );
    const video = found.data.videos.find((candidate) => candidate.youtube_id === fake.id);
    if (video) return video;
  }
  return undefined;
}

/** Deletes what this spec imported from fake video `index`, so every run starts and ends clean. */
async function removeImported(request: APIRequestContext, index: 0 | 1 | 2): Promise<void> {
  const session = await adminSession(request);
  const video = await findImported(request, session, index);
  if (!video) return;
  const answer = await adminCall(request, session, 'DELETE', '/admin/videos', {
    id: String(video.id),
  });
  expect(answer.status, answer.message).toBe(200);
}

/** A page of a signed-out visitor, to see what the public sees. */
async function visitorPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return waitForTheApp(await context.newPage());
}

test.describe('Video editor: import', () => {
  test.afterEach(async ({ request }) => {
    await removeImported(request, 0);
    await removeImported(request, 1);
  });

  test('Enter in the link field imports the video; a second import is refused', async ({
    page,
    request,
  }) => {
    await removeImported(request, 0);
    const fake = fakeVideo(0);
    await openAsAdmin(page, '/admin/newVideo');
    await expect(page.getByRole('heading', { level: 1, name: 'New Video' })).toBeVisible();
    await page.getByLabel('YouTube link').fill(`https://youtu.be/${fake.id}`);
    await page.getByLabel('YouTube link').press('Enter');

    await expect(page.getByRole('status')).toContainText(adminUiMessages.videoImported);
    await expect(page).toHaveURL(/\/admin\/editVideo\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Video' })).toBeVisible();
    await expect(page.getByLabel('Title')).toHaveValue(fake.title);
    await expect(page.getByLabel('Title')).toBeFocused();
    // An imported video starts Private.
    await expect(page.getByRole('radio', { name: 'Private' })).toBeChecked();
    await expect(page.locator('.admin-badge')).toHaveText('Private');
    const id = Number(/editVideo\/(\d+)/.exec(page.url())![1]);
    await expect(page.getByText(`Video #${id}`)).toBeVisible();

    // Discard starts over on New Video; the same video, by another form of link, is a duplicate.
    await page.getByRole('link', { name: 'Discard' }).click();
    await expect(page).toHaveURL(/\/admin\/newVideo$/);
    await expect(page.getByLabel('Title')).toHaveValue('');
    await page.getByLabel('YouTube link').fill(`https://www.youtube.com/watch?v=${fake.id}`);
    await page.getByRole('button', { name: 'Find Video' }).click();
    await expect(page.getByRole('alert')).toContainText(adminUiMessages.videoAlreadyImported);
    await expect(page).toHaveURL(/\/admin\/newVideo$/);
  });

  test('a YouTube credentials failure asks to sign in to YouTube, and the admin stays signed in', async ({
    page,
    request,
  }) => {
    await removeImported(request, 1);
    await openAsAdmin(page, '/admin/newVideo');
    try {
      await setYoutubeMode(request, 'quotaExceeded');
      await page.getByLabel('YouTube link').fill(`https://youtu.be/${fakeVideo(1).id}`);
      await page.getByLabel('YouTube link').press('Enter');
      await expect(page.getByRole('alert')).toContainText(apiMessages.youtubeSignIn);
    } finally {
      await setYoutubeMode(request, 'normal');
    }
    await expect(page).toHaveURL(/\/admin\/newVideo$/);
    await expect(page.getByRole('heading', { level: 1, name: 'New Video' })).toBeVisible();
    // With YouTube back, the same link imports.
    await page.getByRole('button', { name: 'Find Video' }).click();
    await expect(page.getByRole('status')).toContainText(adminUiMessages.videoImported);
  });

  test('a signed-out visitor is sent to the admin login', async ({ page }) => {
    await page.goto('/admin/newVideo');
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
  });
});

test.describe('Video editor: edit and publish', () => {
  test.afterEach(async ({ request }) => {
    await removeImported(request, 2);
  });

  test('publishes title, episode, description, privacy and tags; the public site follows', async ({
    page,
    request,
    browser,
  }) => {
    await removeImported(request, 2);
    const session = await adminSession(request);
    const fake = fakeVideo(2);
    const imported = await adminCall<Video>(
      request,
      session,
      'GET',
      `/admin/videos/import?link=${encodeURIComponent(`https://youtu.be/${fake.id}`)}`,
    );
    expect(imported.status, imported.message).toBe(201);
    const id = imported.data.id;
    const tags = await adminCall<{ tags: Tag[] }>(request, session, 'GET', '/tags');
    const existing = tags.data.tags.find((tag) => /^[A-Za-z ]+$/.test(tag.name))!;
    const newName = 'E2E Editor Fresh Tag';
    const title = `${EDITED} ${fake.id}`;

    await openAsAdmin(page, `/admin/editVideo/${id}`);
    await expect(page.getByLabel('Title')).toHaveValue(fake.title);

    // Every necessary field, else the message and nothing is saved.
    await page.getByLabel('Title').fill('');
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByRole('alert')).toContainText(validationMessages.videoFillAll);
    await expect(page.getByLabel('Title')).toBeFocused();

    await page.getByLabel('Title').fill(title);
    const noEpisode = page.getByRole('checkbox', { name: 'No episode number' });
    if (await noEpisode.isChecked()) await noEpisode.uncheck();
    await page.getByLabel('Episode Number', { exact: true }).fill('4242');
    await page.getByLabel('Description').fill('Edited by the e2e editor test.');
    await page.getByRole('radio', { name: 'Public' }).check();
    // An existing tag typed in another case is reused; the other name is a new tag.
    await page.getByRole('combobox', { name: 'Tags' }).fill(existing.name.toUpperCase());
    await page.getByRole('button', { name: 'Add' }).click();
    await page.getByRole('combobox', { name: 'Tags' }).fill(newName);
    await page.getByRole('combobox', { name: 'Tags' }).press('Enter');
    const chips = page.getByRole('list', { name: 'Tags of this video' });
    await expect(chips.locator('.editor-tag__name')).toHaveText([existing.name, newName]);
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByRole('status')).toContainText(adminUiMessages.videoUpdated);
    await expect(page.getByRole('link', { name: 'View on site' })).toHaveAttribute(
      'href',
      `/videos/${id}`,
    );

    const saved = await adminCall<{ video: Video }>(request, session, 'GET', `/videos/${id}`);
    expect(saved.data.video).toMatchObject({ title, public_state: true });
    const names = saved.data.video.tags.map((tag) => tag.name).sort();
    expect(names).toEqual([existing.name, newName].sort());
    const newTag = saved.data.video.tags.find((tag) => tag.name === newName)!;
    expect(saved.data.video.tags.find((tag) => tag.name === existing.name)!.id).toBe(existing.id);

    // The public site, signed out: the video page with both tags, and the new tag's page.
    const visitor = await visitorPage(browser);
    await visitor.goto(`/videos/${id}`);
    await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const tagLinks = visitor.getByRole('list', { name: 'Tags' });
    await expect(tagLinks.getByRole('link', { name: existing.name })).toHaveAttribute(
      'href',
      `/categories/${existing.id}`,
    );
    await expect(tagLinks.getByRole('link', { name: newName })).toHaveAttribute(
      'href',
      `/categories/${newTag.id}`,
    );
    await visitor.goto(`/categories/${newTag.id}`);
    await expect(
      visitor.getByRole('heading', { level: 1, name: `Videos Tagged With '${newName}'` }),
    ).toBeVisible();
    await expect(visitor.getByRole('link', { name: title }).first()).toBeVisible();

    // Private again: the public page shows its error view.
    await page.getByRole('radio', { name: 'Private' }).check();
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByRole('status')).toContainText(adminUiMessages.videoUpdated);
    await expect(page.getByRole('link', { name: 'View on site' })).toHaveCount(0);
    await visitor.goto(`/videos/${id}`);
    await expect(visitor.getByRole('alert')).toHaveText(publicSiteMessages.videoError);
    await visitor.context().close();
  });
});

test.describe('Video editor: narrow screens', () => {
  test.use({ viewport: { width: 320, height: 800 } });

  test('at 320 px nothing is wider than the window', async ({ page, request }) => {
    const { videoId } = await pickCatalogueIds(request);
    await openAsAdmin(page, `/admin/editVideo/${videoId}`);
    await openSettled(page, `/admin/editVideo/${videoId}`);
    await expect(page.getByLabel('Title')).not.toHaveValue('');
    await page.screenshot({
      path: join(SCREENS_DIR, 'admin-edit-video-320-light.png'),
      fullPage: true,
    });
    const widths = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      window: window.innerWidth,
    }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.window);
  });
});
