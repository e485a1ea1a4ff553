import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '@client/testing/render.js';
import { AboutPage } from './about-page.js';
import { PrivacyPage } from './privacy-page.js';
import { testSiteConfig } from '@client/testing/site-config.js';

const config = testSiteConfig();

describe('AboutPage', () => {
  it('presents the show under its brand', async () => {
    renderPage(<AboutPage />, { path: '/about', api: { '/config': config } });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'About Twang Test' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy',
    );
    await waitFor(() => expect(document.title).toBe('About | Twang Test'));
  });
});

describe('PrivacyPage', () => {
  it('is dated December 4, 2022 and names what is collected', async () => {
    renderPage(<PrivacyPage />, { path: '/privacy', api: { '/config': config } });
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    expect(screen.getByText(/Last updated/)).toHaveTextContent('Last updated December 4, 2022');
    for (const item of [
      'your email address;',
      'your first and last name;',
      'your date of birth;',
      'your zip code.',
    ]) {
      expect(screen.getByText(item)).toBeInTheDocument();
    }
    expect(screen.getByText(/We also collect usage data/)).toBeInTheDocument();
    for (const section of [
      'What we collect',
      'What you watch',
      'How we use it',
      'Sharing',
      'Retention',
      'Your choices',
      'Children under 13',
      'Contact',
    ]) {
      expect(screen.getByRole('heading', { level: 2, name: section })).toBeInTheDocument();
    }
    await waitFor(() => expect(document.title).toBe('Privacy Policy | Twang Test'));
  });

  it('says what is kept of what people watch, and for how long', () => {
    renderPage(<PrivacyPage />, { path: '/privacy', api: { '/config': config } });
    const watching = screen.getByRole('heading', { level: 2, name: 'What you watch' });
    const list = watching.nextElementSibling!.nextElementSibling!;
    expect(list).toHaveTextContent(/where you stopped in each video/);
    expect(list).toHaveTextContent(/My List/);
    expect(list).toHaveTextContent(/for each video and each day/);
    expect(list).toHaveTextContent(/changes every day/);
    expect(list).toHaveTextContent(/deleted after 48 hours/);
    expect(
      screen.getByText(/we delete your profile, your likes, your watch history/),
    ).toBeVisible();
  });
});
