import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.js';

/** The app's one query cache: the provider in main.tsx and the router's page loaders share it. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // A 4xx will not change on retry; a network blip or a 5xx may.
      retry: (failures, error) =>
        failures < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
    },
  },
});
