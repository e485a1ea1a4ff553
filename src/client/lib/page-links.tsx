import { useLayoutEffect, type ReactNode } from 'react';

/** The mark of a link to one of the site's pages that the app follows itself (PageLink). */
export const PAGE_LINK_MARK = 'data-page-link';

/** What following a link needs of the router: the data routers' `navigate`. */
export interface LinkFollower {
  navigate(to: string, options: { replace: boolean }): unknown;
}

/**
 * Whether the browser should have this click: another button, a key held (a new tab or
 * window, a download), or a link to another window or origin. As React Router's Link decides.
 */
function leftToTheBrowser(event: MouseEvent, link: HTMLAnchorElement): boolean {
  return (
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.altKey ||
    event.ctrlKey ||
    event.shiftKey ||
    (link.target !== '' && link.target !== '_self') ||
    link.hasAttribute('download') ||
    link.origin !== window.location.origin
  );
}

/**
 * Follows clicks on marked links in the app instead of loading a new document: one listener
 * for the whole page rather than the router's hooks in every card's link. A click on the page
 * already shown replaces its history entry, as a router link's does.
 */
export function followPageLinks(router: LinkFollower): () => void {
  const onClick = (event: MouseEvent) => {
    const target = event.target;
    const link = target instanceof Element ? target.closest(`a[${PAGE_LINK_MARK}]`) : null;
    if (!(link instanceof HTMLAnchorElement) || leftToTheBrowser(event, link)) return;
    event.preventDefault();
    const to = link.pathname + link.search + link.hash;
    const here = window.location.pathname + window.location.search + window.location.hash;
    void router.navigate(to, { replace: to === here });
  };
  document.addEventListener('click', onClick);
  return () => document.removeEventListener('click', onClick);
}

/**
 * Follows marked links with this router while mounted. It wraps the router rather than sitting
 * beside it: a second child would change the tree's shape, which useId's ids follow, and the
 * browser's ids would no longer be the server's. A layout effect, so the listener is there once
 * the page is hydrated: a click during hydration makes React finish it at once, and the click,
 * still on its way up, then reaches the document's listener, as it reached a Link's handler.
 */
export function FollowPageLinks({
  router,
  children,
}: {
  router: LinkFollower;
  children: ReactNode;
}) {
  useLayoutEffect(() => followPageLinks(router), [router]);
  return children;
}
