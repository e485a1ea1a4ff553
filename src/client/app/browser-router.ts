import { createBrowserRouter, matchRoutes, type HydrationState } from 'react-router';
import { queryClient } from '../lib/query-client.js';
import { appRoutes } from './app-routes.js';

/** How long a first load waits for its data before showing the page's loading view instead. */
const FIRST_LOAD_WAIT_MS = 1_500;

/**
 * A page the server did not render (the back-office) is blank until its chunk arrives anyway, so
 * its first load also waits for its data: the first paint is the whole page,
 * with no loading view re-rendered into it (a long task, and the footer moved). Later navigations
 * do not wait: the page shows its own loading view at once.
 */
function firstLoadInBrowser(loaded: Promise<unknown>): Promise<unknown> {
  if (document.getElementById('root')?.hasChildNodes()) return Promise.resolve();
  // A slow or failing API (retries back off for seconds) must not keep the screen blank.
  return Promise.race([loaded, new Promise((resolve) => setTimeout(resolve, FIRST_LOAD_WAIT_MS))]);
}

const browserQueryClient = () => queryClient;

/** The browser's router; `hydrationData` when it takes over a page the server rendered. */
export function createAppRouter(hydrationData?: HydrationState) {
  return createBrowserRouter(appRoutes(browserQueryClient, firstLoadInBrowser), { hydrationData });
}

/**
 * The router for a page the server rendered. The page's lazy routes are loaded first, so the
 * first render is the page itself, as the server drew it, rather than the empty first load.
 */
export async function createHydratingRouter(hydrationData: HydrationState) {
  const routes = appRoutes(browserQueryClient, firstLoadInBrowser);
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy(), { lazy: undefined });
    }),
  );
  return createBrowserRouter(routes, { hydrationData });
}
