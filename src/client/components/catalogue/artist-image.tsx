import { useState } from 'react';

export const DEFAULT_LOGO = '/default-logo.svg';

/** An artist's picture; the show's logo stands in when it is missing or fails to load. */
export function ArtistImage({
  src,
  alt,
  size = 160,
  className,
}: {
  src: string;
  alt: string;
  size?: number;
  className?: string;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const shown = !src || failed === src ? DEFAULT_LOGO : src;
  return (
    <img
      className={className}
      src={shown}
      alt={alt}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(src)}
    />
  );
}
