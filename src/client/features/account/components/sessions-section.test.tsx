import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSession } from '@client/lib/session.js';
import { callsTo } from '@client/testing/fetch-calls.js';
import { renderAccount } from '../testing/render-account.js';

afterEach(() => act(() => clearSession()));

const session = (id: number, device: string, current = false) => ({
  id,
  device,
  createdAt: '2026-11-20T18:04:11.000Z',
  lastUsedAt: '2026-11-27T09:12:40.000Z',
  current,
});

const section = () => screen.findByRole('region', { name: 'Signed-in sessions' });

describe('Signed-in sessions', () => {
  it('shows this device first, six at first, and all on request', async () => {
    const others = Array.from({ length: 7 }, (_, k) => session(10 + k, `Safari 17 on iOS #${k}`));
    renderAccount({ 'GET /sessions': [...others, session(3, 'Chrome 131 on macOS', true)] });
    const area = within(await section());
    const items = await area.findAllByRole('listitem');
    expect(items).toHaveLength(6);
    expect(items[0]).toHaveTextContent('Chrome 131 on macOS');
    expect(items[0]).toHaveTextContent('This device');
    expect(within(items[0]!).queryByRole('button')).not.toBeInTheDocument();
    await userEvent.click(area.getByRole('button', { name: 'Show all 8 sessions' }));
    expect(area.getAllByRole('listitem')).toHaveLength(8);
  });

  it('signs one session out, and the others', async () => {
    const { fetch } = renderAccount({
      'GET /sessions': [session(3, 'Chrome 131 on macOS', true), session(9, 'Safari 17 on iOS')],
      'DELETE /sessions/9': { id: 9, device: 'Safari 17 on iOS' },
      'DELETE /sessions/others': { ended: 1 },
    });
    const area = within(await section());
    await userEvent.click(await area.findByRole('button', { name: /^Sign out: Safari 17 on iOS/ }));
    await waitFor(() => expect(callsTo(fetch, 'DELETE', '/sessions/9')).toHaveLength(1));
    await userEvent.click(area.getByRole('button', { name: 'Sign out everywhere else' }));
    await waitFor(() => expect(callsTo(fetch, 'DELETE', '/sessions/others')).toHaveLength(1));
  });

  it('says so when the list does not load', async () => {
    renderAccount({ 'GET /sessions': () => new Response(null, { status: 500 }) });
    expect(await within(await section()).findByRole('alert')).toHaveTextContent(
      'There was an error loading your sessions',
    );
  });
});
