import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '@client/testing/render.js';
import { Footer } from './footer.js';

const config = {
  brand: 'Twang Test',
  mainSiteUrl: 'https://example.com/',
  social: {
    facebook: 'https://f.example/',
    twitter: 'https://x.example/',
    instagram: 'https://i.example/',
  },
  appStores: { apple: 'https://a.example/', google: 'https://g.example/' },
};

describe('Footer', () => {
  // The stylesheet shows one of the two by the width (e2e/shell.spec.ts sees it at 849 and 850 px).
  it("writes both '© {brand}' and '© Copyright - {brand}', whatever the window's width", async () => {
    renderPage(<Footer />, { api: { '/config': config } });
    expect(await screen.findByText('© Twang Test')).toHaveClass('footer__copyright--narrow');
    expect(screen.getByText('© Copyright - Twang Test')).toHaveClass('footer__copyright--wide');
  });

  it('links About and Privacy Policy, and opens the three social networks in a new tab', async () => {
    renderPage(<Footer />, { api: { '/config': config } });
    expect(screen.getByRole('link', { name: 'About' })).toHaveAttribute('href', '/about');
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy',
    );
    await waitFor(() =>
      expect(screen.getByRole('link', { name: /Facebook/ })).toHaveAttribute(
        'href',
        'https://f.example/',
      ),
    );
    for (const name of [/Facebook/, /^X/, /Instagram/]) {
      expect(screen.getByRole('link', { name })).toHaveAttribute('target', '_blank');
    }
  });
});
