import { expect, test } from './fixtures.js';
import { adminCall, E2E_ADMIN, openAsAdmin } from './admin.js';

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
    await expect(row).toContainText('description, featured, img_path, name');
    await expect(page.getByText('1 action', { exact: true })).toBeVisible();

    await row.getByRole('link', { name: `Open item ${id}` }).click();
    await expect(page).toHaveURL(`/admin/editArtist/${id}`);
    await expect(page.getByLabel('Artist Name')).toHaveValue(name);
  });
});
