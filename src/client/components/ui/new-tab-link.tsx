import type { ReactNode } from 'react';

/**
 * A link to another site, opened in a new tab: it says so to screen readers, and the new page
 * gets no handle on this one (noopener) nor learns where the visitor came from (noreferrer).
 */
export function NewTabLink({
  href,
  className,
  children,
}: {
  href: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <a href={href} className={className} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}
