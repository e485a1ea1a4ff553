import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { channelsMessages } from '@shared/messages/channels.js';
import type { Channel, ChannelsOverview, SyncRun } from '@shared/schemas/channels.js';
import { clearSession, setSession } from '@client/lib/session.js';
import { callsTo, fail, holdNextFetch, sentBody } from '@client/testing/fetch-calls.js';
import { renderPage } from '@client/testing/render.js';
import { SYNC_RUNS_PAGE_SIZE } from '../api/channels.js';
import { ChannelsPage } from './channels-page.js';

afterEach(() => act(() => clearSession()));

/** A description that starts with `text` (the field's hint follows its error). */
const startingWith = (text: string) =>
  new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

const PRIMARY_ID = 'UCfakeTwangChannel00001';

function channel(id: number, overrides: Partial<Channel> = {}): Channel {
  return {
    id,
    channel_id: id === 1 ? PRIMARY_ID : `UCotherChannel0000000${String(id).padStart(2, '0')}`,
    title: id === 1 ? 'Twang TV' : `Channel ${id}`,
    is_primary: id === 1,
    paused: false,
    push: false,
    push_state: 'off',
    push_lease_until: null,
    last_synced_at: '2026-11-27T10:00:00.000Z',
    failures: 0,
    last_failure: null,
    last_error: null,
    retry_at: null,
    created_at: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

function run(id: number, overrides: Partial<SyncRun> = {}): SyncRun {
  return {
    id,
    channel_id: PRIMARY_ID,
    channel_title: 'Twang TV',
    trigger: 'schedule',
    status: 'done',
    started_at: '2026-11-27T10:00:00.000Z',
    finished_at: '2026-11-27T10:00:01.200Z',
    duration_ms: 1200,
    found: 6,
    imported: 2,
    skipped: 4,
    errors: 0,
    error: null,
    units: 3,
    ...overrides,
  };
}

function overview(overrides: Partial<ChannelsOverview> = {}): ChannelsOverview {
  return {
    channels: [
      channel(1),
      channel(2, {
        paused: true,
        failures: 3,
        last_failure: 'channelNotFound',
        last_error: 'YouTube has no channel with that id',
        retry_at: '2026-11-27T12:00:00.000Z',
      }),
    ],
    settings: { every_minutes: 60, import_privacy: 'youtube', publish_at_premiere: true },
    quota: { day: '2026-11-27', spent: 1234, limit: 10000, sync_stops_at: 8000 },
    next_sync_at: '2026-11-27T11:00:00.000Z',
    api_key_set: true,
    push_available: false,
    ...overrides,
  };
}

const runsReply = (runs: SyncRun[], total = runs.length, page = 1) => ({
  status: 200,
  data: { runs, pageInfo: { total, page, pageSize: SYNC_RUNS_PAGE_SIZE } },
});

type Api = NonNullable<NonNullable<Parameters<typeof renderPage>[1]>['api']>;

function renderChannels(api: Api = {}) {
  setSession({ id: 1, firstName: 'Ada', isAdmin: true, token: 'admin-token' });
  return renderPage(<ChannelsPage />, {
    path: '/admin/channels',
    api: {
      'GET /admin/channels': () => ({ status: 200, data: overview() }),
      'GET /admin/channels/runs': () => runsReply([run(1)]),
      ...api,
    },
  });
}

describe('the channels screen', () => {
  it('shows the channels, their state and failures, the quota and the next sync', async () => {
    renderChannels();
    expect(await screen.findByRole('heading', { level: 1, name: 'Channels' })).toBeVisible();
    const list = await screen.findByRole('region', { name: 'Synced channels' });
    const primary = await within(list).findByRole('row', { name: /Twang TV/ });
    expect(within(primary).getByText('Primary')).toBeVisible();
    expect(within(primary).getByText('Active')).toBeVisible();
    const link = within(primary).getByRole('link', { name: new RegExp(PRIMARY_ID) });
    expect(link).toHaveAttribute('href', `https://www.youtube.com/channel/${PRIMARY_ID}`);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');

    const failing = within(list).getByRole('row', { name: /Channel 2/ });
    expect(failing).toHaveTextContent('Paused');
    expect(failing).toHaveTextContent('3 failures in a row');
    expect(failing).toHaveTextContent('YouTube has no channel with that id');
    expect(failing).toHaveTextContent(/Next try at/);
    expect(within(failing).getByRole('button', { name: 'Resume Channel 2' })).toBeVisible();
    // Push cannot be asked for without PUBLIC_URL; the button says why.
    const push = within(failing).getByRole('button', {
      name: 'Turn on instant push for Channel 2',
    });
    expect(push).toBeDisabled();
    expect(push).toHaveAccessibleDescription(/PUBLIC_URL/);

    const meter = screen.getByRole('meter');
    expect(meter).toHaveAttribute('aria-valuenow', '1234');
    expect(meter).toHaveAttribute('aria-valuemax', '10000');
    expect(meter).toHaveAccessibleName(/1,234 of 10,000 units used today/);
    expect(screen.getByText(/resets at midnight Pacific time/)).toBeVisible();
    expect(screen.getByText(/The sync stops at 8,000 units/)).toBeVisible();
    expect(screen.getByText('Next scheduled sync')).toBeVisible();
    expect(screen.queryByText(/YOUTUBE_API_KEY is not set/)).not.toBeInTheDocument();

    // The history: one run of the schedule.
    const history = screen.getByRole('region', { name: 'Sync history' });
    const done = await within(history).findByRole('row', { name: /Twang TV/ });
    expect(done).toHaveTextContent('Scheduled');
    expect(done).toHaveTextContent('1.2 s');
    expect(done).toHaveTextContent('Done');
  });

  it('says so when no API key is set, and marks running and failed runs', async () => {
    renderChannels({
      'GET /admin/channels': () => ({
        status: 200,
        data: overview({ api_key_set: false, next_sync_at: null }),
      }),
      'GET /admin/channels/runs': () =>
        runsReply([
          run(2, { status: 'running', finished_at: null, duration_ms: null, trigger: 'manual' }),
          run(1, { status: 'failed', trigger: 'push', error: 'The YouTube quota is used up' }),
        ]),
    });
    expect(await screen.findByText(/YOUTUBE_API_KEY is not set/)).toBeVisible();
    expect(screen.getByText('None scheduled')).toBeVisible();
    const history = screen.getByRole('region', { name: 'Sync history' });
    const running = await within(history).findByRole('row', { name: /Sync now/ });
    expect(running).toHaveTextContent('Running');
    const failed = within(history).getByRole('row', { name: /Push/ });
    expect(failed).toHaveTextContent('Failed');
    expect(failed).toHaveTextContent('The YouTube quota is used up');
  });

  it('names a channel by its id until its first sync has read its title', async () => {
    renderChannels({
      'GET /admin/channels': () => ({
        status: 200,
        data: overview({ channels: [channel(1, { title: '', last_synced_at: null })] }),
      }),
      'GET /admin/channels/runs': () => runsReply([]),
    });
    const button = await screen.findByRole('button', { name: `Sync now ${PRIMARY_ID}` });
    expect(button).toBeVisible();
    const list = screen.getByRole('region', { name: 'Synced channels' });
    expect(within(list).getByRole('row', { name: new RegExp(PRIMARY_ID) })).toHaveTextContent(
      'Never',
    );
    expect(await screen.findByText('No sync has run yet.')).toBeVisible();
  });

  it("shows the server's refusal of a channel at its field", async () => {
    const user = userEvent.setup();
    const { fetch } = renderChannels({
      'POST /admin/channels': fail(400, channelsMessages.channelInvalid),
    });
    const field = await screen.findByLabelText('Channel id or link');
    await user.type(field, 'youtube.com/@twang');
    await user.click(screen.getByRole('button', { name: 'Add channel' }));
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription(startingWith(channelsMessages.channelInvalid)),
    );
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveFocus();
    expect(sentBody(fetch, 'POST', '/admin/channels')).toEqual({
      channel: 'youtube.com/@twang',
      push: false,
    });
  });

  it('asks for a channel before calling the server', async () => {
    const user = userEvent.setup();
    const { fetch } = renderChannels();
    await user.click(await screen.findByRole('button', { name: 'Add channel' }));
    expect(screen.getByLabelText('Channel id or link')).toHaveAccessibleDescription(
      startingWith(channelsMessages.channelRequired),
    );
    expect(callsTo(fetch, 'POST', '/admin/channels')).toHaveLength(0);
  });

  it('adds a channel and reads the list again', async () => {
    const user = userEvent.setup();
    const { fetch } = renderChannels({
      'POST /admin/channels': () => ({ status: 201, data: channel(3, { title: 'Porch Songs' }) }),
    });
    const field = await screen.findByLabelText('Channel id or link');
    await user.type(field, ' UCotherChannel000000003 ');
    await user.click(screen.getByRole('button', { name: 'Add channel' }));
    expect(await screen.findByText('Channel added: Porch Songs')).toBeVisible();
    expect(field).toHaveValue('');
    expect(sentBody(fetch, 'POST', '/admin/channels')).toEqual({
      channel: 'UCotherChannel000000003',
      push: false,
    });
    await waitFor(() => expect(callsTo(fetch, 'GET', '/admin/channels')).toHaveLength(2));
  });

  it('runs Sync now, shows it busy, then what it did, and reads the screen again', async () => {
    const user = userEvent.setup();
    const { fetch } = renderChannels({
      'POST /admin/channels/1/sync': () => ({
        status: 200,
        data: run(5, { trigger: 'manual', imported: 3, skipped: 2, errors: 1 }),
      }),
    });
    const button = await screen.findByRole('button', { name: 'Sync now Twang TV' });
    const release = holdNextFetch(fetch);
    await user.click(button);
    expect(button).toHaveTextContent('Syncing…');
    expect(button).toHaveAttribute('aria-busy', 'true');
    release();
    expect(
      await screen.findByText('Twang TV: Sync finished, imported 3, skipped 2, errors 1.'),
    ).toBeVisible();
    expect(button).toHaveTextContent('Sync now');
    expect(screen.getByText(/imported 3/).closest('[aria-live]')).toHaveAttribute(
      'aria-live',
      'polite',
    );
    await waitFor(() => expect(callsTo(fetch, 'GET', '/admin/channels')).toHaveLength(2));
    expect(callsTo(fetch, 'GET', '/admin/channels/runs').length).toBeGreaterThanOrEqual(2);
  });

  it("says why Sync now failed: a failed run's error, or the server's refusal", async () => {
    const user = userEvent.setup();
    renderChannels({
      'GET /admin/channels': () => ({
        status: 200,
        data: overview({ channels: [channel(1), channel(3, { title: 'Porch Songs' })] }),
      }),
      'POST /admin/channels/1/sync': () => ({
        status: 200,
        data: run(5, { status: 'failed', error: 'The YouTube API key was refused' }),
      }),
      'POST /admin/channels/3/sync': fail(409, channelsMessages.syncRunning),
    });
    await user.click(await screen.findByRole('button', { name: 'Sync now Twang TV' }));
    expect(
      await screen.findByText('Twang TV: Sync failed: The YouTube API key was refused'),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Sync now Porch Songs' }));
    expect(
      await screen.findByText(`Porch Songs: Sync failed: ${channelsMessages.syncRunning}`),
    ).toBeVisible();
  });

  it('pauses a channel and removes one after asking', async () => {
    const user = userEvent.setup();
    const { fetch } = renderChannels({
      'PUT /admin/channels/1': () => ({ status: 200, data: channel(1, { paused: true }) }),
      'DELETE /admin/channels/2': () => ({
        status: 200,
        data: { id: 2, channel_id: 'UCotherChannel000000002', title: 'Channel 2' },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Pause Twang TV' }));
    await waitFor(() =>
      expect(sentBody(fetch, 'PUT', '/admin/channels/1')).toEqual({ paused: true }),
    );

    await user.click(screen.getByRole('button', { name: 'Remove Channel 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Channel' });
    expect(dialog).toHaveTextContent('Stop syncing this channel?');
    expect(callsTo(fetch, 'DELETE', '/admin/channels/2')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Remove Channel' }));
    expect(await within(dialog).findByText('Channel removed')).toBeVisible();
    expect(callsTo(fetch, 'DELETE', '/admin/channels/2')).toHaveLength(1);
  });

  it('saves the sync settings', async () => {
    const user = userEvent.setup();
    const { fetch } = renderChannels({
      'PUT /admin/channels/settings': () => ({
        status: 200,
        data: { every_minutes: 30, import_privacy: 'private', publish_at_premiere: false },
      }),
    });
    const minutes = await screen.findByLabelText('Sync every (minutes)');
    expect(minutes).toHaveValue(60);
    expect(screen.getByLabelText('Import new uploads as')).toHaveDisplayValue('As on YouTube');
    await user.clear(minutes);
    await user.type(minutes, '3');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // Checked as the server checks it: no call with a bad value.
    expect(minutes).toHaveAccessibleDescription(startingWith(channelsMessages.everyMinutesInvalid));
    expect(callsTo(fetch, 'PUT', '/admin/channels/settings')).toHaveLength(0);
    await user.type(minutes, '0');
    await user.selectOptions(screen.getByLabelText('Import new uploads as'), 'Private');
    await user.click(screen.getByLabelText('Publish premieres at their start time'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Sync settings saved')).toBeVisible();
    expect(sentBody(fetch, 'PUT', '/admin/channels/settings')).toEqual({
      every_minutes: 30,
      import_privacy: 'private',
      publish_at_premiere: false,
    });
  });

  it('shows a loading state, then an error with a way to try again', async () => {
    vi.mocked(console.error).mockImplementation(() => undefined);
    let answer = fail(503, 'Service unavailable');
    const { fetch } = renderChannels({ 'GET /admin/channels': () => answer() });
    expect(screen.getByRole('status')).toHaveTextContent('Loading the channels…');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'There was an error loading the channels.',
    );
    answer = () => ({ status: 200, data: overview() });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Sync now Twang TV' })).toBeVisible();
    expect(callsTo(fetch, 'GET', '/admin/channels')).toHaveLength(2);
  });
});
