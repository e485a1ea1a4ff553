import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { apiMessages } from '@shared/messages/api.js';
import { FollowPageLinks } from '@client/lib/page-links.js';
import { SiteConfigProvider } from '@client/lib/site-config.js';

const SESSION_REFUSALS = new Set<string>([apiMessages.sessionExpired, apiMessages.signInRequired]);

/**
 * Renders `element` at `path` inside the app's providers. `routes` adds pages to navigate to;
 * `api` answers fetch('/api/...') calls by path, in the API's envelope.
 */
export function renderPage(
  element: ReactElement,
  options: {
    path?: string;
    pattern?: string;
    routes?: RouteObject[];
    api?: Record<
      string,
      unknown | ((init?: RequestInit) => { status: number; data: unknown; message?: string })
    >;
  } = {},
): RenderResult & {
  router: ReturnType<typeof createMemoryRouter>;
  fetch: ReturnType<typeof vi.fn>;
} {
  const fetchMock = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input.toString();
    const path = url.replace(/^\/api/, '').split('?')[0] ?? '';
    const key = `${init?.method ?? 'GET'} ${path}`;
    const answer = options.api?.[key] ?? options.api?.[path];
    if (answer === undefined) {
      return new Response(
        JSON.stringify({ status: 404, data: null, message: `no fake for ${key}` }),
        {
          status: 404,
        },
      );
    }
    const reply =
      typeof answer === 'function'
        ? (answer as (init?: RequestInit) => { status: number; data: unknown; message?: string })(
            init,
          )
        : { status: 200, data: answer };
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    // As the server does: a 401 about the caller's own session names the Bearer scheme.
    if (reply.status === 401 && SESSION_REFUSALS.has(reply.message ?? '')) {
      headers['www-authenticate'] = 'Bearer realm="twang"';
    }
    return new Response(JSON.stringify({ message: 'OK', ...reply }), {
      status: reply.status,
      headers,
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [{ path: options.pattern ?? options.path ?? '/', element }, ...(options.routes ?? [])],
    { initialEntries: [options.path ?? '/'] },
  );
  const result = render(
    <QueryClientProvider client={queryClient}>
      <SiteConfigProvider>
        <FollowPageLinks router={router}>
          <RouterProvider router={router} />
        </FollowPageLinks>
      </SiteConfigProvider>
    </QueryClientProvider>,
  );
  return { ...result, router, fetch: fetchMock };
}
