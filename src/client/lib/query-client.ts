import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.js';

/**
 * A query cache with the app's rules. The server renders each page with a fresh one that never
 * retries: its answers come from its own page cache, and a render must not wait seconds.
 */
export function createQueryClient({ retries = true } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // The server renders a failed read (a missing video) as its error, not as loading.
        ...(retries ? {} : { retryOnMount: false }),
        // A 4xx will not change on retry; a network blip or a 5xx may.
        retry: (failures, error) =>
          retries &&
          failures < 2 &&
          !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
    },
  });
}

/** The browser's one query cache: the provider in main.tsx and the router's page loaders share it. */
export const queryClient = createQueryClient();
