import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { publicSiteMessages as t } from '@shared/messages/public-site.js';
import { renderPage } from '@client/testing/render.js';
import { SearchPage } from './search-page.js';
import { buildArtist, buildVideo, cardName } from '@client/testing/catalogue-builders.js';

const manyVideos = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => buildVideo(from + i, `Song ${from + i}`));

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
    expect(within(videos).getByRole('link', { name: cardName('Gravel Boots') })).toHaveAttribute(
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

  it('loads 40 more videos with Load more while more matches exist, the artists once', async () => {
    const page = (n: number, videos: ReturnType<typeof manyVideos>) => ({
      status: 200,
      data: {
        artists: [buildArtist(1, 'Song Sparrow')],
        videos,
        total: 42,
        artistTotal: 1,
        videoTotal: 41,
        page: n,
        pageSize: 40,
      },
    });
    let asked = 0;
    const { fetch, router } = renderSearch('/search/song', {
      '/search/song': () => {
        asked += 1;
        return asked === 1 ? page(1, manyVideos(1, 40)) : page(2, manyVideos(41, 1));
      },
    });
    expect(await screen.findByText('42 results')).toBeInTheDocument();
    const videos = screen.getByRole('region', { name: 'Videos' });
    // Counted without names (naming 40 card links by their content is slow in jsdom), less the
    // link to the next page.
    expect(within(videos).getAllByRole('link')).toHaveLength(41);
    expect(fetch).toHaveBeenCalledWith('/api/search/song', expect.anything());
    // A link to the next page, for a browser without JavaScript; the app loads it in place.
    const more = screen.getByRole('link', { name: 'Load more' });
    expect(more).toHaveAttribute('href', '/search/song?page=2');
    await userEvent.click(more);
    expect(await within(videos).findByText('Song 41')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith('/api/search/song?page=2', expect.anything());
    expect(router.state.location.search).toBe('');
    expect(screen.queryByRole('link', { name: 'Load more' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Song Sparrow' })).toHaveLength(1);
  });

  it('starts at the page its address asks for (?page=N), with links to the pages around it', async () => {
    const page = (n: number) => ({
      artists: [],
      videos: manyVideos((n - 1) * 40 + 1, 40),
      total: 200,
      artistTotal: 0,
      videoTotal: 200,
      page: n,
      pageSize: 40,
    });
    const { fetch, router } = renderPage(<SearchPage />, {
      path: '/search/song?page=2',
      pattern: '/search/:query',
      api: {
        '/search/song': () => {
          // The fake answers by path; the page asked for is in the call's query.
          const asked = String(vi.mocked(globalThis.fetch).mock.calls.at(-1)?.[0]);
          return { status: 200, data: page(Number(/page=(\d+)/.exec(asked)?.[1] ?? 1)) };
        },
      },
    });
    const videos = await screen.findByRole('region', { name: 'Videos' });
    expect(
      await within(videos).findByRole('link', { name: cardName('Song 41') }),
    ).toBeInTheDocument();
    expect(
      within(videos).queryByRole('link', { name: cardName('Song 40') }),
    ).not.toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith('/api/search/song?page=2', expect.anything());
    expect(within(videos).getByRole('link', { name: 'Previous results' })).toHaveAttribute(
      'href',
      '/search/song',
    );
    await userEvent.click(within(videos).getByRole('link', { name: 'Load more' }));
    expect(
      await within(videos).findByRole('link', { name: cardName('Song 81') }),
    ).toBeInTheDocument();
    expect(within(videos).getByRole('link', { name: 'Load more' })).toHaveAttribute(
      'href',
      '/search/song?page=4',
    );
    expect(router.state.location.search).toBe('?page=2');
  });

  it('offers no Load more when every match is shown', async () => {
    renderSearch('/search/wade', {
      '/search/wade': {
        artists: [],
        videos: manyVideos(1, 3),
        total: 3,
        artistTotal: 0,
        videoTotal: 3,
        page: 1,
        pageSize: 40,
      },
    });
    expect(await screen.findByText('3 results')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('shows the error text when the search fails', async () => {
    renderSearch('/search/wade', {
      '/search/wade': () => ({ status: 500, data: null, message: 'Server error' }),
    });
    expect(await screen.findByText(t.searchError)).toBeInTheDocument();
  });
});
