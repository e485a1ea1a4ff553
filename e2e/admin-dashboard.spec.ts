/// <reference lib="dom" />
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { adminCall, openAsAdmin } from './admin.js';
import { channelUploads, setYoutubeMode } from './youtube.js';

interface Listed {
  id: number;
  title: string;
  youtube_id: string;
  public_state: boolean;
}

const panel = (page: Page, name: string) => page.getByRole('region', { name });
const banner = (page: Page) => page.locator('#admin-main .status');

test.describe('admin dashboard', () => {
  test('Popular Videos and Popular Artists are ranked and link to their editors', async ({
    page,
  }) => {
    const session = await openAsAdmin(page, '/admin/dashboard');
    const { data } = await adminCall<{
      episodes: { id: number; title: string; views_30d: number; daily_views_30d: number[] }[];
      artists: { id: number; name: string; views_30d: number }[];
    }>(page.request, session, 'GET', '/admin/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

    const videos = panel(page, 'Popular Videos').getByRole('listitem');
    await expect(videos).toHaveCount(data.episodes.length);
    const first = data.episodes[0]!;
    await expect(videos.first()).toContainText(new RegExp(`^1\\s*${escape(first.title)}`));
    await expect(videos.first().locator('img')).toBeVisible();
    await expect(
      videos.first().getByRole('link', { name: first.title, exact: true }),
    ).toHaveAttribute('href', `/admin/editVideo/${first.id}`);
    await expect(videos.nth(1)).toContainText(/^2/);
    // The 30 days' views, as the API counts them, with their sparkline.
    expect(first.daily_views_30d).toHaveLength(30);
    expect(first.daily_views_30d.reduce((a, b) => a + b, 0)).toBe(first.views_30d);
    await expect(videos.first()).toContainText(`${viewsText(first.views_30d)} in the last 30 days`);
    await expect(videos.first().locator('svg.sparkline')).toBeVisible();
    await videos
      .first()
      .getByRole('link', { name: `Analytics of ${first.title}` })
      .click();
    await expect(page).toHaveURL(`/admin/analytics/videos/${first.id}`);
    await expect(page.getByRole('heading', { level: 1, name: first.title })).toBeVisible();
    await page.goBack();

    const artists = panel(page, 'Popular Artists').getByRole('listitem');
    await expect(artists).toHaveCount(data.artists.length);
    const top = data.artists[0]!;
    await expect(artists.first()).toContainText(new RegExp(`^1\\s*${escape(top.name)}`));
    await expect(artists.first()).toContainText(viewsText(top.views_30d));
    await artists.first().getByRole('link', { name: top.name }).click();
    await expect(page).toHaveURL(`/admin/editArtist/${top.id}`);
  });

  test('Add Video, Add Artist and Add Administrator open their screens', async ({ page }) => {
    await openAsAdmin(page, '/admin/dashboard');
    const actions = panel(page, 'Quick Actions');
    for (const [name, path] of [
      ['Add Video', '/admin/newVideo'],
      ['Add Artist', '/admin/newArtist'],
      ['Add Administrator', '/admin/newAdmin'],
    ] as const) {
      await actions.getByRole('link', { name }).click();
      await expect(page).toHaveURL(path);
      await page.goBack();
    }
  });

  test('Import Videos brings in the channel uploads (twice is harmless), green banner', async ({
    page,
  }) => {
    const session = await openAsAdmin(page, '/admin/dashboard');
    const importButton = panel(page, 'Quick Actions').getByRole('button', {
      name: 'Import Videos',
    });

    // Held until the busy state has been seen.
    let releaseImport = () => undefined as void;
    const held = new Promise<void>((resolve) => (releaseImport = resolve));
    await page.route('**/api/admin/videos/import', async (route) => {
      await held;
      await route.continue();
    });
    await importButton.click();
    const busy = page.getByRole('button', { name: 'Importing Videos…' });
    await expect(busy).toBeDisabled();
    releaseImport();
    await expect(banner(page)).toContainText(
      /^Videos Successfully Imported \(\d+ new videos?, \d+ already in the catalogue\)/,
    );
    await expect(banner(page)).toHaveClass(/status--success/);
    await expect(importButton).toBeEnabled();

    for (const upload of channelUploads()) {
      const found = await adminCall<{ videos: Listed[] }>(
        page.request,
        session,
        'GET',
        `/admin/search/videos/${encodeURIComponent(upload.title.toLowerCase())}`,
      );
      expect(found.status).toBe(200);
      expect(found.data.videos.map((video) => video.youtube_id)).toContain(upload.id);
    }

    // Again: nothing new, nothing broken. The first banner goes first: when the uploads were in
    // already, its words are the second's, and a second banner would come after the dismissal.
    await banner(page).getByRole('button', { name: 'Dismiss' }).click();
    await expect(banner(page)).toHaveCount(0);
    await importButton.click();
    await expect(banner(page)).toContainText(
      `Videos Successfully Imported (0 new videos, ${channelUploads().length} already in the catalogue)`,
    );
    await banner(page).getByRole('button', { name: 'Dismiss' }).click();
    await expect(banner(page)).toHaveCount(0);

    // The public site shows an imported (public) upload.
    const newest = channelUploads()[0]!;
    const { data } = await adminCall<{ videos: Listed[] }>(
      page.request,
      session,
      'GET',
      `/admin/search/videos/${encodeURIComponent(newest.title.toLowerCase())}`,
    );
    const video = data.videos.find((item) => item.youtube_id === newest.id)!;
    expect(video.public_state).toBe(true);
    await page.goto(`/videos/${video.id}`);
    await expect(page.getByRole('heading', { level: 1, name: newest.title })).toBeVisible();
  });

  test('a YouTube failure shows the red banner with the reason', async ({ page }) => {
    await openAsAdmin(page, '/admin/dashboard');
    try {
      await setYoutubeMode(page.request, 'serverError');
      await panel(page, 'Quick Actions').getByRole('button', { name: 'Import Videos' }).click();
      const alert = page.getByRole('alert');
      await expect(alert).toContainText(/^Error Importing Recent Videos \(.+\)/);
      await expect(alert).toHaveClass(/status--error/);
      await alert.getByRole('button', { name: 'Dismiss' }).click();
      await expect(alert).toHaveCount(0);
    } finally {
      await setYoutubeMode(page.request, 'normal');
    }
  });

  test('Update Tags runs the auto-tagger and shows the green banner', async ({ page }) => {
    await openAsAdmin(page, '/admin/dashboard');
    await panel(page, 'Quick Actions').getByRole('button', { name: 'Update Tags' }).click();
    await expect(banner(page)).toContainText(
      /^Tags Successfully Updated \(\d+ tags? added to videos\)/,
    );
    await expect(banner(page)).toHaveClass(/status--success/);
    // Running it again adds nothing (the auto-tagger only adds missing links).
    await panel(page, 'Quick Actions').getByRole('button', { name: 'Update Tags' }).click();
    await expect(banner(page)).toContainText('Tags Successfully Updated (0 tags added to videos)');
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const viewsText = (count: number) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? 'view' : 'views'}`;
