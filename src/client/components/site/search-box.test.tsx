import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SEARCH_MAX_LENGTH } from '@shared/validation.js';
import { renderPage } from '@client/testing/render.js';
import { SearchBox } from './search-box.js';

/** The box as the navigation holds it: one box for every page, as pages change under it. */
const renderBox = (path: string) => renderPage(<SearchBox />, { path, pattern: '*' });
const box = () => screen.getByRole('searchbox', { name: 'Search' });

describe('SearchBox', () => {
  it("holds a results page's words, from the first render on", () => {
    renderBox('/search/blue%20grass');
    expect(box()).toHaveValue('blue grass');
    expect(box()).toHaveAttribute('maxlength', String(SEARCH_MAX_LENGTH));
  });

  it('keeps the words searched for on the results page they lead to', async () => {
    const user = userEvent.setup();
    const { router } = renderBox('/');
    expect(box()).toHaveValue('');
    await user.type(box(), ' steel guitar {Enter}');
    expect(router.state.location.pathname).toBe('/search/steel%20guitar');
    expect(box()).toHaveValue('steel guitar');
  });

  it("shows another results page's words when one is reached otherwise (Back, a link)", async () => {
    const { router } = renderBox('/search/fiddle');
    await act(() => router.navigate('/search/banjo'));
    expect(box()).toHaveValue('banjo');
    // Leaving the results keeps the words, to search again from anywhere.
    await act(() => router.navigate('/videos/1'));
    expect(box()).toHaveValue('banjo');
    await act(() => router.navigate(-2));
    expect(box()).toHaveValue('fiddle');
  });

  it('does nothing with nothing to search for', async () => {
    const user = userEvent.setup();
    const { router } = renderBox('/videos/1');
    await user.type(box(), '   {Enter}');
    expect(router.state.location.pathname).toBe('/videos/1');
  });
});
