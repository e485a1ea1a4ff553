import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiMessages } from '@shared/messages/api.js';
import type { EpisodeFigures } from '@shared/schemas/analytics.js';
import { clearSession, setSession } from '@client/lib/session.js';
import { callsTo, fail } from '@client/testing/fetch-calls.js';
import { renderPage } from '@client/testing/render.js';
import { EpisodeAnalyticsPage } from './episode-analytics-page.js';

// jsdom draws no canvas: uPlot's place is taken by a stand-in that draws nothing.
vi.mock('uplot', () => ({
  default: class FakePlot {
    static tzDate = (date: Date) => date;
    setSize() {}
    destroy() {}
  },
}));

beforeEach(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
});
afterEach(() => act(() => clearSession()));

function figures(): EpisodeFigures {
  return {
    video: {
      id: 12,
      title: 'Porch Sessions',
      thumbnail: '',
      publishedAt: '2026-11-25T17:00:00.000Z',
      isPublic: false,
    },
    range: { from: '2026-11-25', to: '2026-11-26', days: 2 },
    totals: { views: 1_250, hoursWatched: 12.5, finishes: 40, likes: 3, averageShareWatched: 0.62 },
    days: {
      day: ['2026-11-25', '2026-11-26'],
      views: [250, 1_000],
      hoursWatched: [2.5, 10],
      finishes: [8, 32],
      likes: [1, 2],
    },
    retention: {
      viewers: 4,
      buckets: [0, 10, 20, 30, 40, 50, 60, 70, 80, 90].map((from, index) => ({
        from,
        reached: index < 5 ? 4 - Math.floor(index / 2) : 1,
        share: (index < 5 ? 4 - Math.floor(index / 2) : 1) / 4,
      })),
    },
  };
}

function renderEpisode(path: string, answer: () => unknown) {
  setSession({ id: 1, firstName: 'Ada', isAdmin: true, token: 'admin-token' });
  return renderPage(<EpisodeAnalyticsPage />, {
    path,
    pattern: '/admin/analytics/videos/:id',
    api: { 'GET /admin/analytics/videos/12': answer },
  });
}

describe("an episode's analytics", () => {
  it('shows its totals since publication, its days and where fans stop', async () => {
    const user = userEvent.setup();
    const { fetch, router } = renderEpisode('/admin/analytics/videos/12', () => ({
      status: 200,
      data: figures(),
    }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Porch Sessions' })).toBeVisible();
    expect(screen.getByText(/Published Nov 25, 2026 \(private\)/)).toBeVisible();
    // Nothing asked: the server starts from the publication day.
    expect(callsTo(fetch, 'GET', '/admin/analytics/videos/12').map(([url]) => String(url))).toEqual(
      ['/api/admin/analytics/videos/12'],
    );
    expect(screen.getByRole('radio', { name: 'Since published' })).toBeChecked();
    const totals = screen.getAllByRole('definition').map((item) => item.textContent);
    expect(totals).toEqual(['1,250', '12.5', '40', '3', '62%']);

    const retention = screen.getByRole('table', {
      name: 'Share of fans who got at least this far into the episode',
    });
    const rows = within(retention).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('0%4 100%');
    expect(rows[3]).toHaveTextContent('20%3 75%');
    expect(screen.getByText('4 signed-in fans have a saved position.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Edit the video' })).toHaveAttribute(
      'href',
      '/admin/editVideo/12',
    );

    await user.click(screen.getByRole('radio', { name: 'Last 90 days' }));
    await waitFor(() => expect(router.state.location.search).toBe('?days=90'));
    const views = screen.getByRole('region', { name: 'Views' });
    await user.click(within(views).getByRole('button', { name: 'Show as table' }));
    expect(
      within(views)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['DayThis period', 'Nov 25, 2026250', 'Nov 26, 20261,000']);
  });

  it('says when no video has the id, without logging a fault', async () => {
    renderEpisode('/admin/analytics/videos/12', fail(404, apiMessages.videoNotFound));
    expect(await screen.findByRole('alert')).toHaveTextContent(apiMessages.videoNotFound);
    expect(screen.queryByRole('button', { name: 'Daily figures CSV' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to Analytics' })).toHaveAttribute(
      'href',
      '/admin/analytics',
    );
  });
});
