import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { closeAuthModal, useAuthModal } from '@client/lib/auth-modal.js';
import { renderPage } from '@client/testing/render.js';
import { TopNav } from './top-nav.js';

/** The modal's state, as the page's auth modal would show it. */
function ModalState() {
  return <p>{useAuthModal().open ? 'modal open' : 'modal closed'}</p>;
}

function renderNav() {
  renderPage(
    <>
      <TopNav />
      <ModalState />
    </>,
  );
  const menuButton = screen.getByRole('button', { name: 'Menu' });
  const nav = screen.getByRole('navigation', { name: 'Main' });
  return { menuButton, nav };
}

afterEach(() => {
  act(() => closeAuthModal());
  window.history.replaceState(null, '', '/');
});

describe('TopNav', () => {
  it('toggles the menu with its control, by click, Enter and Space, without following its link', async () => {
    const user = userEvent.setup();
    const { menuButton, nav } = renderNav();
    // Without JavaScript it is a link to the menu, which the stylesheet opens as its target.
    expect(menuButton).toHaveAttribute('href', '#site-menu');
    expect(menuButton).toHaveAttribute('aria-controls', nav.id);
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await user.click(menuButton);
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    expect(nav).toHaveClass('top-nav__items--open');
    expect(window.location.hash).toBe('');
    menuButton.focus();
    await user.keyboard('{Enter}');
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard(' ');
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
  });

  it('closes on Escape and gives focus back to its control', async () => {
    const user = userEvent.setup();
    const { menuButton, nav } = renderNav();
    await user.click(menuButton);
    await user.click(screen.getByRole('searchbox', { name: 'Search' }));
    await user.keyboard('{Escape}');
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    expect(nav).not.toHaveClass('top-nav__items--open');
    expect(menuButton).toHaveFocus();
    // Closed, Escape changes nothing.
    await user.keyboard('{Escape}');
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes when its Sign In opens the auth modal, and stays closed after it', async () => {
    const user = userEvent.setup();
    const { menuButton, nav } = renderNav();
    await user.click(menuButton);
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByText('modal open')).toBeInTheDocument();
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    expect(nav).not.toHaveClass('top-nav__items--open');
    act(() => closeAuthModal());
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  });

  it('is open when its link opened it before the app ran, until the visitor closes it', () => {
    window.history.replaceState(null, '', '/about#site-menu');
    const { menuButton } = renderNav();
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    fireEvent.click(menuButton);
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  });
});
