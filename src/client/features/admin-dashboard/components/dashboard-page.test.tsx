import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AdminDashboard } from '@shared/schemas/admin-videos.js';
import { buildArtist, buildVideo } from '@client/testing/catalogue-builders.js';
import { renderPage } from '@client/testing/render.js';
import { AdminDashboardPage } from './dashboard-page.js';
import { holdNextFetch } from '@client/testing/fetch-calls.js';
import { getSession, setSession, type Session } from '@client/lib/session.js';
import { apiMessages } from '@shared/messages/api.js';

type Api = NonNullable<NonNullable<Parameters<typeof renderPage>[1]>['api']>;

/** 30 days whose views all fell today. */
const days = (views: number) => ({
  views_30d: views,
  daily_views_30d: [...new Array<number>(29).fill(0), views],
});

const DASHBOARD: AdminDashboard = {
  episodes: [
    { ...buildVideo(7, 'Front Porch Fiddle'), like_count: 12, ...days(1_840) },
    { ...buildVideo(3, 'Honky Tonk Night'), like_count: 1, ...days(0) },
  ],
  artists: [
    { ...buildArtist(4, 'Reba Lane', { like_count: 9 }), ...days(1) },
    { ...buildArtist(2, 'Dolly Ray', { like_count: 0 }), ...days(0) },
  ],
};

const ADMIN: Session = { id: 1, firstName: 'Dolly', isAdmin: true, token: 'admin-token' };

const fail = (status: number, message: string) => () => ({ status, data: null, message });

function renderDashboard(api: Api = {}) {
  return renderPage(<AdminDashboardPage />, {
    path: '/admin/dashboard',
    routes: ['newVideo', 'newArtist', 'newAdmin'].map((name) => ({
      path: `/admin/${name}`,
      element: <p>{name} screen</p>,
    })),
    api: { 'GET /admin/dashboard': DASHBOARD, ...api },
  });
}

describe('AdminDashboardPage popular lists', () => {
  it('shows a loading view, then the ranked videos and artists linking to their editors', async () => {
    renderDashboard();
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Loading…')).toBeInTheDocument();

    const videos = within(
      (await screen.findByRole('heading', { name: 'Popular Videos' })).closest('section')!,
    );
    const videoItems = videos.getAllByRole('listitem');
    expect(videoItems).toHaveLength(2);
    expect(videoItems[0]).toHaveTextContent(
      /^1Front Porch Fiddle1,840 views in the last 30 days 12 likes$/,
    );
    expect(videoItems[1]).toHaveTextContent(
      /^2Honky Tonk Night0 views in the last 30 days 1 like$/,
    );
    expect(videos.getByRole('link', { name: 'Front Porch Fiddle' })).toHaveAttribute(
      'href',
      '/admin/editVideo/7',
    );
    expect(videoItems[0]!.querySelector('img')).toHaveAttribute('src', '/media/video/7.svg');
    expect(videos.getByRole('link', { name: 'Analytics of Front Porch Fiddle' })).toHaveAttribute(
      'href',
      '/admin/analytics/videos/7',
    );
    // The sparkline draws the days: flat, then up on the last one.
    const line = videoItems[0]!.querySelector('svg.sparkline polyline')!.getAttribute('points')!;
    const heights = line.split(' ').map((point) => Number(point.split(',')[1]));
    expect(heights).toHaveLength(30);
    expect(new Set(heights.slice(0, 29)).size).toBe(1);
    expect(heights[29]).toBeLessThan(heights[0]!);
    expect(videos.getByText('Views in the last 30 days, likes of all time.')).toBeVisible();
    expect(videos.getByRole('link', { name: 'Open Analytics' })).toHaveAttribute(
      'href',
      '/admin/analytics?days=30',
    );

    const artists = within(
      screen.getByRole('heading', { name: 'Popular Artists' }).closest('section')!,
    );
    const artistItems = artists.getAllByRole('listitem');
    expect(artistItems[0]).toHaveTextContent(/^1Reba Lane1 view in the last 30 days 9 likes$/);
    expect(artistItems[1]).toHaveTextContent(/^2Dolly Ray0 views in the last 30 days 0 likes$/);
    expect(artists.getByRole('link', { name: 'Dolly Ray' })).toHaveAttribute(
      'href',
      '/admin/editArtist/2',
    );
  });

  it('says so when a list is empty', async () => {
    renderDashboard({ 'GET /admin/dashboard': { episodes: [], artists: [] } });
    expect(await screen.findByText('No videos yet.')).toBeInTheDocument();
    expect(screen.getByText('No artists yet.')).toBeInTheDocument();
  });

  it("logs 'Error Loading Page', shows it, keeps the quick actions and can try again", async () => {
    const user = userEvent.setup();
    let calls = 0;
    vi.mocked(console.error).mockImplementationOnce(() => undefined);
    renderDashboard({
      'GET /admin/dashboard': () =>
        ++calls === 1
          ? { status: 500, data: null, message: 'boom' }
          : { status: 200, data: DASHBOARD },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Error Loading Page');
    expect(vi.mocked(console.error).mock.calls).toEqual([['Error Loading Page']]);
    vi.mocked(console.error).mockClear();
    expect(screen.getByRole('button', { name: 'Import Videos' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('link', { name: 'Reba Lane' })).toBeInTheDocument();
  });
});

describe('AdminDashboardPage quick actions', () => {
  it('links Add Video, Add Artist and Add Administrator to their screens', async () => {
    const user = userEvent.setup();
    renderDashboard();
    expect(screen.getByRole('link', { name: 'Add Video' })).toHaveAttribute(
      'href',
      '/admin/newVideo',
    );
    expect(screen.getByRole('link', { name: 'Add Artist' })).toHaveAttribute(
      'href',
      '/admin/newArtist',
    );
    await user.click(screen.getByRole('link', { name: 'Add Administrator' }));
    expect(await screen.findByText('newAdmin screen')).toBeInTheDocument();
  });

  it('imports the channel (no link), busy meanwhile, then a green banner with the counts', async () => {
    const user = userEvent.setup();
    const { fetch } = renderDashboard({
      'GET /admin/videos/import': { added: 6, skipped: 1 },
    });
    await screen.findByRole('link', { name: 'Reba Lane' });
    const release = holdNextFetch(fetch);
    await user.click(screen.getByRole('button', { name: 'Import Videos' }));

    const busy = screen.getByRole('button', { name: 'Importing Videos…' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByText('Importing videos from YouTube…')).toBeInTheDocument();
    release();

    const banner = await screen.findByText('Videos Successfully Imported');
    expect(banner.closest('.status')).toHaveClass('status--success');
    expect(banner.closest('.status')).toHaveTextContent(
      'Videos Successfully Imported (6 new videos, 1 already in the catalogue)',
    );
    const importCall = fetch.mock.calls.find(([url]) => String(url).includes('/videos/import'));
    expect(importCall?.[0]).toBe('/api/admin/videos/import');
    expect((importCall?.[1] as RequestInit).method).toBe('GET');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Import Videos' })).toHaveFocus(),
    );

    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Videos Successfully Imported')).not.toBeInTheDocument();
  });

  it('shows the red banner with the server reason when the import fails', async () => {
    const user = userEvent.setup();
    renderDashboard({
      'GET /admin/videos/import': fail(
        401,
        'Please sign in to your YouTube account, then come back and try again.',
      ),
    });
    await user.click(screen.getByRole('button', { name: 'Import Videos' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error Importing Recent Videos (Please sign in to your YouTube account, then come back and try again.)',
    );
    expect(screen.getByRole('button', { name: 'Import Videos' })).toBeEnabled();
  });

  it('shows why when the server has no YouTube key (503), and the admin stays signed in', async () => {
    const user = userEvent.setup();
    setSession(ADMIN);
    renderDashboard({ 'GET /admin/videos/import': fail(503, apiMessages.youtubeNoApiKey) });
    await user.click(screen.getByRole('button', { name: 'Import Videos' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `Error Importing Recent Videos (${apiMessages.youtubeNoApiKey})`,
    );
    expect(getSession()).toEqual(ADMIN);
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  });

  it('updates tags with an empty body and shows the green banner', async () => {
    const user = userEvent.setup();
    const { fetch } = renderDashboard({ 'PUT /tags/autotag': { added: 3 } });
    await user.click(screen.getByRole('button', { name: 'Update Tags' }));
    expect(await screen.findByText('Tags Successfully Updated')).toBeInTheDocument();
    expect(screen.getByText('Tags Successfully Updated').closest('.status')).toHaveTextContent(
      'Tags Successfully Updated (3 tags added to videos)',
    );
    const call = fetch.mock.calls.find(([url]) => String(url) === '/api/tags/autotag');
    expect((call?.[1] as RequestInit).method).toBe('PUT');
    expect((call?.[1] as RequestInit).body).toBe('{}');
  });

  it("shows 'Error Updating Tags' when auto-tagging fails; a new result replaces the banner", async () => {
    const user = userEvent.setup();
    renderDashboard({
      'PUT /tags/autotag': fail(500, 'Something went wrong.'),
      'GET /admin/videos/import': { added: 0, skipped: 6 },
    });
    await user.click(screen.getByRole('button', { name: 'Update Tags' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error Updating Tags (Something went wrong.)',
    );
    await user.click(screen.getByRole('button', { name: 'Import Videos' }));
    expect(await screen.findByText('Videos Successfully Imported')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
