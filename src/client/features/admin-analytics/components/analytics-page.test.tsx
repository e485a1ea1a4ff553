import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SiteDay, SiteFigures, TopLists } from '@shared/schemas/analytics.js';
import { analyticsMessages } from '@shared/messages/analytics.js';
import { clearSession, setSession } from '@client/lib/session.js';
import { callsTo, fail } from '@client/testing/fetch-calls.js';
import { renderPage } from '@client/testing/render.js';
import { AnalyticsPage } from './analytics-page.js';

/** What the charts were handed: jsdom draws no canvas, so uPlot's place is taken by a recorder. */
const drawn = vi.hoisted(() => [] as { series: (number | null)[][] }[]);
vi.mock('uplot', () => ({
  default: class FakePlot {
    static tzDate = (date: Date) => date;
    constructor(_options: unknown, data: (number | null)[][]) {
      drawn.push({ series: data });
    }
    setSize() {}
    destroy() {}
  },
}));

beforeEach(() => {
  drawn.length = 0;
  topAnswer = () => ({ status: 200, data: topLists() });
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
});
afterEach(() => act(() => clearSession()));

const day = (date: string, views: number, overrides: Partial<SiteDay> = {}): SiteDay => ({
  day: date,
  views,
  secondsWatched: views * 360,
  hoursWatched: views / 10,
  finishes: Math.floor(views / 4),
  viewers: Math.floor(views / 2),
  newAccounts: 3,
  likes: 7,
  ...overrides,
});

function figures(): SiteFigures {
  const days = [day('2026-11-25', 100), day('2026-11-26', 300)];
  const previousDays = [day('2026-11-23', 150), day('2026-11-24', 50, { viewers: null })];
  return {
    range: { from: '2026-11-25', to: '2026-11-26', days: 2 },
    previous: { from: '2026-11-23', to: '2026-11-24', days: 2 },
    totals: {
      views: 400,
      hoursWatched: 40,
      finishes: 100,
      averageDailyViewers: 100,
      newAccounts: 6,
      likes: 14,
    },
    previousTotals: {
      views: 200,
      hoursWatched: 20,
      finishes: 50,
      averageDailyViewers: 75,
      newAccounts: 6,
      likes: 28,
    },
    days,
    previousDays,
  };
}

const served = () => ({ status: 200, data: figures() });

const figuresOf = (views: number, dailyViews: number[]) => ({
  views,
  hoursWatched: views / 10,
  finishes: views / 2,
  dailyViews,
});

function topLists(): TopLists {
  return {
    range: { from: '2026-11-25', to: '2026-11-26', days: 2 },
    episodes: [
      { id: 12, title: 'Porch Sessions', thumbnail: '', ...figuresOf(240, [100, 140]) },
      { id: 7, title: 'Fiddle Night', thumbnail: '', ...figuresOf(160, [60, 100]) },
    ],
    artists: [{ id: 3, name: 'Kitty Wells', image: '', ...figuresOf(400, [100, 300]) }],
    categories: [],
  };
}

let topAnswer: () => unknown = () => ({ status: 200, data: topLists() });

function renderAnalytics(path = '/admin/analytics', answer: () => unknown = served) {
  setSession({ id: 1, firstName: 'Ada', isAdmin: true, token: 'admin-token' });
  return renderPage(<AnalyticsPage />, {
    path,
    pattern: '/admin/analytics',
    api: { 'GET /admin/analytics/site': answer, 'GET /admin/analytics/top': () => topAnswer() },
  });
}

const asked = (fetchMock: ReturnType<typeof renderPage>['fetch']) =>
  callsTo(fetchMock, 'GET', '/admin/analytics/site').map(([url]) =>
    new URL(String(url), 'http://localhost').searchParams.toString(),
  );

const panel = (name: string) => screen.getByRole('region', { name });

describe('the analytics screen', () => {
  it('shows each total against the period before, and charts both periods day by day', async () => {
    const { fetch } = renderAnalytics();
    expect(await screen.findByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
    await screen.findByText(/Nov 25, 2026 – Nov 26, 2026 \(2 days\), compared with Nov 23, 2026/);
    expect(asked(fetch)).toEqual(['days=30']);

    expect(panel('Views')).toHaveTextContent('400+100% on the period before (200)');
    expect(panel('Likes')).toHaveTextContent('14−50% on the period before (28)');
    expect(panel('New accounts')).toHaveTextContent('6same as the period before');
    expect(panel('Unique viewers')).toHaveTextContent('100 a day, on average');

    await waitFor(() => expect(drawn).toHaveLength(6), { timeout: 3000 });
    const views = drawn[0]?.series;
    // x is the days' UTC midnights in seconds; the period before lies under the same days.
    expect(views?.[0]).toEqual([Date.UTC(2026, 10, 25) / 1000, Date.UTC(2026, 10, 26) / 1000]);
    expect(views?.slice(1)).toEqual([
      [100, 300],
      [150, 50],
    ]);
    // A day before viewers were measured is a gap, not a zero.
    expect(drawn[3]?.series[2]).toEqual([75, null]);
  });

  it('shows a chart as a table, by keyboard, and back', async () => {
    const user = userEvent.setup();
    renderAnalytics();
    const views = await screen.findByRole('region', { name: 'Views' });
    const toggle = within(views).getByRole('button', { name: 'Show as table' });
    toggle.focus();
    await user.keyboard('{Enter}');
    const rows = within(views).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'DayThis periodPeriod before',
      'Nov 25, 2026100150',
      'Nov 26, 202630050',
    ]);
    const viewers = within(panel('Unique viewers'));
    await user.click(viewers.getByRole('button', { name: 'Show as table' }));
    expect(viewers.getAllByRole('row')[2]).toHaveTextContent('Nov 26, 2026150not measured');
    await user.click(within(views).getByRole('button', { name: 'Show as chart' }));
    expect(within(views).queryByRole('table')).toBeNull();
    expect(
      within(views).getByRole('img', { name: 'Views per day, as a line chart' }),
    ).toBeVisible();
  });

  it('asks for a preset range, and keeps it in the address', async () => {
    const user = userEvent.setup();
    const { fetch, router } = renderAnalytics('/admin/analytics?days=7');
    await screen.findByRole('region', { name: 'Views' });
    expect(screen.getByRole('radio', { name: 'Last 7 days' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Last year' }));
    await waitFor(() => expect(asked(fetch)).toEqual(['days=7', 'days=365']));
    expect(router.state.location.search).toBe('?days=365');
  });

  it('asks for a custom range and shows why the server refused it', async () => {
    const user = userEvent.setup();
    let answer: () => unknown = served;
    const { fetch } = renderAnalytics('/admin/analytics', () => answer());
    await screen.findByRole('region', { name: 'Views' });
    await user.click(screen.getByRole('radio', { name: 'Custom range' }));
    // The fields start from the range on screen.
    expect(screen.getByLabelText('From')).toHaveValue('2026-11-25');
    answer = fail(400, analyticsMessages.endBeforeStart);
    topAnswer = fail(400, analyticsMessages.endBeforeStart);
    await user.clear(screen.getByLabelText('From'));
    await user.type(screen.getByLabelText('From'), '2026-11-20');
    await user.clear(screen.getByLabelText('To'));
    await user.type(screen.getByLabelText('To'), '2026-11-10');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(analyticsMessages.endBeforeStart);
    // Both reads were refused; it is said once, and nothing is logged as a fault.
    await waitFor(() => expect(callsTo(fetch, 'GET', '/admin/analytics/top')).toHaveLength(2));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.queryByRole('region', { name: 'Top episodes' })).toBeNull();
    expect(asked(fetch).at(-1)).toBe('from=2026-11-20&to=2026-11-10');
    expect(screen.getByRole('radio', { name: 'Custom range' })).toBeChecked();
  });

  it('ranks the top episodes (linked to their own figures) and artists (to their editors), and says when a list is empty', async () => {
    renderAnalytics();
    const episodes = await screen.findByRole('table', { name: 'Top episodes, most viewed first' });
    const rows = within(episodes).getAllByRole('row');
    expect(rows.slice(1).map((row) => row.textContent)).toEqual([
      '1Porch Sessions24024',
      '2Fiddle Night16016',
    ]);
    expect(within(episodes).getByRole('link', { name: 'Porch Sessions' })).toHaveAttribute(
      'href',
      '/admin/analytics/videos/12',
    );
    expect(screen.getByRole('link', { name: 'Kitty Wells' })).toHaveAttribute(
      'href',
      '/admin/editArtist/3',
    );
    expect(panel('Top categories')).toHaveTextContent('Nothing was watched in this period.');
  });

  it('says when the top lists cannot be loaded, and still shows the figures', async () => {
    vi.mocked(console.error).mockImplementationOnce(() => undefined);
    topAnswer = fail(500, 'Internal Server Error');
    renderAnalytics();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'There was an error loading the top lists.',
    );
    expect(panel('Views')).toBeVisible();
    expect(vi.mocked(console.error).mock.calls.at(-1)?.[0]).toBe(
      'There was an error loading the top lists.',
    );
    vi.mocked(console.error).mockClear();
  });

  it('says when the figures cannot be loaded', async () => {
    vi.mocked(console.error).mockImplementationOnce(() => undefined);
    renderAnalytics('/admin/analytics', fail(500, 'Internal Server Error'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'There was an error loading the analytics.',
    );
    expect(vi.mocked(console.error).mock.calls[0]?.[0]).toBe(
      'There was an error loading the analytics.',
    );
    expect(screen.queryByRole('region', { name: 'Views' })).toBeNull();
  });
});
