import { useSyncExternalStore } from 'react';

/**
 * The width a page is rendered at on the server, and hydrated at: a phone's. Phones, with the
 * least time to spare, then take the page over as it is; a wider screen shows its longer home
 * rows once the app has run (cards added to the right of a row move nothing else).
 */
export const SERVER_WIDTH = 390;

/**
 * Read at start and then only inside resize events. React reads a store's snapshot after every
 * commit, and reading `window.innerWidth` then forces a synchronous layout of the new DOM: on
 * the home page that was a 190 ms forced reflow right after the rows were committed.
 */
let width = typeof window === 'undefined' ? SERVER_WIDTH : window.innerWidth;

if (typeof window !== 'undefined') {
  // Added before any component's listener, so it has updated the width when they run.
  window.addEventListener('resize', () => {
    width = window.innerWidth;
  });
}

function subscribe(listener: () => void): () => void {
  window.addEventListener('resize', listener);
  return () => window.removeEventListener('resize', listener);
}

/**
 * What a component makes of the window's width (a row's length, a wide layout or not), re-read on
 * every resize. Components subscribe to that, not to the width itself: a rendered page is taken
 * over at SERVER_WIDTH's answer, and when the phone's own width gives the same answer (a 412 px
 * phone shows as many cards as a 390 px one) React has nothing to re-render once it is in charge.
 */
export function useWindowWidthAs<T extends string | number | boolean>(
  select: (width: number) => T,
): T {
  return useSyncExternalStore(
    subscribe,
    () => select(width),
    () => select(SERVER_WIDTH),
  );
}
