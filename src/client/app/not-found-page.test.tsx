import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../testing/render.js';
import { NotFoundPage } from './not-found-page.js';

function renderNotFound() {
  return renderPage(<NotFoundPage />, {
    path: '/no/such/page',
    pattern: '*',
    routes: [
      { path: '/', element: <p>Home page</p> },
      { path: '/search/:query', element: <p>Search page</p> },
    ],
  });
}

describe('the not-found page', () => {
  it('has its own title and keeps itself out of search engines', async () => {
    renderNotFound();
    expect(
      screen.getByRole('heading', { level: 1, name: 'This page could not be found.' }),
    ).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Page not found | Twang'));
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute(
      'content',
      'noindex',
    );
  });

  it('offers the home page', async () => {
    const user = userEvent.setup();
    const { router } = renderNotFound();
    await user.click(screen.getByRole('link', { name: 'Go to the home page' }));
    expect(router.state.location.pathname).toBe('/');
  });

  it('offers a search that goes to its results', async () => {
    const user = userEvent.setup();
    const { router } = renderNotFound();
    const search = screen.getByRole('search', { name: 'Search the site' });
    await user.type(within(search).getByRole('searchbox'), 'whiskey river{Enter}');
    expect(router.state.location.pathname).toBe('/search/whiskey%20river');
  });
});
