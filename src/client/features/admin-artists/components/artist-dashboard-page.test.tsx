import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildArtist } from '@client/testing/catalogue-builders.js';
import {
  artistsPage,
  calledUrls,
  DOLLY,
  fail,
  REBA,
  renderArtistDashboard,
  sentBody,
} from '../testing/render-artists.js';

afterEach(() => vi.useRealTimers());

const table = async () => within(await screen.findByRole('table'));

describe('Featured Artists', () => {
  it('shows a portrait per featured artist, linking to its editor', async () => {
    renderArtistDashboard();
    const panel = within(screen.getByRole('region', { name: 'Featured Artists' }));
    const link = await panel.findByRole('link', { name: 'Reba Lane' });
    expect(link).toHaveAttribute('href', '/admin/editArtist/4');
    expect(link.querySelector('img')).toHaveAttribute('src', '/media/artist/4.svg');
  });

  it('says when no artist is featured', async () => {
    renderArtistDashboard({ 'GET /featured-artists': { artists: [] } });
    expect(await screen.findByText(/No featured artists yet/)).toBeInTheDocument();
  });

  it('logs and shows a short error, and the table still works', async () => {
    vi.mocked(console.error).mockImplementationOnce(() => undefined);
    renderArtistDashboard({ 'GET /featured-artists': fail(500, 'boom') });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'There was an error loading the featured artists.',
    );
    expect(vi.mocked(console.error)).toHaveBeenCalledWith(
      'There was an error loading the featured artists.',
      'boom',
    );
    vi.mocked(console.error).mockClear();
    expect((await table()).getByText('Dolly Ray')).toBeInTheDocument();
  });
});

describe('All Artists table', () => {
  it('shows loading, then Name, Current Image, Likes and Actions per artist', async () => {
    const { fetch } = renderArtistDashboard();
    const panel = within(screen.getByRole('region', { name: 'All Artists' }));
    expect(panel.getByText('Loading…')).toBeInTheDocument();
    const rows = within(await panel.findByRole('table')).getAllByRole('row');
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'Current Image', 'Likes', 'Actions']);
    const reba = within(rows[2]!);
    expect(reba.getByRole('rowheader')).toHaveTextContent('Reba Lane');
    expect(reba.getByRole('img', { name: 'Image of Reba Lane' })).toHaveAttribute(
      'src',
      '/media/artist/4.svg',
    );
    expect(reba.getByText('9')).toBeInTheDocument();
    expect(reba.getByRole('link', { name: 'Edit Reba Lane' })).toHaveAttribute(
      'href',
      '/admin/editArtist/4',
    );
    expect(reba.getByRole('button', { name: 'Delete Reba Lane' })).toBeInTheDocument();
    expect(panel.getByText('2 artists')).toBeInTheDocument();
    expect(panel.getByRole('link', { name: 'Add Artist' })).toHaveAttribute(
      'href',
      '/admin/newArtist',
    );
    // An empty query lists every artist, first page.
    expect(calledUrls(fetch, 'GET', '/admin/artists')).toEqual([
      '/api/admin/artists?page=1&pageSize=25',
    ]);
  });

  it('searches on the server with Enter and with the Search button', async () => {
    const user = userEvent.setup();
    const { fetch } = renderArtistDashboard({
      'GET /admin/artists': () => ({ status: 200, data: artistsPage([REBA]) }),
    });
    await table();
    await user.type(
      screen.getByRole('searchbox', { name: 'Search artists by name' }),
      'reb{Enter}',
    );
    await waitFor(() =>
      expect(calledUrls(fetch, 'GET', '/admin/artists')).toContain(
        '/api/admin/artists?page=1&pageSize=25&q=reb',
      ),
    );
    expect(await screen.findByText('1 artist matching “reb”')).toBeInTheDocument();

    await user.clear(screen.getByRole('searchbox'));
    await user.type(screen.getByRole('searchbox'), 'Dolly');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(calledUrls(fetch, 'GET', '/admin/artists')).toContain(
        '/api/admin/artists?page=1&pageSize=25&q=Dolly',
      ),
    );
  });

  it("says 'No results based on search' when nothing matches", async () => {
    renderArtistDashboard({ 'GET /admin/artists': artistsPage([]) }, '/admin/artistDashboard?q=zz');
    expect(await screen.findByText('No results based on search')).toBeInTheDocument();
    expect(screen.getByRole('searchbox')).toHaveValue('zz');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('pages through the results', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 25 }, (_, index) =>
      buildArtist(index + 10, `Singer ${index}`),
    );
    const { fetch } = renderArtistDashboard({
      'GET /admin/artists': artistsPage(many, { total: 30 }),
    });
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.getByText('1–25 of 30 artists')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    expect(calledUrls(fetch, 'GET', '/admin/artists')).toContain(
      '/api/admin/artists?page=2&pageSize=25',
    );
  });

  it('logs and shows a short error when the list fails; featured still shows', async () => {
    vi.mocked(console.error).mockImplementationOnce(() => undefined);
    renderArtistDashboard({ 'GET /admin/artists': fail(500, 'boom') });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'There was an error loading the artists.',
    );
    expect(vi.mocked(console.error)).toHaveBeenCalledWith(
      'There was an error loading the artists.',
      'boom',
    );
    vi.mocked(console.error).mockClear();
    expect(screen.getByRole('link', { name: 'Reba Lane' })).toBeInTheDocument();
  });
});

describe('Confirm Artist Deletion', () => {
  it('deletes with the id as a string, shows green, closes after 3 s and refreshes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    let deleted = false;
    const { fetch } = renderArtistDashboard({
      'GET /admin/artists': () => ({
        status: 200,
        data: artistsPage(deleted ? [DOLLY] : [DOLLY, REBA]),
      }),
      'DELETE /admin/artists': () => {
        deleted = true;
        return { status: 200, data: null, message: 'Artist Deleted Successfully' };
      },
    });
    await user.click((await table()).getByRole('button', { name: 'Delete Reba Lane' }));

    const dialog = within(screen.getByRole('dialog', { name: 'Confirm Artist Deletion' }));
    expect(dialog.getByText('Reba Lane')).toBeInTheDocument();
    expect(dialog.getByText('Are you sure you want to delete this artist?')).toBeInTheDocument();
    expect(dialog.getByText('This process cannot be undone')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Delete Artist' }));

    expect(await dialog.findByText('Artist Deleted Successfully')).toBeInTheDocument();
    expect(sentBody(fetch, 'DELETE', '/admin/artists')).toEqual({ id: '4' });
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(3000));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByText('Reba Lane', { selector: 'th' })).toBeNull());
    expect(screen.getByRole('searchbox')).toHaveFocus();
  });

  it("shows 'Error deleting artist' with the reason, and keeps the row", async () => {
    const user = userEvent.setup();
    renderArtistDashboard({ 'DELETE /admin/artists': fail(404, 'Artist not found.') });
    await user.click((await table()).getByRole('button', { name: 'Delete Reba Lane' }));
    const dialog = within(screen.getByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: 'Delete Artist' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'Error deleting artist (Artist not found.)',
    );
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect((await table()).getByText('Reba Lane')).toBeInTheDocument();
  });
});
