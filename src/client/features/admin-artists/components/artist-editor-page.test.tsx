import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { buildArtist } from '@client/testing/catalogue-builders.js';
import {
  apiCalls,
  fail,
  holdNextFetch,
  renderArtistEditor,
  sentBody,
} from '../testing/render-artists.js';

const SAVED = buildArtist(5, 'Reba Lane', {
  description: 'Queen of the honky-tonk.',
  img_path: 'https://img.example/reba.jpg',
  image: 'https://img.example/reba.jpg',
  featured: 1,
});

const created = (init?: RequestInit) => {
  const body = JSON.parse(String(init?.body)) as { name: string };
  return { status: 201, data: buildArtist(77, body.name), message: 'Artist Successfully created' };
};

const field = (name: string) => screen.getByLabelText(name);

async function fillNew(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field('Image URL'), '/media/demo/artist/3.svg');
  await user.type(field('Artist Name'), 'Ivy Keller');
  await user.type(field('Description'), 'Fiddle on the porch.');
}

describe('New Artist', () => {
  it('offers image URL with preview, name, description, Featured / Not Featured, Discard and Publish', () => {
    renderArtistEditor('/admin/newArtist');
    expect(screen.getByRole('heading', { level: 1, name: 'New Artist' })).toBeInTheDocument();
    expect(field('Image URL')).toHaveValue('');
    expect(screen.getByRole('img', { name: 'Image preview' })).toHaveAttribute(
      'src',
      '/default-logo.svg',
    );
    expect(field('Artist Name')).toHaveValue('');
    expect(field('Description').tagName).toBe('TEXTAREA');
    const featured = screen.getByRole('radio', { name: 'Featured' });
    const notFeatured = screen.getByRole('radio', { name: 'Not Featured' });
    expect(featured).toHaveAccessibleDescription("easy to find in the user's artist page");
    expect(notFeatured).toHaveAccessibleDescription('still found through regular searches');
    // A new artist is not featured.
    expect(notFeatured).toBeChecked();
    expect(screen.getByRole('button', { name: 'Discard' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Publish' })).toBeInTheDocument();
  });

  it('previews the typed image and falls back to the default logo when it fails to load', async () => {
    const user = userEvent.setup();
    renderArtistEditor('/admin/newArtist');
    await user.type(field('Image URL'), 'https://img.example/missing.jpg');
    const preview = screen.getByRole('img', { name: 'Image preview' });
    expect(preview).toHaveAttribute('src', 'https://img.example/missing.jpg');
    fireEvent.error(preview);
    expect(preview).toHaveAttribute('src', '/default-logo.svg');
  });

  it("says 'Please fill all required fields' when the name or description is empty", async () => {
    const user = userEvent.setup();
    const { fetch } = renderArtistEditor('/admin/newArtist');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill all required fields');
    expect(field('Artist Name')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Description')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Artist Name')).toHaveFocus();

    await user.type(field('Artist Name'), 'Ivy');
    expect(field('Artist Name')).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill all required fields');
    expect(field('Description')).toHaveFocus();

    // Spaces only are empty too.
    await user.type(field('Description'), '   ');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill all required fields');
    await user.type(field('Description'), 'Sings.');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(apiCalls(fetch)).toEqual([]);
  });

  it('refuses an image address that is not http(s) or a path of this site', async () => {
    const user = userEvent.setup();
    const { fetch } = renderArtistEditor('/admin/newArtist');
    await user.type(field('Image URL'), 'javascript:alert(1)');
    await user.type(field('Artist Name'), 'Ivy');
    await user.type(field('Description'), 'Sings.');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(field('Image URL')).toHaveAccessibleDescription(
      'Enter an image address that starts with http://, https:// or /',
    );
    expect(field('Image URL')).toHaveFocus();
    expect(screen.getByRole('img', { name: 'Image preview' })).toHaveAttribute(
      'src',
      '/default-logo.svg',
    );
    expect(apiCalls(fetch)).toEqual([]);
  });

  it('creates with featured 1, shows green, and resets the form (image cleared)', async () => {
    const user = userEvent.setup();
    const { fetch } = renderArtistEditor('/admin/newArtist', { 'POST /admin/artists': created });
    await fillNew(user);
    await user.click(screen.getByRole('radio', { name: 'Featured' }));
    await user.click(screen.getByRole('button', { name: 'Publish' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Artist Successfully created');
    expect(sentBody(fetch, 'POST', '/admin/artists')).toEqual({
      name: 'Ivy Keller',
      description: 'Fiddle on the porch.',
      img_path: '/media/demo/artist/3.svg',
      featured: 1,
    });
    expect(field('Image URL')).toHaveValue('');
    expect(field('Artist Name')).toHaveValue('');
    expect(field('Description')).toHaveValue('');
    expect(screen.getByRole('radio', { name: 'Not Featured' })).toBeChecked();
    expect(screen.getByRole('img', { name: 'Image preview' })).toHaveAttribute(
      'src',
      '/default-logo.svg',
    );

    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it("shows 'Error creating new artist' with the server reason and keeps the values", async () => {
    const user = userEvent.setup();
    renderArtistEditor('/admin/newArtist', {
      'POST /admin/artists': fail(409, 'An artist with this name already exists'),
    });
    await fillNew(user);
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error creating new artist (An artist with this name already exists)',
    );
    expect(field('Artist Name')).toHaveValue('Ivy Keller');
  });

  it('keeps the focus on Publish while it publishes, and ignores a second press', async () => {
    const user = userEvent.setup();
    const { fetch } = renderArtistEditor('/admin/newArtist', { 'POST /admin/artists': created });
    await fillNew(user);
    const release = holdNextFetch(fetch);
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    const publishing = screen.getByRole('button', { name: 'Publishing…' });
    expect(publishing).toHaveAttribute('aria-disabled', 'true');
    expect(publishing).toHaveFocus();
    await user.keyboard('{Enter}');
    release();
    expect(await screen.findByText('Artist Successfully created')).toBeInTheDocument();
    expect(fetch.mock.calls.filter(([url]) => url === '/api/admin/artists')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Publish' })).toHaveFocus();
  });

  it('Discard goes to /admin/newArtist with a fresh form', async () => {
    const user = userEvent.setup();
    const { router } = renderArtistEditor('/admin/newArtist');
    await user.type(field('Artist Name'), 'Half typed');
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    expect(router.state.location.pathname).toBe('/admin/newArtist');
    await waitFor(() => expect(field('Artist Name')).toHaveValue(''));
  });
});

describe('Edit Artist', () => {
  it('loads the artist and fills the form', async () => {
    renderArtistEditor('/admin/editArtist/5', {
      'GET /artists/5': { artist: SAVED, videos: [], tagid: 9 },
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Edit Artist' })).toBeInTheDocument();
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    expect(await screen.findByLabelText('Artist Name')).toHaveValue('Reba Lane');
    expect(field('Image URL')).toHaveValue('https://img.example/reba.jpg');
    expect(field('Description')).toHaveValue('Queen of the honky-tonk.');
    expect(screen.getByRole('radio', { name: 'Featured' })).toBeChecked();
    expect(screen.getByRole('link', { name: 'View on Site' })).toHaveAttribute(
      'href',
      '/artists/5',
    );
  });

  it('saves with PUT {id, ...}, shows green and shows the saved artist', async () => {
    const user = userEvent.setup();
    const { fetch } = renderArtistEditor('/admin/editArtist/5', {
      'GET /artists/5': { artist: SAVED, videos: [], tagid: 9 },
      'PUT /admin/artists': (init?: RequestInit) => {
        const body = JSON.parse(String(init?.body)) as { name: string };
        return {
          status: 200,
          data: { ...SAVED, name: body.name, featured: 0 },
          message: 'Artist Successfully edited',
        };
      },
    });
    const name = await screen.findByLabelText('Artist Name');
    await user.clear(name);
    await user.type(name, '  Reba Lane II ');
    await user.click(screen.getByRole('radio', { name: 'Not Featured' }));
    await user.click(screen.getByRole('button', { name: 'Publish' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Artist Successfully edited');
    expect(sentBody(fetch, 'PUT', '/admin/artists')).toEqual({
      id: 5,
      name: 'Reba Lane II',
      description: 'Queen of the honky-tonk.',
      img_path: 'https://img.example/reba.jpg',
      featured: 0,
    });
    expect(field('Artist Name')).toHaveValue('Reba Lane II');
    expect(screen.getByRole('radio', { name: 'Not Featured' })).toBeChecked();
  });

  it("shows 'Error editing artist' when the save fails", async () => {
    const user = userEvent.setup();
    renderArtistEditor('/admin/editArtist/5', {
      'GET /artists/5': { artist: SAVED, videos: [], tagid: 9 },
      'PUT /admin/artists': fail(409, 'An artist with this name already exists'),
    });
    await screen.findByLabelText('Artist Name');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error editing artist (An artist with this name already exists)',
    );
  });

  it('logs and shows an error when the artist cannot be loaded', async () => {
    vi.mocked(console.error).mockImplementationOnce(() => undefined);
    renderArtistEditor('/admin/editArtist/5', { 'GET /artists/5': fail(404, 'Artist not found.') });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'There was an error loading this artist.',
    );
    expect(vi.mocked(console.error)).toHaveBeenCalledWith(
      'There was an error loading this artist.',
      'Artist not found.',
    );
    vi.mocked(console.error).mockClear();
    expect(screen.queryByRole('button', { name: 'Publish' })).not.toBeInTheDocument();
  });

  it('shows the error without asking the server when the id is not a number', () => {
    const { fetch } = renderArtistEditor('/admin/editArtist/abc');
    expect(screen.getByRole('alert')).toHaveTextContent('There was an error loading this artist.');
    expect(apiCalls(fetch)).toEqual([]);
  });

  it('Discard leaves the edit screen for an empty New Artist form', async () => {
    const user = userEvent.setup();
    const { router } = renderArtistEditor('/admin/editArtist/5', {
      'GET /artists/5': { artist: SAVED, videos: [], tagid: 9 },
    });
    await screen.findByLabelText('Artist Name');
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    expect(router.state.location.pathname).toBe('/admin/newArtist');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'New Artist' }),
    ).toBeInTheDocument();
    const form = within(screen.getByRole('region', { name: 'Artist Details' }));
    expect(form.getByLabelText('Artist Name')).toHaveValue('');
  });
});
