import { act, screen, waitFor } from '@testing-library/react';
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

function resizeTo(width: number) {
  act(() => {
    window.innerWidth = width;
    window.dispatchEvent(new Event('resize'));
  });
}

describe('Footer', () => {
  it("reads '© {brand}' under 850 px and '© Copyright - {brand}' from 850 px", async () => {
    resizeTo(849);
    renderPage(<Footer />, { api: { '/config': config } });
    expect(await screen.findByText('© Twang Test')).toBeInTheDocument();
    resizeTo(850);
    expect(screen.getByText('© Copyright - Twang Test')).toBeInTheDocument();
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
