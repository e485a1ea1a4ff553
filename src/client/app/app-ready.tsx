import { useEffect, type ReactNode } from 'react';

/**
 * Marks the document once the app has taken the page over (`<html data-app="ready">`): a page
 * the server drew shows before its script has run, and its buttons answer only from then on.
 * Its effect runs after every effect below it, so the mark means the whole first page is live.
 */
export function AppReady({ children }: { children: ReactNode }) {
  useEffect(() => {
    document.documentElement.dataset.app = 'ready';
  }, []);
  return children;
}
