import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSession } from '@client/lib/session.js';
import { callsTo, holdNextFetch } from '@client/testing/fetch-calls.js';
import {
  buildVideo,
  FAN,
  likedVideos,
  renderAccount,
  sentBody,
  watchHistory,
} from '../testing/render-account.js';

afterEach(() => act(() => clearSession()));

const watched = (id: number, title: string, position: number, finished = false) => ({
  video: buildVideo({ id, title }),
  position,
  duration: 200,
  finished,
  watched_at: '2026-11-20T18:00:00.000Z',
});

const history = () => screen.findByRole('region', { name: 'Watch History' });

describe('Watch History', () => {
  it('lists what was watched, newest first, with the date and how far', async () => {
    renderAccount({
      [`GET /users/${FAN.id}/history`]: watchHistory([
        watched(2, 'Newer', 50),
        watched(1, 'Older', 200, true),
      ]),
    });
    const section = await history();
    const items = await within(section).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Newer');
    expect(items[0]).toHaveTextContent('Watched Nov 20, 2026');
    expect(within(items[0]!).getByRole('progressbar', { name: '25% watched' })).toBeVisible();
    expect(items[1]).toHaveTextContent('Finished');
    expect(within(items[1]!).queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('removes one, and the focus goes on to the next', async () => {
    let items = [watched(2, 'Newer', 50), watched(1, 'Older', 20)];
    const { fetch } = renderAccount({
      [`GET /users/${FAN.id}/history`]: () => ({ status: 200, data: watchHistory(items) }),
      [`DELETE /users/${FAN.id}/history/2`]: () => {
        items = items.slice(1);
        return { status: 200, data: null };
      },
    });
    const section = await history();
    await userEvent.click(
      await within(section).findByRole('button', { name: 'Remove Newer from Watch History' }),
    );
    await waitFor(() =>
      expect(callsTo(fetch, 'DELETE', `/users/${FAN.id}/history/2`)).toHaveLength(1),
    );
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(1));
    await waitFor(() =>
      expect(
        within(section).getByRole('button', { name: 'Remove Older from Watch History' }),
      ).toHaveFocus(),
    );
  });

  it('clears all only after a second press', async () => {
    const { fetch } = renderAccount({
      [`GET /users/${FAN.id}/history`]: watchHistory([watched(2, 'Newer', 50)]),
      [`DELETE /users/${FAN.id}/history`]: { status: 200, data: null },
    });
    const section = await history();
    await userEvent.click(
      await within(section).findByRole('button', { name: 'Clear all history' }),
    );
    expect(callsTo(fetch, 'DELETE', `/users/${FAN.id}/history`)).toHaveLength(0);
    const confirm = within(section).getByRole('group', { name: 'Clear all history' });
    expect(confirm).toHaveTextContent('cannot be undone');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Clear all history' }));
    await waitFor(() =>
      expect(callsTo(fetch, 'DELETE', `/users/${FAN.id}/history`)).toHaveLength(1),
    );
  });

  it('pauses and resumes with a switch, and says what pausing means', async () => {
    let paused = false;
    const { fetch } = renderAccount({
      [`GET /users/${FAN.id}/history`]: () => ({
        status: 200,
        data: watchHistory([], { paused }),
      }),
      [`PUT /users/${FAN.id}/history/paused`]: (init?: RequestInit) => {
        paused = (JSON.parse(String(init?.body)) as { paused: boolean }).paused;
        return { status: 200, data: { paused } };
      },
    });
    const section = await history();
    const toggle = await within(section).findByRole('switch', { name: 'Pause watch history' });
    expect(toggle).not.toBeChecked();
    expect(section).toHaveTextContent('Nothing watched yet.');
    const release = holdNextFetch(fetch);
    await userEvent.click(toggle);
    // Busy while the change is out: a second press would be lost, and it says so.
    expect(toggle).toHaveAttribute('aria-disabled', 'true');
    release();
    await waitFor(() => expect(toggle).not.toHaveAttribute('aria-disabled'));
    expect(sentBody(fetch, 'PUT', `/users/${FAN.id}/history/paused`)).toEqual({ paused: true });
    await waitFor(() => expect(toggle).toBeChecked());
    expect(section).toHaveTextContent('History is paused: nothing you watch is recorded.');
  });

  it('pages through a long history', async () => {
    const { fetch } = renderAccount({
      [`GET /users/${FAN.id}/history`]: watchHistory([watched(2, 'Newer', 50)], { total: 45 }),
    });
    const section = await history();
    const pages = await within(section).findByRole('navigation', { name: 'Watch History pages' });
    expect(pages).toHaveTextContent('Page 1 of 3');
    expect(within(pages).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(within(pages).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(pages).toHaveTextContent('Page 2 of 3'));
    const asked = callsTo(fetch, 'GET', `/users/${FAN.id}/history`).map(([url]) => String(url));
    expect(asked.at(-1)).toContain('page=2');
  });

  it('says so when the history cannot be read', async () => {
    renderAccount({
      [`GET /users/${FAN.id}/history`]: () => ({ status: 500, data: null, message: 'boom' }),
    });
    const section = await history();
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'Your watch history could not be loaded. Please try again later.',
    );
  });
});

describe('My List on /account', () => {
  it('lists the videos kept for later, each with its toggle', async () => {
    renderAccount({
      [`GET /users/${FAN.id}/list`]: likedVideos([buildVideo({ id: 4, title: 'Later' })]),
      [`GET /users/${FAN.id}/list/ids`]: [4],
    });
    const section = await screen.findByRole('region', { name: 'My List' });
    expect(await within(section).findByRole('link', { name: /^Later/ })).toHaveAttribute(
      'href',
      '/videos/4',
    );
    expect(
      await within(section).findByRole('button', { name: 'Add Later to My List' }),
    ).toHaveAttribute('aria-pressed', 'true');
  });

  it('says when it is empty', async () => {
    renderAccount();
    const section = await screen.findByRole('region', { name: 'My List' });
    expect(await within(section).findByText(/Nothing in My List yet/)).toBeVisible();
  });
});
