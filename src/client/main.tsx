import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppReady } from './app/app-ready.js';
import { createAppRouter, createHydratingRouter } from './app/browser-router.js';
import { queryClient } from './lib/query-client.js';
import { adoptPageState, readPageState, refetchForViewer } from './lib/page-state.js';
import './styles.css';

const root = document.getElementById('root')!;
const state = readPageState();

if (state) {
  // A page the server rendered: take it over as it is, with the data it was rendered from.
  adoptPageState(state);
  const router = await createHydratingRouter(state.router);
  // Not as a transition: hydrating in slices left the links inert for longer, and a click on one
  // in that window was lost (a flaky e2e showed it).
  hydrateRoot(
    root,
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <AppReady>
          <RouterProvider router={router} />
        </AppReady>
      </QueryClientProvider>
    </StrictMode>,
  );
  refetchForViewer(state.queries);
} else {
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <AppReady>
          <RouterProvider router={createAppRouter()} />
        </AppReady>
      </QueryClientProvider>
    </StrictMode>,
  );
}
