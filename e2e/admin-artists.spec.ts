/// <reference lib="dom" />
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test, waitForTheApp } from './fixtures.js';
import { adminCall, adminSession, openAsAdmin } from './admin.js';
import { signInFreshUser } from './pages.js';

/** Artwork the site itself serves (src/server/modules/site/demo-media-routes.ts). */
const IMAGE = '/media/demo/artist/7.svg';

interface AdminArtist {
  id: number;
  name: string;
  featured: 0 | 1;
}

/** Letters only, so the artist's name (and its tag) matches nothing of anybody else's. */
function uniqueName(prefix: string): string {
  const letters = (Date.now() * 1000 + Math.floor(Math.random() * 1000))
    .toString(26)
    .replace(/\d/g, (digit) => 'qrstuvwxyz'[Number(digit)]!);
  return `${prefix} ${letters}`;
}

async function findArtists(request: APIRequestContext, q: string): Promise<AdminArtist[]> {
  const session = await adminSession(request);
  const { data } = await adminCall<{ artists: AdminArtist[] }>(
    request,
    session,
    'GET',
    `/admin/artists?q=${encodeURIComponent(q)}`,
  );
  return data.artists;
}

/** Deletes the artists this test made whose name contains `word`; none left is fine. */
async function deleteArtistsNamed(request: APIRequestContext, word: string) {
  const session = await adminSession(request);
  for (const artist of await findArtists(request, word)) {
    const { status } = await adminCall(request, session, 'DELETE', '/admin/artists', {
      id: artist.id,
    });
    expect([200, 404]).toContain(status);
  }
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const preview = (page: Page) => page.getByRole('img', { name: 'Image preview' });
const allArtists = (page: Page) => page.getByRole('region', { name: 'All Artists' });

async function searchTable(page: Page, q: string) {
  await allArtists(page).getByRole('searchbox', { name: 'Search artists by name' }).fill(q);
  await allArtists(page).getByRole('searchbox').press('Enter');
}

test.describe('admin artists', () => {
  test('create, find, edit and delete an artist; the public site follows', async ({
    page,
    browser,
  }) => {
    // Seven pages in two browsers and four saves: on a busy two-core CI machine it has run
    // past 30 s (each step a few hundred ms), so it gets the slow tests' time.
    test.slow();
    const name = uniqueName('Zed Fiddler');
    const word = name.split(' ')[2]!;
    try {
      // Create, featured, with an image this site serves.
      await openAsAdmin(page, '/admin/newArtist');
      await expect(page.getByRole('heading', { level: 1, name: 'New Artist' })).toBeVisible();
      await field(page, 'Image URL').fill(IMAGE);
      await expect(preview(page)).toHaveAttribute('src', IMAGE);
      await expect
        .poll(() => preview(page).evaluate((image: HTMLImageElement) => image.naturalWidth))
        .toBeGreaterThan(0);
      await field(page, 'Artist Name').fill(name);
      await field(page, 'Description').fill('Fiddle tunes from the front porch.');
      await page.getByRole('radio', { name: 'Featured', exact: true }).check();
      await page.getByRole('button', { name: 'Publish' }).click();
      await expect(page.getByRole('status')).toContainText('Artist Successfully created');
      await expect(field(page, 'Image URL')).toHaveValue('');
      await expect(field(page, 'Artist Name')).toHaveValue('');
      await expect(field(page, 'Description')).toHaveValue('');
      await expect(page.getByRole('radio', { name: 'Not Featured' })).toBeChecked();

      // In the table (server search) and among the featured portraits.
      await page.goto('/admin/artistDashboard');
      await searchTable(page, word);
      const row = allArtists(page).getByRole('row').filter({ hasText: name });
      await expect(row).toHaveCount(1);
      await expect(row.getByRole('img', { name: `Image of ${name}` })).toHaveAttribute(
        'src',
        IMAGE,
      );
      const portrait = page
        .getByRole('region', { name: 'Featured Artists' })
        .getByRole('link', { name });
      await expect(portrait).toBeVisible();
      const href = await portrait.getAttribute('href');
      const id = Number(href?.split('/').pop());
      expect(href).toBe(`/admin/editArtist/${id}`);

      // A fan sees it in the public Featured list.
      const fan = waitForTheApp(await browser.newPage());
      try {
        await signInFreshUser(fan);
        await fan.goto('/artists');
        const featured = fan.getByRole('region', { name: 'Featured' });
        await expect(featured.getByRole('link', { name })).toHaveAttribute(
          'href',
          `/artists/${id}`,
        );
      } finally {
        await fan.close();
      }

      // Edit: new name, no longer featured.
      await row.getByRole('link', { name: `Edit ${name}` }).click();
      await expect(page).toHaveURL(`/admin/editArtist/${id}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Edit Artist' })).toBeVisible();
      await expect(field(page, 'Artist Name')).toHaveValue(name);
      await expect(field(page, 'Image URL')).toHaveValue(IMAGE);
      await expect(page.getByRole('radio', { name: 'Featured', exact: true })).toBeChecked();
      const renamed = `${name} Edited`;
      await field(page, 'Artist Name').fill(renamed);
      await page.getByRole('radio', { name: 'Not Featured' }).check();
      await page.getByRole('button', { name: 'Publish' }).click();
      await expect(page.getByRole('status')).toContainText('Artist Successfully edited');
      await expect(field(page, 'Artist Name')).toHaveValue(renamed);

      const fan2 = waitForTheApp(await browser.newPage());
      try {
        await signInFreshUser(fan2);
        await fan2.goto(`/artists/${id}`);
        await expect(fan2.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
        await fan2.goto('/artists');
        await expect(fan2.getByRole('region', { name: 'Featured' })).toBeVisible();
        await expect(fan2.getByRole('link', { name: renamed })).toHaveCount(0);
      } finally {
        await fan2.close();
      }

      // Delete through the popup.
      await page.goto('/admin/artistDashboard');
      await searchTable(page, word);
      await allArtists(page)
        .getByRole('button', { name: `Delete ${renamed}` })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Confirm Artist Deletion' });
      await expect(dialog).toContainText(renamed);
      await expect(dialog).toContainText('Are you sure you want to delete this artist?');
      await expect(dialog).toContainText('This process cannot be undone');
      await dialog.getByRole('button', { name: 'Delete Artist' }).click();
      await expect(dialog.getByRole('status')).toContainText('Artist Deleted Successfully');
      const shownAt = Date.now();
      await expect(dialog).toBeHidden({ timeout: 6000 });
      expect(Date.now() - shownAt).toBeGreaterThan(2000);
      await expect(allArtists(page).getByText('No results based on search')).toBeVisible();
      expect(await findArtists(page.request, word)).toEqual([]);
    } finally {
      await deleteArtistsNamed(page.request, word);
    }
  });

  test('an image that fails to load previews as the default logo', async ({ page }) => {
    await openAsAdmin(page, '/admin/newArtist');
    await field(page, 'Image URL').fill('/media/demo/artist/missing.png');
    await expect(preview(page)).toHaveAttribute('src', '/default-logo.svg');
    await field(page, 'Image URL').fill('http://127.0.0.1:9/nothing-here.jpg');
    await expect(preview(page)).toHaveAttribute('src', '/default-logo.svg');
  });

  test("Publish with an empty name or description says 'Please fill all required fields'", async ({
    page,
  }) => {
    let posted = false;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/admin/artists'))
        posted = true;
    });
    await openAsAdmin(page, '/admin/newArtist');
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please fill all required fields');
    await expect(field(page, 'Artist Name')).toBeFocused();
    await field(page, 'Artist Name').fill('Somebody');
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please fill all required fields');
    await expect(field(page, 'Description')).toBeFocused();
    await field(page, 'Image URL').fill('javascript:alert(1)');
    await field(page, 'Description').fill('Sings.');
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(
      page.getByText('Enter an image address that starts with http://, https:// or /'),
    ).toBeVisible();
    expect(posted).toBe(false);
  });

  test('Discard goes back to an empty New Artist form', async ({ page }) => {
    await openAsAdmin(page, '/admin/newArtist');
    await field(page, 'Artist Name').fill('Half typed');
    await page.getByRole('button', { name: 'Discard' }).click();
    await expect(page).toHaveURL('/admin/newArtist');
    await expect(field(page, 'Artist Name')).toHaveValue('');
  });
});
