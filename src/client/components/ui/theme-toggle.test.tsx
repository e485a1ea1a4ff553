import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { setDarkMode } from '@client/lib/theme.js';
import { ThemeToggle } from './theme-toggle.js';

afterEach(() => {
  delete document.documentElement.dataset.theme;
});

describe('the theme toggle', () => {
  it('says what it will do: Dark mode in the light theme, Light mode in the dark one', async () => {
    const user = userEvent.setup();
    setDarkMode(false);
    render(<ThemeToggle className="btn" />);
    const toggle = screen.getByRole('button', { name: 'Switch to Dark mode' });
    expect(toggle).toHaveTextContent(/Dark mode$/);
    // A pressed state would contradict the words: 'Light mode, pressed' while dark is on.
    expect(toggle).not.toHaveAttribute('aria-pressed');

    await user.click(toggle);
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem('darkMode')).toBe('true');
    expect(toggle).toHaveAccessibleName('Switch to Light mode');
    await user.click(toggle);
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(toggle).toHaveAccessibleName('Switch to Dark mode');
  });

  it('two toggles on a page (the nav and the sidebar) always say the same', async () => {
    const user = userEvent.setup();
    setDarkMode(true);
    render(
      <>
        <ThemeToggle className="btn" />
        <ThemeToggle className="menu-row" labelClassName="label" icon tooltip />
      </>,
    );
    const [nav, sidebar] = screen.getAllByRole('button');
    expect(nav).toHaveAccessibleName('Switch to Light mode');
    expect(sidebar).toHaveAccessibleName('Switch to Light mode');
    expect(sidebar).toHaveAttribute('title', 'Switch to Light mode');
    await user.click(sidebar!);
    expect(nav).toHaveAccessibleName('Switch to Dark mode');
    expect(sidebar).toHaveAccessibleName('Switch to Dark mode');
  });
});
