import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import type { EpisodeFigures, SiteFigures, TopLists } from '../src/shared/schemas/analytics.js';
import { expect, test } from './fixtures.js';
import { adminCall, adminSession, openAsAdmin, type AdminSession } from './admin.js';
import { siteAxe } from './axe.js';
import { registerFan } from './fans.js';
import { pickCatalogueIds, useStoredTheme, watchConsole } from './pages.js';

const FIGURE = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/**
 * A fan who signs up, watches 40 s of a video (a view) and likes it today: a new account, a view
 * and a like in today's figures.
 */
async function newFanWhoWatchesAndLikes(page: Page): Promise<number> {
  const fan = await registerFan(page.request, 'Ana', 'Lytics');
  const { videoId } = await pickCatalogueIds(page.request);
  const liked = await page.request.put('/api/users/liked/add-video', {
    headers: { authorization: `Bearer ${fan.token}` },
    data: { userId: fan.id, episodeId: videoId },
  });
  expect(liked.status()).toBe(200);
  const watched = await page.request.post(`/api/videos/${videoId}/progress`, {
    headers: { authorization: `Bearer ${fan.token}` },
    data: { position: 40, duration: 600, played: 40, total_played: 40 },
  });
  expect(watched.status()).toBe(202);
  return videoId;
}

async function siteFigures(page: Page, session: AdminSession, search: string) {
  const answer = await adminCall<SiteFigures>(
    page.request,
    session,
    'GET',
    `/admin/analytics/site?${search}`,
  );
  expect(answer.status).toBe(200);
  return answer.data;
}

test.describe('analytics', () => {
  test('the screen, the CSV and the API give the same figures', async ({ page }) => {
    const before = await siteFigures(page, await adminSession(page.request), 'days=7');
    const watchedId = await newFanWhoWatchesAndLikes(page);
    const session = await adminSession(page.request);
    // Progress reports are written in batches, every second.
    await expect
      .poll(async () => (await siteFigures(page, session, 'days=7')).totals.views)
      .toBeGreaterThan(before.totals.views);
    await openAsAdmin(page, '/admin/analytics?days=7');
    await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Last 7 days' })).toBeChecked();
    const figures = await siteFigures(page, session, 'days=7');
    expect(figures.range.days).toBe(7);
    expect(figures.totals.newAccounts).toBeGreaterThanOrEqual(1);
    expect(figures.totals.likes).toBeGreaterThanOrEqual(1);

    const accounts = page.getByRole('region', { name: 'New accounts' });
    await expect(accounts.locator('.metric-panel__figure')).toHaveText(
      FIGURE.format(figures.totals.newAccounts),
    );
    const likes = page.getByRole('region', { name: 'Likes' });
    await expect(likes.locator('.metric-panel__figure')).toHaveText(
      FIGURE.format(figures.totals.likes),
    );
    // uPlot drew the chart on a canvas the width of its panel.
    const canvas = likes.locator('.line-chart__plot canvas');
    await expect(canvas).toBeVisible();
    expect((await canvas.boundingBox())?.width).toBeGreaterThan(200);

    // Today's row of the table, by keyboard.
    await likes.getByRole('button', { name: 'Show as table' }).focus();
    await page.keyboard.press('Enter');
    const today = figures.days.at(-1)!;
    const lastRow = likes.getByRole('row').last();
    await expect(lastRow.getByRole('cell').first()).toHaveText(FIGURE.format(today.likes));

    // The top episode as the API ranks it.
    const top = await adminCall<TopLists>(
      page.request,
      session,
      'GET',
      '/admin/analytics/top?days=7',
    );
    expect(top.data.episodes.map((episode) => episode.id)).toContain(watchedId);
    const first = top.data.episodes[0]!;
    const firstRow = page
      .getByRole('table', { name: 'Top episodes, most viewed first' })
      .getByRole('row')
      .nth(1);
    await expect(firstRow.getByRole('rowheader')).toHaveText(first.title);
    await expect(firstRow.getByRole('cell').nth(1)).toHaveText(FIGURE.format(first.views));

    // The CSV: a header, then one row per day of the range, today's as the API says.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Daily figures CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      new RegExp(`-site-${figures.range.from}-to-${figures.range.to}\\.csv$`),
    );
    const lines = (await readFile(await download.path(), 'utf8')).trim().split('\n');
    expect(lines[0]).toBe(
      'day,views,hours_watched,seconds_watched,finishes,unique_viewers,new_accounts,likes',
    );
    expect(lines).toHaveLength(8);
    expect(lines.at(-1)).toBe(
      [
        today.day,
        today.views,
        today.hoursWatched,
        today.secondsWatched,
        today.finishes,
        today.viewers ?? '',
        today.newAccounts,
        today.likes,
      ].join(','),
    );
  });

  test("an episode's own page: from the top list, its figures as the API gives them", async ({
    page,
  }) => {
    const { videoId: watchedId } = await pickCatalogueIds(page.request);
    const session = await adminSession(page.request);
    const figures = async () =>
      (
        await adminCall<EpisodeFigures>(
          page.request,
          session,
          'GET',
          `/admin/analytics/videos/${watchedId}`,
        )
      ).data;
    const before = await figures();
    expect(await newFanWhoWatchesAndLikes(page)).toBe(watchedId);
    // Progress reports are written in batches, every second.
    await expect
      .poll(async () => (await figures()).totals.views)
      .toBeGreaterThan(before.totals.views);
    const episode = await figures();
    // The days, a column per figure, add up to the totals.
    const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
    expect(episode.days.day).toHaveLength(episode.range.days);
    expect(episode.days.day.at(-1)).toBe(episode.range.to);
    expect(sum(episode.days.views)).toBe(episode.totals.views);
    expect(sum(episode.days.likes)).toBe(episode.totals.likes);
    expect(episode.days.views.at(-1)).toBeGreaterThan(0);

    await openAsAdmin(page, `/admin/analytics/videos/${watchedId}`);
    await expect(page.getByRole('heading', { level: 1, name: episode.video.title })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Since published' })).toBeChecked();
    const views = page.getByRole('definition').first();
    await expect(views).toHaveText(episode.totals.views.toLocaleString('en-US'));
    await expect(
      page.getByText(
        `${episode.retention.viewers} signed-in ${episode.retention.viewers === 1 ? 'fan has' : 'fans have'} a saved position.`,
      ),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: 'Views' }).locator('canvas')).toBeVisible();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Retention CSV' }).click(),
    ]);
    const lines = (await readFile(await download.path(), 'utf8')).trim().split('\n');
    expect(lines[0]).toBe('from_percent,fans_reached,share');
    expect(lines[1]).toBe(
      `0,${episode.retention.buckets[0]!.reached},${episode.retention.buckets[0]!.share}`,
    );

    await page.getByRole('link', { name: 'Back to Analytics' }).click();
    await expect(page).toHaveURL(/\/admin\/analytics$/);
  });

  test('a custom range is kept in the address; a backwards one is refused in words', async ({
    page,
  }) => {
    await openAsAdmin(page, '/admin/analytics');
    await expect(page.getByRole('radio', { name: 'Last 30 days' })).toBeChecked();
    await expect(page.getByRole('region', { name: 'Views' })).toBeVisible();
    await page.getByRole('radio', { name: 'Custom range' }).check();
    await page.getByLabel('From', { exact: true }).fill('2026-01-20');
    await page.getByLabel('To', { exact: true }).fill('2026-01-10');
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'The range must not end before it starts (to is before from)',
    );
    await page.getByLabel('To', { exact: true }).fill('2026-01-31');
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/analytics\?from=2026-01-20&to=2026-01-31$/);
    await expect(page.getByText(/Jan 20, 2026 – Jan 31, 2026 \(12 days\)/)).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);

    await page.reload();
    await expect(page.getByRole('radio', { name: 'Custom range' })).toBeChecked();
    await expect(page.getByLabel('From', { exact: true })).toHaveValue('2026-01-20');
  });

  test('works at 375 px in dark mode, with no overflow and no axe violations', async ({ page }) => {
    const problems = watchConsole(page);
    await page.setViewportSize({ width: 375, height: 800 });
    await useStoredTheme(page, 'dark');
    await openAsAdmin(page, '/admin/analytics?days=90');
    const views = page.getByRole('region', { name: 'Views' });
    await expect(views.locator('.line-chart__plot canvas')).toBeVisible();
    const box = await views.locator('.line-chart__plot canvas').boundingBox();
    expect(box?.width).toBeLessThanOrEqual(375);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    await views.getByRole('button', { name: 'Show as table' }).click();
    await expect(views.getByRole('row')).toHaveCount(91);
    const results = await siteAxe(page).analyze();
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
    expect(problems).toEqual([]);
  });
});
