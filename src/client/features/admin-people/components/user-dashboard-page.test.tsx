import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession } from '@client/lib/session.js';
import {
  ADMIN,
  buildPerson,
  callsTo,
  currentUrl,
  fail,
  listReply,
  queriesTo,
  renderPeople,
  sentBody,
} from '../testing/render-people.js';
import { UserDashboardPage } from './user-dashboard-page.js';

afterEach(() => {
  vi.useRealTimers();
  act(() => clearSession());
});

const ME = buildPerson(ADMIN.id, 'Ada Lovelace');
const GRACE = buildPerson(2, 'Grace Hopper', { last_login: null });
const FANS = [
  buildPerson(10, 'Ann Lee', { last_login: '2024-03-05T15:00:00.000Z' }),
  buildPerson(11, 'Bob Dylan', { last_login: null }),
];

const defaults = {
  'GET /admin/users': () => listReply('admins', [ME, GRACE]),
  'GET /users': () => listReply('users', FANS),
};

const region = (name: string) => within(screen.getByRole('region', { name }));

async function renderDashboard(api: Record<string, unknown> = {}) {
  const rendered = renderPeople(<UserDashboardPage />, '/admin/userDashboard', {
    ...defaults,
    ...api,
  });
  await screen.findByRole('row', { name: /Ann Lee/ });
  await screen.findByRole('row', { name: /Grace Hopper/ });
  return rendered;
}

describe('User dashboard lists', () => {
  it('shows administrators and users with name, email and last login (or Never)', async () => {
    await renderDashboard();
    expect(screen.getByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    const users = region('Users');
    const ann = users.getByRole('row', { name: /Ann Lee/ });
    expect(ann).toHaveTextContent('ann.10@example.com');
    expect(ann).toHaveTextContent('March 05, 2024');
    expect(users.getByRole('row', { name: /Bob Dylan/ })).toHaveTextContent('Never');
    expect(users.getByText('2 users')).toBeInTheDocument();
    const admins = region('Administrators');
    expect(admins.getByRole('row', { name: /Grace Hopper/ })).toHaveTextContent('Never');
    expect(admins.getByText('2 administrators')).toBeInTheDocument();
  });

  it('asks the server for page 1 of 5, every last login, no search', async () => {
    const { fetch } = await renderDashboard();
    for (const path of ['/admin/users', '/users']) {
      const query = queriesTo(fetch, path)[0];
      expect(Object.fromEntries(query ?? [])).toEqual({ days: 'all', page: '1', pageSize: '5' });
    }
  });

  it('offers delete for others but never for the signed-in administrator', async () => {
    await renderDashboard();
    const admins = region('Administrators');
    const me = admins.getByRole('row', { name: /Ada Lovelace/ });
    expect(within(me).getByText('You')).toBeInTheDocument();
    expect(within(me).queryByRole('button')).not.toBeInTheDocument();
    expect(admins.getByRole('button', { name: 'Delete Grace Hopper' })).toBeInTheDocument();
    expect(region('Users').getByRole('button', { name: 'Delete Ann Lee' })).toBeInTheDocument();
  });

  it("links '+ Add Admin' to /admin/newAdmin", async () => {
    const user = userEvent.setup();
    const { router } = await renderDashboard();
    await user.click(screen.getByRole('link', { name: '+ Add Admin' }));
    expect(router.state.location.pathname).toBe('/admin/newAdmin');
  });

  it('searches both lists by name on the server, after a pause in typing', async () => {
    const user = userEvent.setup();
    const { fetch } = await renderDashboard();
    await user.type(screen.getByRole('searchbox', { name: 'Search by name' }), 'LEE');
    await waitFor(() => expect(queriesTo(fetch, '/users').at(-1)?.get('q')).toBe('LEE'));
    expect(queriesTo(fetch, '/admin/users').at(-1)?.get('q')).toBe('LEE');
    // One request for the word, not one per key.
    expect(queriesTo(fetch, '/users').filter((query) => query.has('q'))).toHaveLength(1);
  });

  it('Enter runs the search at once', async () => {
    const user = userEvent.setup();
    const { fetch } = await renderDashboard();
    await user.type(screen.getByRole('searchbox', { name: 'Search by name' }), 'ann{Enter}');
    expect(queriesTo(fetch, '/users').at(-1)?.get('q')).toBe('ann');
  });

  it('filters by last login: All, 30, 60 or 90 days', async () => {
    const user = userEvent.setup();
    const { fetch } = await renderDashboard();
    const select = screen.getByRole('combobox', { name: 'Last login' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All', 'Last 30 days', 'Last 60 days', 'Last 90 days']);
    for (const days of ['30', '60', '90', 'all']) {
      await user.selectOptions(select, days);
      await waitFor(() => expect(queriesTo(fetch, '/users').at(-1)?.get('days')).toBe(days));
      expect(queriesTo(fetch, '/admin/users').at(-1)?.get('days')).toBe(days);
    }
  });

  it('pages by 5 with the total from the server, and a new filter goes back to page 1', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 5 }, (_, index) => buildPerson(20 + index, `Fan ${index}`));
    const { fetch } = await renderDashboard({
      'GET /users': () => {
        const page = Number(currentUrl().searchParams.get('page'));
        return listReply('users', page === 1 ? FANS : many, { total: 12, page });
      },
    });
    const users = region('Users');
    const pager = within(users.getByRole('navigation', { name: 'Users pages' }));
    expect(pager.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(pager.getByRole('button', { name: /Previous/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await user.click(pager.getByRole('button', { name: /Next/ }));
    expect(await users.findByRole('row', { name: /Fan 0/ })).toBeInTheDocument();
    expect(pager.getByText('Page 2 of 3')).toBeInTheDocument();
    expect(queriesTo(fetch, '/users').at(-1)?.get('page')).toBe('2');
    await user.click(pager.getByRole('button', { name: /Next/ }));
    await waitFor(() => expect(pager.getByText('Page 3 of 3')).toBeInTheDocument());
    expect(pager.getByRole('button', { name: /Next/ })).toHaveAttribute('aria-disabled', 'true');
    await user.click(pager.getByRole('button', { name: /Next/ }));
    expect(queriesTo(fetch, '/users').at(-1)?.get('page')).toBe('3');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Last login' }), '30');
    await waitFor(() => expect(queriesTo(fetch, '/users').at(-1)?.get('page')).toBe('1'));
    // The administrators' list has one page, so it has no pager.
    expect(
      region('Administrators').queryByRole('navigation', { name: 'Administrators pages' }),
    ).not.toBeInTheDocument();
  });

  it('says so when nobody matches', async () => {
    await renderDashboard({ 'GET /users': () => listReply('users', FANS) });
    const user = userEvent.setup();
    // From now on the server finds nobody.
    vi.mocked(fetch).mockImplementation(async (input) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      const kind = path === '/api/users' ? 'users' : 'admins';
      return new Response(JSON.stringify({ message: 'OK', ...listReply(kind, []) }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    });
    await user.type(screen.getByRole('searchbox', { name: 'Search by name' }), 'zzz{Enter}');
    expect(await region('Users').findByText('No users match these filters.')).toBeInTheDocument();
    expect(region('Administrators').getByText('No administrators match these filters.'));
    expect(region('Users').getByText('0 users')).toBeInTheDocument();
  });

  it('shows a loading state, then the list', async () => {
    renderPeople(<UserDashboardPage />, '/admin/userDashboard', defaults);
    expect(screen.getByText('Loading users…')).toBeInTheDocument();
    expect(await screen.findByRole('row', { name: /Ann Lee/ })).toBeInTheDocument();
  });

  it('a failing list logs, says so briefly, and the other list still works', async () => {
    vi.mocked(console.error).mockImplementationOnce(() => undefined);
    renderPeople(<UserDashboardPage />, '/admin/userDashboard', {
      ...defaults,
      'GET /users': fail(500, 'Something went wrong'),
    });
    expect(await region('Users').findByRole('alert')).toHaveTextContent(
      'There was an error loading the users.',
    );
    expect(await region('Administrators').findByRole('row', { name: /Grace Hopper/ }));
    expect(console.error).toHaveBeenCalledWith(
      'There was an error loading the users.',
      expect.any(Error),
    );
  });
});

describe('Deleting a user', () => {
  it('asks in a popup, deletes {id}, says it worked, closes after 3 s and refreshes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    let deleted = false;
    const { fetch } = await renderDashboard({
      'GET /users': () => listReply('users', deleted ? FANS.slice(1) : FANS),
      'DELETE /users': () => {
        deleted = true;
        return { status: 200, data: null, message: 'User Deleted Successfully' };
      },
    });
    await user.click(region('Users').getByRole('button', { name: 'Delete Ann Lee' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Confirm User Deletion' }));
    expect(dialog.getByText('Ann Lee')).toBeInTheDocument();
    expect(dialog.getByText('ann.10@example.com')).toBeInTheDocument();
    expect(dialog.getByText('Are you sure you want to delete this user?')).toBeInTheDocument();
    expect(dialog.getByText('This process cannot be undone')).toBeInTheDocument();
    const before = queriesTo(fetch, '/users').length;
    await user.click(dialog.getByRole('button', { name: 'Delete User' }));
    expect(await dialog.findByRole('status')).toHaveTextContent('User Deleted Successfully');
    expect(sentBody(fetch, 'DELETE', '/users')).toEqual({ id: 10 });
    // The list refreshes when the dialog closes, 3 s later.
    expect(queriesTo(fetch, '/users')).toHaveLength(before);
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(region('Users').queryByRole('row', { name: /Ann Lee/ })).not.toBeInTheDocument(),
    );
    expect(region('Users').getByText('1 user')).toHaveFocus();
  });

  it("says 'Error deleting user' with the server's reason, and keeps the person", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    await renderDashboard({
      'DELETE /users': fail(409, 'The last administrator cannot be deleted.'),
    });
    await user.click(region('Administrators').getByRole('button', { name: 'Delete Grace Hopper' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Confirm User Deletion' }));
    expect(
      dialog.getByText('Are you sure you want to delete this administrator?'),
    ).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Delete User' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'Error deleting user (The last administrator cannot be deleted.)',
    );
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(dialog.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(region('Administrators').getByRole('row', { name: /Grace Hopper/ })).toBeInTheDocument();
  });

  it('deleting the only person on the last page shows the page before it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    const five = Array.from({ length: 5 }, (_, index) => buildPerson(20 + index, `Fan ${index}`));
    const sixth = buildPerson(30, 'Last Fan');
    let total = 6;
    const { fetch } = renderPeople(<UserDashboardPage />, '/admin/userDashboard', {
      ...defaults,
      'GET /users': () => {
        const page = Number(currentUrl().searchParams.get('page'));
        return listReply('users', page === 1 ? five : total === 6 ? [sixth] : [], {
          total,
          page,
        });
      },
      'DELETE /users': () => {
        total = 5;
        return { status: 200, data: null };
      },
    });
    const users = within(await screen.findByRole('region', { name: 'Users' }));
    await user.click(await users.findByRole('button', { name: /Next/ }));
    await user.click(await users.findByRole('button', { name: 'Delete Last Fan' }));
    await user.click(screen.getByRole('button', { name: 'Delete User' }));
    await screen.findByText('User Deleted Successfully');
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(await users.findByText('5 users')).toBeInTheDocument();
    expect(users.getByRole('row', { name: /Fan 0/ })).toBeInTheDocument();
    expect(queriesTo(fetch, '/users').at(-1)?.get('page')).toBe('1');
  });

  it('Cancel deletes nothing', async () => {
    const user = userEvent.setup();
    const { fetch } = await renderDashboard();
    await user.click(region('Users').getByRole('button', { name: 'Delete Bob Dylan' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo(fetch, 'DELETE', '/users')).toHaveLength(0);
  });
});
