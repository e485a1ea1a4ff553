import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { HomeData } from '@shared/schemas/public-catalogue.js';
import { renderPage } from '@client/testing/render.js';
import { HomePage } from './home-page.js';
import { buildEpisode } from '@client/testing/catalogue-builders.js';
import { expectLinks } from '@client/testing/links.js';
import { testSiteConfig } from '@client/testing/site-config.js';

const buildVideo = buildEpisode;

const twelve = (from: number) => Array.from({ length: 12 }, (_, i) => buildVideo(from + i));

const home: HomeData = {
  featured_video: buildVideo(500, {
    title: 'Wade Hollister – Dust on the Dashboard',
    description: 'Wade plays his new single live, then talks about the road. '.repeat(6),
    tags: [
      { id: 3, name: 'Interviews' },
      { id: 41, name: 'Wade Hollister' },
    ],
  }),
  categories: [
    { id: 1, title: 'Live Performances', videos: twelve(1) },
    { id: 10, title: 'Classic Covers', videos: twelve(100) },
  ],
};

const config = testSiteConfig({
  appStores: { apple: 'https://apps.example/twang', google: 'https://play.example/twang' },
});

function resizeTo(width: number) {
  act(() => {
    window.innerWidth = width;
    window.dispatchEvent(new Event('resize'));
  });
}

function rowVideoCount(title: string): number {
  const row = screen.getByRole('region', { name: title });
  return within(row).getAllByRole('listitem').length;
}

const originalWidth = window.innerWidth;
afterEach(() => resizeTo(originalWidth));

describe('HomePage', () => {
  it('shows a loading view, then the featured video with WATCH and DETAILS', async () => {
    renderPage(<HomePage />, { api: { '/home': home, '/config': config } });
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    const featured = await screen.findByRole('region', {
      name: 'Wade Hollister – Dust on the Dashboard',
    });
    expectLinks(featured, ['WATCH', '/videos/500']);
    expect(within(featured).getByRole('button', { name: 'DETAILS' })).toBeInTheDocument();
    // An excerpt, not the whole description.
    expect(within(featured).getByText(/^Wade plays his new single live/)).toHaveTextContent(/…$/);
    // The page's largest picture (LCP): fetched at once and first, its box reserved.
    const image = featured.querySelector('img')!;
    expect(image).toHaveAttribute('loading', 'eager');
    expect(image).toHaveAttribute('fetchpriority', 'high');
    expect(image).toHaveAttribute('width', '480');
    expect(image).toHaveAttribute('height', '270');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('opens the details modal with title, description, tag links and WATCH', async () => {
    const user = userEvent.setup();
    renderPage(<HomePage />, { api: { '/home': home, '/config': config } });
    await user.click(await screen.findByRole('button', { name: 'DETAILS' }));
    const dialog = screen.getByRole('dialog', { name: 'Wade Hollister – Dust on the Dashboard' });
    expect(dialog).toHaveAttribute('open');
    expect(within(dialog).getByText(/then talks about the road\.$/)).toBeInTheDocument();
    expectLinks(
      dialog,
      ['Interviews', '/categories/3'],
      ['Wade Hollister', '/categories/41'],
      ['WATCH', '/videos/500'],
    );
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(dialog).not.toHaveAttribute('open');
  });

  it('shows min(ceil(width / 85), 10) videos per row, recomputed on resize', async () => {
    resizeTo(320);
    renderPage(<HomePage />, { api: { '/home': home, '/config': config } });
    await screen.findByRole('heading', { name: 'Live Performances' });
    expect(rowVideoCount('Live Performances')).toBe(4);
    resizeTo(600);
    expect(rowVideoCount('Live Performances')).toBe(8);
    resizeTo(1280);
    expect(rowVideoCount('Live Performances')).toBe(10);
    expect(rowVideoCount('Classic Covers')).toBe(10);
    const firstThumb = screen
      .getByRole('region', { name: 'Live Performances' })
      .querySelector('img')!;
    // The rows' thumbnails are below the hero: lazy, sized, never competing with it.
    for (const thumb of screen
      .getByRole('region', { name: 'Classic Covers' })
      .querySelectorAll('img')) {
      expect(thumb).toHaveAttribute('loading', 'lazy');
      expect(thumb).toHaveAttribute('decoding', 'async');
      expect(thumb).toHaveAttribute('width', '320');
      expect(thumb).toHaveAttribute('height', '180');
      expect(thumb).not.toHaveAttribute('fetchpriority');
    }
    expect(firstThumb).toHaveAttribute('loading', 'lazy');
  });

  it('links each row to its category with View All, except category 10', async () => {
    renderPage(<HomePage />, { api: { '/home': home, '/config': config } });
    const live = await screen.findByRole('region', { name: 'Live Performances' });
    expect(within(live).getByRole('link', { name: /^View All/ })).toHaveAttribute(
      'href',
      '/categories/1',
    );
    const covers = screen.getByRole('region', { name: 'Classic Covers' });
    expect(within(covers).queryByRole('link', { name: /^View All/ })).not.toBeInTheDocument();
  });

  it('links the download-the-app block to both app stores in a new tab', async () => {
    renderPage(<HomePage />, { api: { '/home': home, '/config': config } });
    const block = await screen.findByRole('region', { name: 'Download the app' });
    await waitFor(() =>
      expect(within(block).getByRole('link', { name: /App Store/ })).toHaveAttribute(
        'href',
        'https://apps.example/twang',
      ),
    );
    const google = within(block).getByRole('link', { name: /Google Play/ });
    expect(google).toHaveAttribute('href', 'https://play.example/twang');
    for (const link of within(block).getAllByRole('link')) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    await waitFor(() => expect(document.title).toBe('Twang Test'));
  });

  it("shows the spec's error text when the home page cannot load", async () => {
    renderPage(<HomePage />, {
      api: { '/home': () => ({ status: 500, data: null, message: 'boom' }), '/config': config },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'There was an error loading the home page. Please try again later.',
    );
  });

  it('shows the rows without a hero when there is no featured video', async () => {
    renderPage(<HomePage />, {
      api: { '/home': { ...home, featured_video: null }, '/config': config },
    });
    await screen.findByRole('heading', { name: 'Live Performances' });
    expect(screen.queryByRole('button', { name: 'DETAILS' })).not.toBeInTheDocument();
  });
});
