import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';
import type { ApiEnvelope } from './api-envelope.js';

/**
 * The contract between the server and the client's render entry (src/client/entry-server.tsx),
 * which the server loads from the build (dist/ssr) rather than importing the client's source.
 */

/** The id of the JSON script that carries a server-rendered page's state to the browser. */
export const PAGE_STATE_ID = 'page-state';

/**
 * An API answer as the server would send it: its status and its envelope, parsed once on the
 * server. The render reads it, and the page's head tags are made from the same object.
 */
export interface ApiAnswer {
  status: number;
  envelope: ApiEnvelope<unknown>;
}

/** Answers a GET of an API path (`/api/...`, query string included) while a page renders. */
export type AnswerApiCall = (path: string) => Promise<ApiAnswer>;

export interface RenderedPage {
  /** The markup that goes inside <div id="root">. */
  html: string;
  /** The page's own <title> element, as React wrote it, for the document's head. */
  title: string | null;
  /** The page's state as script-safe JSON (`PageState`), for the #page-state script. */
  state: string;
}

/** Renders the public page at `path` (with its query string) as a signed-out visitor sees it. */
export type RenderPage = (path: string, answer: AnswerApiCall) => Promise<RenderedPage>;

/** An API error, as it crosses from the server's query cache to the browser's. */
export interface SentError {
  status: number;
  message: string;
}

/** What the browser takes over: the query cache (errors as `SentError`) and the router's data. */
export interface PageState {
  queries: DehydratedState;
  router: HydrationState;
}
