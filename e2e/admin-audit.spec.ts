import { expect, test } from './fixtures.js';
import { adminCall, E2E_ADMIN, openAsAdmin } from './admin.js';
import { pickCatalogueIds } from './pages.js';

interface VideoRead {
  id: number;
  title: string;
  tags: { id: number; name: string }[];
}

test.describe('audit log', () => {
  test('shows a change just made, finds it by action and item, and opens its editor', async ({
    page,
  }) => {
    const session = await openAsAdmin(page, '/admin/audit');
    const name = `Audited Artist ${Date.now()}`;
    const created = await adminCall<{ id: number }>(
      page.request,
      session,
      'POST',
      '/admin/artists',
      {
        name,
        description: 'Made to be found in the log.',
        img_path: '',
        featured: 0,
      },
    );
    expect(created.status).toBe(201);
    const id = created.data.id;

    await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
    await page.getByLabel('Action', { exact: true }).selectOption({ label: 'Added an artist' });
    await page.getByLabel('Item id').fill(String(id));
    await page.getByLabel('Item id').press('Enter');

    const rows = page.getByRole('region', { name: 'Administrator actions' }).getByRole('row');
    // The header row and the one action.
    await expect(rows).toHaveCount(2);
    const row = rows.nth(1);
    await expect(row).toContainText('Added an artist');
    await expect(row).toContainText(E2E_ADMIN.email);
    await expect(row).toContainText(`Artist ${name}`);
    await expect(page.getByText('1 action', { exact: true })).toBeVisible();

    await row.getByRole('link', { name }).click();
    await expect(page).toHaveURL(`/admin/editArtist/${id}`);
    await expect(page.getByLabel('Artist Name')).toHaveValue(name);
  });

  test('names a tag change by the video and the tag, in words', async ({ page }) => {
    const session = await openAsAdmin(page, '/admin/dashboard');
    // A video of a home row carries that row's tag.
    const { videoId, categoryId } = await pickCatalogueIds(page.request);
    const read = await adminCall<{ video: VideoRead }>(
      page.request,
      session,
      'GET',
      `/videos/${videoId}`,
    );
    const { video } = read.data;
    const tag = video.tags.find((each) => each.id === categoryId)!;
    // Off and on again: the catalogue ends as it was.
    const link = { epid: video.id, tagid: [tag.id] };
    expect((await adminCall(page.request, session, 'DELETE', '/tags', link)).status).toBe(200);
    expect((await adminCall(page.request, session, 'PUT', '/tags', link)).status).toBe(200);

    await page.goto('/admin/audit');
    await page.getByLabel('Item id').fill(String(video.id));
    await page.getByLabel('Item id').press('Enter');
    const rows = page.getByRole('region', { name: 'Administrator actions' }).getByRole('row');
    const tagged = rows.filter({ hasText: 'Tagged a video' }).first();
    await expect(tagged).toContainText(`Video ${video.title}`);
    await expect(tagged).toContainText(`Tags: ${tag.name}`);
    await expect(rows.filter({ hasText: 'Untagged a video' }).first()).toContainText(
      `Tags: ${tag.name}`,
    );
    await expect(page.getByText('/api/tags')).toHaveCount(0);
    await expect(page.getByText('category')).toHaveCount(0);
  });
});
