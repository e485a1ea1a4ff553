import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { publicSiteMessages as t } from '../../../../shared/messages/public-site.js';
import { renderPage } from '../../../testing/render.js';
import { SearchPage } from './search-page.js';
import { buildArtist, buildVideo } from '../../../testing/catalogue-builders.js';

function renderSearch(path: string, api: Record<string, unknown>) {
  return renderPage(<SearchPage />, { path, pattern: '/search/:query', api });
}

describe('SearchPage', () => {
  it('shows the count, the Artists and the Videos sections', async () => {
    renderSearch('/search/wade', {
      '/search/wade': {
        artists: [buildArtist(1, 'Wade Hollister')],
        videos: [buildVideo(5, 'Wade Hollister – Long Porch Light'), buildVideo(6, 'Gravel Boots')],
        total: 3,
      },
    });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Search results for "wade"' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('3 results')).toBeInTheDocument();
    const artists = screen.getByRole('region', { name: 'Artists' });
    expect(within(artists).getByRole('link', { name: 'Wade Hollister' })).toHaveAttribute(
      'href',
      '/artists/1',
    );
    const videos = screen.getByRole('region', { name: 'Videos' });
    expect(within(videos).getByRole('link', { name: 'Gravel Boots' })).toHaveAttribute(
      'href',
      '/videos/6',
    );
    await waitFor(() => expect(document.title).toBe('Search results for "wade" | Twang'));
  });

  it('says so when nothing matches, in both sections', async () => {
    renderSearch('/search/zzz', { '/search/zzz': { artists: [], videos: [], total: 0 } });
    expect(await screen.findByText('0 results')).toBeInTheDocument();
    expect(screen.getByText(t.searchNoArtists)).toBeInTheDocument();
    expect(screen.getByText(t.searchNoVideos)).toBeInTheDocument();
  });

  it("says '1 result' for one match", async () => {
    renderSearch('/search/june', {
      '/search/june': { artists: [buildArtist(2, 'June Pruitt')], videos: [], total: 1 },
    });
    expect(await screen.findByText('1 result')).toBeInTheDocument();
  });

  it('encodes the term as one path segment', async () => {
    const { fetch } = renderSearch('/search/AC%2FDC%3F', {
      '/search/AC%2FDC%3F': { artists: [], videos: [], total: 0 },
    });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Search results for "AC/DC?"' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('0 results')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith('/api/search/AC%2FDC%3F', expect.anything());
  });

  it('shows the error text when the search fails', async () => {
    renderSearch('/search/wade', {
      '/search/wade': () => ({ status: 500, data: null, message: 'Server error' }),
    });
    expect(await screen.findByText(t.searchError)).toBeInTheDocument();
  });
});
