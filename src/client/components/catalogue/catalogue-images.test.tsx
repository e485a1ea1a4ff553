import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildArtist, buildVideo, cardName } from '@client/testing/catalogue-builders.js';
import { renderPage } from '@client/testing/render.js';
import { ArtistCard } from './artist-card.js';
import { VideoCard } from './video-card.js';

/**
 * Below-the-fold pictures wait until they come near (lazy), decode off the critical path, and
 * carry their size so the box is reserved before the bytes arrive (no layout shift).
 */
function expectReservedLazyImage(image: HTMLElement, width: string, height: string) {
  expect(image).toHaveAttribute('loading', 'lazy');
  expect(image).toHaveAttribute('decoding', 'async');
  expect(image).toHaveAttribute('width', width);
  expect(image).toHaveAttribute('height', height);
  expect(image).not.toHaveAttribute('fetchpriority');
}

describe('catalogue pictures', () => {
  it('gives a video thumbnail lazy loading, async decoding and a 16:9 size', () => {
    const { container } = renderPage(<VideoCard video={buildVideo(7, 'Ring of Fire')} />);
    expect(screen.getByRole('link', { name: cardName('Ring of Fire') })).toBeInTheDocument();
    expectReservedLazyImage(container.querySelector('img')!, '320', '180');
  });

  it('loads a thumbnail at once when asked (above the fold)', () => {
    const { container } = renderPage(<VideoCard video={buildVideo(7, 'Ring of Fire')} eager />);
    expect(container.querySelector('img')).toHaveAttribute('loading', 'eager');
  });

  it('gives an artist portrait lazy loading, async decoding and a square size', () => {
    const { container } = renderPage(<ArtistCard artist={buildArtist(3, 'June Pruitt')} />);
    expect(screen.getByRole('link', { name: 'June Pruitt' })).toBeInTheDocument();
    expectReservedLazyImage(container.querySelector('img')!, '128', '128');
  });
});
