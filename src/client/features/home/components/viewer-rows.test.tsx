import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { HomeData } from '@shared/schemas/public-catalogue.js';
import { clearSession, setSession } from '@client/lib/session.js';
import { buildVideo } from '@client/testing/catalogue-builders.js';
import { callsTo } from '@client/testing/fetch-calls.js';
import { renderPage } from '@client/testing/render.js';
import { HomePage } from './home-page.js';
import { testSiteConfig } from '@client/testing/site-config.js';

const home: HomeData = {
  featured_video: buildVideo(500, 'The Featured One'),
  categories: [{ id: 1, title: 'Live Performances', videos: [buildVideo(1, 'Row Video')] }],
};

const config = testSiteConfig();

const resumed = (id: number, title: string, position: number) => ({
  ...buildVideo(id, title),
  progress: { position, duration: 600, updated_at: '2026-11-27T10:00:00.000Z' },
});

const signIn = () => setSession({ id: 77, firstName: 'June', isAdmin: false, token: 'tok' });

afterEach(() => clearSession());

describe("the home page's rows of a fan's own", () => {
  it('shows Continue Watching right after the featured video, with progress, and removes one', async () => {
    signIn();
    const { fetch } = renderPage(<HomePage />, {
      api: {
        '/config': config,
        '/home': home,
        '/users/77/continue-watching': [resumed(7, 'Half Way', 300), resumed(8, 'Just Begun', 60)],
        '/users/77/list': { videos: [], pageInfo: { total: 0, page: 1, pageSize: 12 } },
        '/users/77/list/ids': [],
        'DELETE /users/77/continue-watching/7': { status: 200, data: null },
      },
    });
    const row = await screen.findByRole('region', { name: 'Continue Watching' });
    // Right after the featured video, before the layout's rows.
    const live = screen.getByRole('region', { name: 'Live Performances' });
    expect(row.compareDocumentPosition(live) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const featured = screen.getByRole('region', { name: 'The Featured One' });
    expect(featured.compareDocumentPosition(row) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const items = within(row).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole('progressbar', { name: '50% watched' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
    await userEvent.click(
      within(items[0]!).getByRole('button', { name: 'Remove from Continue Watching: Half Way' }),
    );
    await waitFor(() => expect(within(row).getAllByRole('listitem')).toHaveLength(1));
    // The focus goes on to the next one's button, not to the page's start.
    await waitFor(() =>
      expect(
        within(row).getByRole('button', { name: 'Remove from Continue Watching: Just Begun' }),
      ).toHaveFocus(),
    );
    expect(callsTo(fetch, 'DELETE', '/users/77/continue-watching/7')).toHaveLength(1);
    // Nothing in My List: no row for it.
    expect(screen.queryByRole('region', { name: 'My List' })).not.toBeInTheDocument();
  });

  it('shows My List, and a toggle on every card marked for the videos in it', async () => {
    signIn();
    const { fetch } = renderPage(<HomePage />, {
      api: {
        '/config': config,
        '/home': home,
        '/users/77/continue-watching': [],
        '/users/77/list': {
          videos: [buildVideo(1, 'Row Video')],
          pageInfo: { total: 1, page: 1, pageSize: 12 },
        },
        '/users/77/list/ids': [1],
        'DELETE /users/77/list/1': { status: 200, data: { videoId: 1, inList: false } },
      },
    });
    const row = await screen.findByRole('region', { name: 'My List' });
    expect(within(row).getByRole('link', { name: /^Row Video/ })).toHaveAttribute(
      'href',
      '/videos/1',
    );
    expect(screen.queryByRole('region', { name: 'Continue Watching' })).not.toBeInTheDocument();
    const live = screen.getByRole('region', { name: 'Live Performances' });
    const toggle = within(live).getByRole('button', { name: 'Add Row Video to My List' });
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-pressed', 'false'));
    expect(callsTo(fetch, 'DELETE', '/users/77/list/1')).toHaveLength(1);
  });

  it('asks nothing and shows no such rows nor toggles for a visitor', async () => {
    const { fetch } = renderPage(<HomePage />, { api: { '/config': config, '/home': home } });
    await screen.findByRole('region', { name: 'Live Performances' });
    expect(screen.queryByRole('region', { name: 'Continue Watching' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /My List/ })).not.toBeInTheDocument();
    const asked = fetch.mock.calls.map(([url]) => String(url));
    expect(asked.filter((url) => url.includes('/users/'))).toEqual([]);
  });

  it('says so in the row when Continue Watching cannot be read', async () => {
    signIn();
    renderPage(<HomePage />, {
      api: {
        '/config': config,
        '/home': home,
        '/users/77/continue-watching': () => ({ status: 500, data: null, message: 'boom' }),
      },
    });
    const row = await screen.findByRole('region', { name: 'Continue Watching' });
    expect(row).toHaveTextContent('Continue Watching could not be loaded. Please try again later.');
  });
});
