import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False while the server draws a page and while the browser takes that page over (hydration
 * renders what the server drew), true in every render after: what only the browser knows (the
 * signed-in person) can be shown from then on without a mismatch. True at once for a page the
 * browser draws itself.
 */
export function usePastHydration(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
