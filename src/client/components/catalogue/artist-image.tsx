import { useState } from 'react';
import './catalogue.css';

export const DEFAULT_LOGO = '/default-logo.svg';

/**
 * An artist's picture; the show's logo stands in when it is missing or fails to load. Lazy
 * unless `eager`: the artist page's own portrait is above the fold and its largest picture.
 */
export function ArtistImage({
  src,
  alt,
  size = 160,
  className,
  eager = false,
  round = true,
}: {
  src: string;
  alt: string;
  size?: number;
  className?: string;
  eager?: boolean;
  /** A portrait in a circle (most places), or in the page's rounded square (the artist page). */
  round?: boolean;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const shown = !src || failed === src ? DEFAULT_LOGO : src;
  return (
    <img
      className={`artist-image${round ? ' artist-image--round' : ''}${className ? ` ${className}` : ''}`}
      src={shown}
      alt={alt}
      width={size}
      height={size}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
      onError={() => setFailed(src)}
    />
  );
}
