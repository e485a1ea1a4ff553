import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { publicSiteMessages as t } from '@shared/messages/public-site.js';
import { closeAuthModal, useAuthModal } from '@client/lib/auth-modal.js';
import { clearSession, setSession } from '@client/lib/session.js';
import { renderPage } from '@client/testing/render.js';
import { ArtistsPage } from './artists-page.js';
import { buildArtist } from '@client/testing/catalogue-builders.js';

function ModalProbe() {
  return <output data-testid="auth-modal">{useAuthModal().open ? 'open' : 'closed'}</output>;
}

const featured = [buildArtist(1, 'Wade Hollister'), buildArtist(2, 'June Pruitt')];
const signIn = () => setSession({ id: 7, firstName: 'Ann', isAdmin: false, token: 'token' });
const fail = (status: number) => () => ({ status, data: null, message: 'nope' });

function renderArtists(api: Record<string, unknown> = {}) {
  return renderPage(
    <>
      <ArtistsPage />
      <ModalProbe />
    </>,
    {
      path: '/artists',
      api: { '/featured-artists': { artists: featured }, ...api },
    },
  );
}

afterEach(() => {
  clearSession();
  closeAuthModal();
});

describe('ArtistsPage signed out', () => {
  it('says a login is needed and opens the auth modal by itself', async () => {
    const { fetch } = renderArtists();
    expect(screen.getByRole('heading', { level: 1, name: 'Artists' })).toBeInTheDocument();
    expect(screen.getByText(t.mustBeLoggedIn)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('auth-modal')).toHaveTextContent('open'));
    expect(fetch).not.toHaveBeenCalledWith('/api/featured-artists', expect.anything());
  });
});

describe('ArtistsPage signed in', () => {
  it('lists the featured artists and prompts for a search', async () => {
    signIn();
    renderArtists({
      '/config': { brand: 'Twang Test', mainSiteUrl: '/', social: {}, appStores: {} },
    });
    const list = await screen.findByRole('region', { name: 'Featured' });
    expect(within(list).getByRole('link', { name: 'Wade Hollister' })).toHaveAttribute(
      'href',
      '/artists/1',
    );
    expect(screen.getByRole('heading', { name: 'Full Catalog' })).toBeInTheDocument();
    expect(screen.getByText(t.artistsSearchPrompt)).toBeInTheDocument();
    expect(screen.getByTestId('auth-modal')).toHaveTextContent('closed');
    await waitFor(() => expect(document.title).toBe('Artists | Twang Test'));
  });

  it('keeps Search disabled under 3 trimmed characters', async () => {
    signIn();
    renderArtists();
    const input = await screen.findByRole('searchbox', { name: 'Artist name' });
    const button = screen.getByRole('button', { name: 'Search' });
    expect(button).toBeDisabled();
    await userEvent.type(input, '  ab  ');
    expect(button).toBeDisabled();
    await userEvent.clear(input);
    await userEvent.type(input, 'abc');
    expect(button).toBeEnabled();
  });

  it('searches by name and links each result to its artist page', async () => {
    signIn();
    const { fetch } = renderArtists({
      '/artists/phrase/wade%20h': { artists: [buildArtist(5, 'Wade Hollister')] },
    });
    await userEvent.type(await screen.findByRole('searchbox'), 'wade h{Enter}');
    const results = screen.getByRole('region', { name: 'Full Catalog' });
    expect(await within(results).findByRole('link', { name: 'Wade Hollister' })).toHaveAttribute(
      'href',
      '/artists/5',
    );
    expect(fetch).toHaveBeenCalledWith('/api/artists/phrase/wade%20h', expect.anything());
  });

  it("says 'No artists found.' when the search finds nobody", async () => {
    signIn();
    renderArtists({ '/artists/phrase/zzz': { artists: [] } });
    await userEvent.type(await screen.findByRole('searchbox'), 'zzz');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText(t.artistsNoneFound)).toBeInTheDocument();
  });

  it('shows the results error when the search fails', async () => {
    signIn();
    renderArtists({ '/artists/phrase/wade': fail(500) });
    await userEvent.type(await screen.findByRole('searchbox'), 'wade{Enter}');
    expect(await screen.findByText(t.artistsResultsError)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Featured' })).toBeInTheDocument();
  });

  it('has an A-Z letter bar; the chosen letter is pressed and lists its artists', async () => {
    signIn();
    const { fetch } = renderArtists({
      '/artists/letter/B': { artists: [buildArtist(9, 'Buck Cassidy')] },
    });
    const bar = await screen.findByRole('group', { name: 'Browse artists by first letter' });
    const letters = within(bar).getAllByRole('button');
    expect(letters.map((button) => button.textContent).join('')).toBe('ABCDEFGHIJKLMNOPQRSTUVWXYZ');
    const b = within(bar).getByRole('button', { name: 'B' });
    expect(b).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(b);
    expect(b).toHaveAttribute('aria-pressed', 'true');
    expect(within(bar).getByRole('button', { name: 'C' })).toHaveAttribute('aria-pressed', 'false');
    expect(await screen.findByRole('link', { name: 'Buck Cassidy' })).toHaveAttribute(
      'href',
      '/artists/9',
    );
    expect(fetch).toHaveBeenCalledWith('/api/artists/letter/B', expect.anything());
  });

  it('shows the page error when the featured list fails', async () => {
    signIn();
    renderArtists({ '/featured-artists': fail(500) });
    expect(await screen.findByText(t.artistsPageError)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Full Catalog' })).not.toBeInTheDocument();
  });
});
