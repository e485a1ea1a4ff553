import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, getSession } from '@client/lib/session.js';
import { ADMIN, FAN, renderShell, sentBody } from '../testing/render-admin-shell.js';

afterEach(() => {
  act(() => clearSession());
  vi.unstubAllGlobals();
});

describe('The admin shell', () => {
  it('sends a signed-out visitor to /admin', async () => {
    const { router } = renderShell('/admin/videos', {}, null);
    expect(await screen.findByText('Admin login screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin');
    expect(screen.queryByText('Videos screen')).not.toBeInTheDocument();
  });

  it('sends a signed-in fan to /admin', async () => {
    const { router } = renderShell('/admin/dashboard', {}, FAN);
    expect(await screen.findByText('Admin login screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin');
  });

  it("shows the sections, Main Site, Log Out and the admin's first name", async () => {
    renderShell('/admin/dashboard');
    expect(await screen.findByText('Dashboard screen')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Admin sections' });
    const links = within(nav)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Dashboard', '/admin/dashboard'],
      ['Videos', '/admin/videos'],
      ['Analytics', '/admin/analytics'],
      ['Channels', '/admin/channels'],
      ['Newsletter', '/admin/newsletter'],
      ['Artists', '/admin/artistDashboard'],
      ['Users', '/admin/userDashboard'],
      ['Audit log', '/admin/audit'],
      ['Main Site', '/'],
    ]);
    expect(screen.getByRole('link', { name: 'Dolly' })).toHaveAttribute(
      'href',
      '/admin/ownAccount',
    );
    expect(screen.getByRole('button', { name: 'Log Out' })).toBeInTheDocument();
  });

  it('highlights the section of the current screen, editors included', async () => {
    renderShell('/admin/editVideo/7');
    expect(await screen.findByText('Edit video screen')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Videos' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
  });

  it('starts open and collapses, keeping every name for screen readers', async () => {
    const user = userEvent.setup();
    renderShell('/admin/dashboard');
    const toggle = await screen.findByRole('button', { name: 'Collapse the menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(toggle);
    const expand = screen.getByRole('button', { name: 'Expand the menu' });
    expect(expand).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('link', { name: 'Videos' })).toHaveAttribute('title', 'Videos');
    await user.click(expand);
    expect(screen.getByRole('button', { name: 'Collapse the menu' })).toBeInTheDocument();
  });

  it('starts collapsed on a phone, and opens on demand', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(max-width: 48rem)',
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    const user = userEvent.setup();
    renderShell('/admin/dashboard');
    const expand = await screen.findByRole('button', { name: 'Expand the menu' });
    expect(expand).toHaveAttribute('aria-expanded', 'false');
    await user.click(expand);
    expect(screen.getByRole('button', { name: 'Collapse the menu' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  it('logs out: ends the session on the server, forgets it and goes to /admin', async () => {
    const user = userEvent.setup();
    const { fetch, router } = renderShell('/admin/dashboard', {
      'POST /logout': () => ({ status: 200, data: null, message: 'Signed out' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Log Out' }));
    expect(await screen.findByText('Admin login screen')).toBeInTheDocument();
    expect(sentBody(fetch, 'POST', '/logout')).toBeNull();
    expect(getSession()).toBeNull();
    expect(router.state.location.pathname).toBe('/admin');
  });

  it('leaves for /admin when the session is cleared elsewhere', async () => {
    renderShell('/admin/videos', {}, ADMIN);
    expect(await screen.findByText('Videos screen')).toBeInTheDocument();
    act(() => clearSession());
    expect(await screen.findByText('Admin login screen')).toBeInTheDocument();
  });
});

describe('The admin shell theme', () => {
  it('toggles dark mode from the sidebar and remembers it, saying what it will do', async () => {
    const user = userEvent.setup();
    localStorage.setItem('darkMode', 'false');
    renderShell('/admin/dashboard');
    const toggle = await screen.findByRole('button', { name: 'Switch to Dark mode' });
    await user.click(toggle);
    expect(toggle).toHaveAccessibleName('Switch to Light mode');
    expect(localStorage.getItem('darkMode')).toBe('true');
    expect(document.documentElement.dataset.theme).toBe('dark');
  });
});
