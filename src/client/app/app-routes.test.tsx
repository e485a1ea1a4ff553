import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ADMIN_PATH, ADMIN_SCREENS, PAGE_PATHS } from '@shared/page-paths.js';
import { PAGE_NAMES, PUBLIC_PAGES } from '@shared/public-pages.js';
import { appRoutes } from './app-routes.js';

const queryClientForAll = new QueryClient();
const routes = appRoutes(
  () => queryClientForAll,
  (loaded) => loaded,
);
const [site, backOffice] = routes as [RouteObject, RouteObject];

/** The component a lazy route resolves to. */
async function componentOf(route: RouteObject | undefined): Promise<unknown> {
  const lazy = route?.lazy;
  if (typeof lazy !== 'function') return undefined;
  return (await lazy()).Component;
}

describe('the router and the shared page paths', () => {
  it('declares each of PUBLIC_PAGES at its path, and nothing else but the not-found page', () => {
    const paths = site.children?.map((route) => route.path);
    expect(paths).toEqual([...PAGE_NAMES.map((page) => PUBLIC_PAGES[page].path), '*']);
  });

  it('loads each public page from the chunk its declaration names, which the server preloads', async () => {
    for (const page of PAGE_NAMES) {
      const { chunk } = PUBLIC_PAGES[page];
      const route = site.children?.find((each) => each.path === PUBLIC_PAGES[page].path);
      const module = (await import(`../features/${chunk.replace(/\.tsx$/, '.js')}`)) as Record<
        string,
        unknown
      >;
      expect(Object.values(module), page).toContain(await componentOf(route));
    }
  });

  it('nests a back-office screen at each of ADMIN_SCREENS under the login', () => {
    expect(backOffice.path).toBe(ADMIN_PATH);
    const shell = backOffice.children?.find((route) => !route.index);
    expect(shell?.children?.map((route) => route.path).sort()).toEqual(
      Object.values(ADMIN_SCREENS).sort(),
    );
  });

  it("shows nothing while a first load's code arrives, on either branch, without the router warning", () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      for (const path of [PAGE_PATHS.about, `${ADMIN_PATH}/${ADMIN_SCREENS.dashboard}`]) {
        const queryClient = new QueryClient();
        const router = createMemoryRouter(
          appRoutes(
            () => queryClient,
            (loaded) => loaded,
          ),
          {
            initialEntries: [path],
          },
        );
        const { container, unmount } = render(
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>,
        );
        expect(container, path).toBeEmptyDOMElement();
        unmount();
      }
      expect(warn.mock.calls.flat().join('\n')).not.toMatch(/HydrateFallback/);
    } finally {
      warn.mockRestore();
    }
  });
});
