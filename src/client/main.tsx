import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { AppReady } from './app/app-ready.js';
import { createAppRouter, createHydratingRouter } from './app/browser-router.js';
import { FollowPageLinks } from './lib/page-links.js';
import { queryClient } from './lib/query-client.js';
import { SiteConfigProvider } from './lib/site-config.js';
import { adoptPageState, readPageState, refetchForViewer } from './lib/page-state.js';
import './styles.css';

const root = document.getElementById('root')!;

/** The app around its router, the same whether it takes a drawn page over or draws its own. */
function app(router: ReturnType<typeof createBrowserRouter>) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <SiteConfigProvider>
          <AppReady>
            <FollowPageLinks router={router}>
              <RouterProvider router={router} />
            </FollowPageLinks>
          </AppReady>
        </SiteConfigProvider>
      </QueryClientProvider>
    </StrictMode>
  );
}

const state = readPageState();

if (state) {
  // A page the server rendered: take it over as it is, with the data it was rendered from.
  adoptPageState(state);
  const router = await createHydratingRouter(state.router);
  // Not as a transition: hydrating in slices left the links inert for longer, and a click on one
  // in that window was lost (a flaky e2e showed it).
  hydrateRoot(root, app(router));
  refetchForViewer(state.queries);
} else {
  createRoot(root).render(app(createAppRouter()));
}
