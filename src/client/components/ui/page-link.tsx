import type { AnchorHTMLAttributes } from 'react';
import { PAGE_LINK_MARK } from '@client/lib/page-links.js';

type PageLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** The page's path, from `pageLink` (absolute: nothing is resolved). */
  to: string;
};

/**
 * A link to one of the site's pages that calls no hook: the app's one click listener
 * (followPageLinks) follows it without loading a document. For links drawn many times a page,
 * the cards and tags: React Router's Link resolved each one's path twice in every render, a
 * sixth of a first-time page's render on the server.
 */
export function PageLink({ to, ...anchor }: PageLinkProps) {
  return <a {...anchor} href={to} {...{ [PAGE_LINK_MARK]: '' }} />;
}
