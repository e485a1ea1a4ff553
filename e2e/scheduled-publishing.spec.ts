/// <reference lib="dom" />
import type { APIRequestContext } from '@playwright/test';
import { expect, test, waitForTheApp } from './fixtures.js';
import { adminEditorUiMessages } from '@shared/messages/admin-editor-ui.js';
import { adminUiMessages } from '@shared/messages/admin-ui.js';
import { publicSiteMessages } from '@shared/messages/public-site.js';
import { SCHEDULED_PUBLISH_ACTION } from '@shared/audit-actions.js';
import type { AuditEntry } from '@shared/schemas/audit.js';
import type { Video } from '@shared/schemas/catalogue.js';
import { adminCall, adminSession, openAsAdmin, type AdminSession } from './admin.js';
import { PREMIERE_VIDEO } from './youtube.js';

test.beforeEach(async ({ page }) => {
  await page.route('https://www.youtube-nocookie.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>player</title>' }),
  );
  await page.route('https://i.ytimg.com/**', (route) => route.fulfill({ status: 404 }));
});

/** The premiere, imported (Private) or found where a rerun left it, and made Private again. */
async function privatePremiere(request: APIRequestContext, session: AdminSession): Promise<Video> {
  const imported = await adminCall<Video>(request, session, 'POST', '/admin/videos', {
    id: PREMIERE_VIDEO.id,
  });
  let video = imported.data;
  if (imported.status !== 201) {
    expect(imported.status, imported.message).toBe(409);
    const found = await adminCall<{ videos: Video[] }>(
      request,
      session,
      'GET',
      `/admin/search/videos/${encodeURIComponent('premiere night')}?pageSize=100`,
    );
    video = found.data.videos.find((candidate) => candidate.youtube_id === PREMIERE_VIDEO.id)!;
  }
  const reset = await adminCall<Video>(request, session, 'PUT', '/admin/videos', {
    id: String(video.id),
    title: PREMIERE_VIDEO.title,
    description: PREMIERE_VIDEO.description,
    public_state: '0',
    publish_at: null,
  });
  expect(reset.status, reset.message).toBe(200);
  return reset.data;
}

test.describe('Scheduled publishing', () => {
  test.afterEach(async ({ request }) => {
    const session = await adminSession(request);
    const video = await privatePremiere(request, session);
    await adminCall(request, session, 'DELETE', '/admin/videos', { id: String(video.id) });
  });

  test('a Private episode given a time in the editor turns Public by itself at that time', async ({
    page,
    request,
    browser,
  }) => {
    // The field takes whole minutes: the wait is 20 to 80 s.
    test.setTimeout(180_000);
    const session = await adminSession(request);
    const video = await privatePremiere(request, session);

    await openAsAdmin(page, `/admin/editVideo/${video.id}`);
    const field = page.getByLabel(adminEditorUiMessages.publishAtLabel);
    await expect(field).toHaveAttribute('type', 'datetime-local');
    await expect(field).toHaveAccessibleDescription(/turns Public by itself/);
    // The next whole minute at least 20 s away (saving and the visitor's check fit before it),
    // as the browser writes it in its own zone.
    const { local, at } = await page.evaluate(() => {
      const next = new Date(Math.ceil((Date.now() + 20_000) / 60_000) * 60_000);
      const pad = (n: number) => String(n).padStart(2, '0');
      return {
        local: `${next.getFullYear()}-${pad(next.getMonth() + 1)}-${pad(next.getDate())}T${pad(next.getHours())}:${pad(next.getMinutes())}`,
        at: next.toISOString(),
      };
    });
    await field.fill(local);
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByRole('status')).toContainText(adminUiMessages.videoUpdated);
    await expect(page.locator('.editor-preview .admin-badge')).toHaveText(/^Private until /);
    const saved = await adminCall<{ video: Video }>(request, session, 'GET', `/videos/${video.id}`);
    expect(saved.data.video).toMatchObject({ public_state: false, publish_at: at });

    // Until its time, a visitor finds nothing there.
    const visitor = await waitForTheApp(await (await browser.newContext()).newPage());
    await visitor.goto(`/videos/${video.id}`);
    await expect(visitor.getByRole('alert')).toHaveText(publicSiteMessages.videoError);

    // Then it is public, with no one pressing anything.
    await expect
      .poll(async () => (await request.get(`/api/videos/${video.id}`)).status(), {
        timeout: 120_000,
        intervals: [1_000],
      })
      .toBe(200);
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(at));
    await visitor.goto(`/videos/${video.id}`);
    await expect(
      visitor.getByRole('heading', { level: 1, name: PREMIERE_VIDEO.title }),
    ).toBeVisible();
    await visitor.context().close();

    const audit = await adminCall<{ entries: AuditEntry[] }>(
      request,
      session,
      'GET',
      `/admin/audit?action=${encodeURIComponent(SCHEDULED_PUBLISH_ACTION)}&target=${video.id}`,
    );
    expect(audit.data.entries.map((entry) => entry.target_name)).toContain(PREMIERE_VIDEO.title);
    // The editor, opened again, shows it Public and without a time.
    await page.reload();
    await expect(page.locator('.editor-preview .admin-badge')).toHaveText('Public');
  });
});
