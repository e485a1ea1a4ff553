import { AsyncLocalStorage } from 'node:async_hooks';
import { dehydrate, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { scriptSafeJson } from '@shared/script-safe-json.js';
import type { AnswerApiCall, PageState, RenderPage, SentError } from '@shared/server-render.js';
import { appRoutes } from './app/app-routes.js';
import { ApiError, sendApiCallsWith } from './lib/api-client.js';
import { createQueryClient } from './lib/query-client.js';
import { siteConfigQuery, SiteConfigProvider, SITE_CONFIG_KEY } from './lib/site-config.js';

/**
 * The server's render of a public page: the same routes, loaders and query functions as the
 * browser, with API calls answered by the server itself (from its page cache) instead of the
 * network. Built by `vite build --ssr` into dist/ssr and loaded by the server
 * (src/server/modules/server-render/page-renderer.ts).
 */

/** One render's own: where its API calls are answered, and the query cache its page reads. */
interface Render {
  answer: AnswerApiCall;
  queryClient: QueryClient;
}

/** The loaders wait for all of their data: the page is rendered whole. */
const waitForAll = (loaded: Promise<unknown>) => loaded;

// Renders overlap while they wait for data: each call finds its own request's render.
const rendering = new AsyncLocalStorage<Render>();

function currentRender(): Render {
  const render = rendering.getStore();
  if (!render) throw new Error('API call outside a render');
  return render;
}

/**
 * The routes and their static handler, made once: making them per render (flattening and ranking
 * every route) was a fifth of a first view's render. A page's loader finds its render's query
 * cache when it runs; a page's lazy chunk, once loaded, stays on its route.
 */
const handler = createStaticHandler(appRoutes(() => currentRender().queryClient, waitForAll));

sendApiCallsWith(async (url) => {
  const { status, envelope } = await currentRender().answer(url);
  // The server parsed the answer already, and makes the page's head tags from the same object:
  // the API client reads it as it is rather than text parsed a second time.
  const response = new Response(null, { status, headers: { 'content-type': 'application/json' } });
  return Object.assign(response, { json: () => Promise.resolve(envelope) });
});

/**
 * React writes a page's <title> and <meta> elements first, for the document's head, where the
 * server puts them (among its own head tags); in the body they would be a second title.
 */
function splitHoisted(html: string): { title: string | null; markup: string } {
  const hoisted = /^(?:<title>[^<]*<\/title>|<meta [^>]*\/>)+/.exec(html)?.[0] ?? '';
  const title = /<title>[^<]*<\/title>/.exec(hoisted)?.[0] ?? null;
  return { title, markup: html.slice(hoisted.length) };
}

/** Errors go to the browser as their status and message, to be thrown there as ApiErrors. */
function sentError(error: unknown): SentError {
  return error instanceof ApiError
    ? { status: error.status, message: error.message }
    : { status: 500, message: 'Could not load this page.' };
}

export const renderPage: RenderPage = async (path, answer) => {
  const queryClient = createQueryClient({ retries: false });
  const request = new Request(new URL(path, 'http://twang.local'));
  // The brand and links every page shows, whether or not its route has a loader: the browser
  // reads the same from the page's #site-config, so its first render matches this one.
  const [, context] = await rendering.run({ answer, queryClient }, () =>
    Promise.all([queryClient.prefetchQuery(siteConfigQuery), handler.query(request)]),
  );
  // No route of the public site redirects or answers by itself.
  if (context instanceof Response) throw new Error(`Unexpected response for ${path}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <SiteConfigProvider>
          {/* hydrate={false}: its own inline script would break the page's CSP; state below. */}
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </SiteConfigProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
  const { title, markup } = splitHoisted(html);
  // Failed queries too: the browser shows the same error (a missing video) without asking again.
  // Not the site config: the page carries it once already, in #site-config.
  const queries = dehydrate(queryClient, {
    shouldDehydrateQuery: (query) =>
      query.state.status !== 'pending' && query.queryKey[0] !== SITE_CONFIG_KEY,
  });
  for (const query of queries.queries) {
    if (query.state.error) query.state.error = sentError(query.state.error) as unknown as Error;
  }
  const state: PageState = {
    queries,
    router: { loaderData: context.loaderData, actionData: null, errors: null },
  };
  queryClient.clear();
  return { html: markup, title, state: scriptSafeJson(state) };
};
