import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { PAGE_STATE_ID, type PageState, type SentError } from '@shared/server-render.js';
import { ApiError } from './api-client.js';
import { queryClient } from './query-client.js';
import { getSession } from './session.js';

/**
 * The state a server-rendered page was rendered from (src/client/entry-server.tsx), ready for the
 * browser's query cache; null on pages the server did not render. Its data counts as fetched
 * now: the page was revalidated on the way here, so asking again would only repeat it.
 */
export function readPageState(): PageState | null {
  const text = document.getElementById(PAGE_STATE_ID)?.textContent;
  if (!text) return null;
  let state: PageState;
  try {
    state = JSON.parse(text) as PageState;
  } catch {
    return null;
  }
  const now = Date.now();
  for (const query of state.queries.queries) {
    query.state.dataUpdatedAt = now;
    const sent = query.state.error as SentError | null;
    if (sent) {
      query.state.error = new ApiError(sent.status, sent.message);
      query.state.errorUpdatedAt = now;
    }
  }
  return state;
}

/**
 * Puts the page's state in the browser's query cache. A read that failed on the server (a missing
 * video) shows its error as the server drew it, rather than loading and asking again.
 */
export function adoptPageState(state: PageState): void {
  hydrate(queryClient, state.queries);
  for (const query of state.queries.queries) {
    if (query.state.error) queryClient.setQueryDefaults(query.queryKey, { retryOnMount: false });
  }
}

/**
 * The server renders pages as a signed-out visitor sees them, so one page serves everyone. A
 * signed-in viewer's own details (what they like) are asked for once the page is theirs.
 */
export function refetchForViewer(sent: DehydratedState): void {
  if (!getSession()) return;
  const hashes = new Set(sent.queries.map((query) => query.queryHash));
  void queryClient.invalidateQueries({ predicate: (query) => hashes.has(query.queryHash) });
}
