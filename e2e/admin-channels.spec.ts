import type { Locator, Page } from '@playwright/test';
import { FAKE_CHANNEL_ID, FAKE_CHANNEL_TITLE } from '@server/testing/youtube-fake-catalogue.js';
import { adminChannelsUiMessages as u } from '@shared/messages/admin-channels-ui.js';
import { channelsMessages } from '@shared/messages/channels.js';
import type { ChannelsOverview, SyncRunPage, SyncSettings } from '@shared/schemas/channels.js';
import { siteAxe } from './axe.js';
import { expect, test } from './fixtures.js';
import { adminCall, adminSession, openAsAdmin, type AdminSession } from './admin.js';

/**
 * The Channels screen against the fake YouTube, whose channel is the site's YOUTUBE_CHANNEL_ID
 * (the primary channel). Sync now on it imports the fake's six uploads, as the dashboard's Import
 * Videos does: both skip what is in the catalogue already, and admin-dashboard.spec.ts expects
 * "\d+ new videos" the first time, so whichever runs first leaves the other a correct count.
 */

const overviewOf = async (page: Page, session: AdminSession) =>
  (await adminCall<ChannelsOverview>(page.request, session, 'GET', '/admin/channels')).data;

const channelsPanel = (page: Page) => page.getByRole('region', { name: u.channelsTitle });
const historyPanel = (page: Page) => page.getByRole('region', { name: u.historyTitle });
const primaryRow = (page: Page): Locator =>
  channelsPanel(page).getByRole('row').filter({ hasText: FAKE_CHANNEL_ID });

test.describe('channels screen', () => {
  test('lists the primary channel, the quota of the day and the next sync', async ({ page }) => {
    const session = await openAsAdmin(page, '/admin/channels');
    await expect(page.getByRole('heading', { level: 1, name: 'Channels' })).toBeVisible();
    // Its title is read at its first sync; until then its id names it.
    const row = primaryRow(page);
    await expect(row.getByText(u.primary, { exact: true })).toBeVisible();
    await expect(row.getByRole('link', { name: new RegExp(FAKE_CHANNEL_ID) })).toHaveAttribute(
      'href',
      `https://www.youtube.com/channel/${FAKE_CHANNEL_ID}`,
    );

    const { quota } = await overviewOf(page, session);
    const meter = page.getByRole('meter', { name: /units used today/ });
    await expect(meter).toBeVisible();
    await expect(meter).toHaveAttribute('aria-valuemax', String(quota.limit));
    await expect(page.getByText(u.quotaResets)).toBeVisible();
    await expect(page.getByText(/The sync stops at [\d,]+ units/)).toBeVisible();
    await expect(page.getByText(u.nextSync)).toBeVisible();
    // The e2e server has a key: nothing warns that nothing syncs.
    await expect(page.getByText(/YOUTUBE_API_KEY is not set/)).toHaveCount(0);
  });

  test('Sync now on the primary channel says what it did, and the run heads the history', async ({
    page,
  }) => {
    await openAsAdmin(page, '/admin/channels');
    const row = primaryRow(page);
    const button = row.getByRole('button', { name: /^Sync now / });
    await expect(button).toBeVisible();

    // Held until the busy state has been seen.
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/admin/channels/*/sync', async (route) => {
      await held;
      await route.continue();
    });
    await button.click();
    const busy = row.getByRole('button', { name: /^Syncing… / });
    await expect(busy).toHaveAttribute('aria-busy', 'true');
    release();

    const outcome = channelsPanel(page).locator('[aria-live="polite"]');
    await expect(outcome).toContainText(
      // Named as the row was when clicked: by its id before a first sync read its title.
      /^.+: Sync finished, imported \d+, skipped \d+, errors 0\.$/,
      { timeout: 15_000 },
    );
    // The screen is read again: the sync has read the channel's title and noted its time.
    await expect(row).toContainText(FAKE_CHANNEL_TITLE);
    await expect(row).not.toContainText(u.never);
    await expect(
      row.getByRole('button', { name: `${u.syncNow} ${FAKE_CHANNEL_TITLE}` }),
    ).toBeEnabled();

    const newest = historyPanel(page).getByRole('row').nth(1);
    await expect(newest).toContainText(FAKE_CHANNEL_TITLE);
    await expect(newest).toContainText(u.manual);
    await expect(newest).toContainText(u.done);

    const { violations } = await siteAxe(page).analyze();
    expect(violations.filter((violation) => violation.impact === 'critical')).toEqual([]);
  });

  test('a paused channel cannot be synced until resumed', async ({ page }) => {
    const session = await openAsAdmin(page, '/admin/channels');
    const row = primaryRow(page);
    const id = (await overviewOf(page, session)).channels.find(
      (channel) => channel.channel_id === FAKE_CHANNEL_ID,
    )!.id;
    try {
      await row.getByRole('button', { name: /^Pause / }).click();
      await expect(row).toContainText(u.paused);
      await expect(row.getByRole('button', { name: /^Sync now / })).toBeDisabled();
      await row.getByRole('button', { name: /^Resume / }).click();
      await expect(row).toContainText(u.active);
      await expect(row.getByRole('button', { name: /^Sync now / })).toBeEnabled();
    } finally {
      await adminCall(page.request, session, 'PUT', `/admin/channels/${id}`, { paused: false });
    }
  });

  test('saves the sync settings', async ({ page }) => {
    const session = await adminSession(page.request);
    const original = (await overviewOf(page, session)).settings;
    const minutes = original.every_minutes === 90 ? 120 : 90;
    try {
      await openAsAdmin(page, '/admin/channels');
      const form = page.getByRole('form', { name: u.settingsTitle });
      const field = form.getByLabel(u.everyMinutes);
      await expect(field).toHaveValue(String(original.every_minutes));

      // Checked before it is sent, in the server's words.
      await field.fill('2');
      await form.getByRole('button', { name: u.save }).click();
      await expect(form.getByText(channelsMessages.everyMinutesInvalid)).toBeVisible();
      await expect(field).toBeFocused();

      await field.fill(String(minutes));
      await form.getByLabel(u.publishAtPremiere).setChecked(!original.publish_at_premiere);
      await form.getByRole('button', { name: u.save }).click();
      await expect(form.getByRole('status')).toContainText(u.settingsSaved);

      const saved: SyncSettings = (await overviewOf(page, session)).settings;
      expect(saved).toEqual({
        ...original,
        every_minutes: minutes,
        publish_at_premiere: !original.publish_at_premiere,
      });
      await expect(page.getByText(`${minutes} minutes`, { exact: true })).toBeVisible();
    } finally {
      await adminCall(page.request, session, 'PUT', '/admin/channels/settings', original);
    }
  });

  test('a bad channel id, or one YouTube does not have, is refused at the field', async ({
    page,
  }) => {
    const session = await openAsAdmin(page, '/admin/channels');
    const before = (await overviewOf(page, session)).channels.length;
    const form = page.getByRole('form', { name: u.addTitle });
    const field = form.getByLabel(u.addLabel);

    await field.fill('https://www.youtube.com/@twang');
    await form.getByRole('button', { name: u.addButton }).click();
    await expect(form.getByText(channelsMessages.channelInvalid)).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toBeFocused();

    // Well formed, but the fake YouTube has no such channel.
    await field.fill('UCnoSuchChannelAnywhere0');
    await expect(field).not.toHaveAttribute('aria-invalid', 'true');
    await form.getByRole('button', { name: u.addButton }).click();
    await expect(form.getByText(channelsMessages.channelMissingOnYoutube)).toBeVisible();

    // The primary channel is synced already.
    await field.fill(`https://www.youtube.com/channel/${FAKE_CHANNEL_ID}`);
    await form.getByRole('button', { name: u.addButton }).click();
    await expect(form.getByText(channelsMessages.channelAlreadyAdded)).toBeVisible();

    expect((await overviewOf(page, session)).channels).toHaveLength(before);
  });

  test('the history pages through every run', async ({ page }) => {
    const session = await openAsAdmin(page, '/admin/channels');
    const runs = await adminCall<SyncRunPage>(
      page.request,
      session,
      'GET',
      '/admin/channels/runs?page=1',
    );
    expect(runs.status).toBe(200);
    const { total } = runs.data.pageInfo;
    await expect(historyPanel(page).getByText(new RegExp(`^${total} syncs?`))).toBeVisible();
  });
});
