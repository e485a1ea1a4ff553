import type { ApiEnvelope } from '@shared/api-envelope.js';
import { clearSession, getSession } from './session.js';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiResult<T> {
  status: number;
  data: T;
  message: string;
  headers: Headers;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

type Send = (url: string, init: RequestInit) => Promise<Response>;

/** Where API calls go: the network, except while the server renders a page (entry-server.tsx). */
let send: Send = (url, init) => fetch(url, init);

/** The server renders pages with answers from its own cache instead of the network. */
export function sendApiCallsWith(sender: Send): void {
  send = sender;
}

const NETWORK_ERROR = 'Could not reach the server. Check your connection and try again.';

/**
 * One API call: sends the session's token when there is one, unwraps the `{status, data,
 * message}` envelope, and throws ApiError with the server's message on any non-2xx answer.
 * A 401 naming our Bearer session means it ended elsewhere, so it is forgotten here too.
 */
export async function apiCall<T>(
  method: Method,
  path: string,
  options: { body?: unknown; signal?: AbortSignal } = {},
): Promise<ApiResult<T>> {
  const session = getSession();
  const headers: Record<string, string> = { accept: 'application/json' };
  if (session) headers.authorization = `Bearer ${session.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await send(`/api${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
      // The server preloads a page's API answers for an anonymous visitor into the first load
      // (modules/server-render/page-preloads.ts); a preload is only handed to a request with the same
      // credentials mode, so a signed-in call (no cookies are used anyway) never gets it.
      credentials: session ? 'omit' : 'same-origin',
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, NETWORK_ERROR);
  }
  const envelope = (await response.json().catch(() => null)) as ApiEnvelope<T> | null;
  if (!response.ok || !envelope) {
    // Only a 401 about our own session (it says Bearer) ends it; YouTube refusing the
    // server's credentials is a 401 too, and must not sign the administrator out.
    const sessionRefused = /^Bearer/i.test(response.headers.get('www-authenticate') ?? '');
    if (response.status === 401 && session && sessionRefused) clearSession();
    throw new ApiError(
      response.status,
      envelope?.message ?? `Request failed (${response.status}).`,
    );
  }
  return {
    status: response.status,
    data: envelope.data,
    message: envelope.message,
    headers: response.headers,
  };
}

/**
 * A file the API answers (a CSV export): the Bearer token cannot ride on a plain link, so the
 * file is fetched like any call and handed to the browser to save under the server's name.
 */
export async function apiDownload(path: string): Promise<void> {
  const session = getSession();
  const headers: Record<string, string> = {};
  if (session) headers.authorization = `Bearer ${session.token}`;
  let response: Response;
  try {
    response = await send(`/api${path}`, { headers, credentials: 'omit' });
  } catch {
    throw new ApiError(0, NETWORK_ERROR);
  }
  if (!response.ok) {
    const envelope = (await response.json().catch(() => null)) as ApiEnvelope<unknown> | null;
    const sessionRefused = /^Bearer/i.test(response.headers.get('www-authenticate') ?? '');
    if (response.status === 401 && session && sessionRefused) clearSession();
    throw new ApiError(
      response.status,
      envelope?.message ?? `Request failed (${response.status}).`,
    );
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'download';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  // Some browsers read the address after the click's task: let it go only once they have.
  setTimeout(() => URL.revokeObjectURL(url), 40_000);
}

/** Whether a read failed because its subject does not exist (or is not the reader's to see). */
export function isMissing(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** GET and unwrap to the payload, for query functions. */
export async function apiGet<T>(path: string, signal?: AbortSignal): Promise<T> {
  return (await apiCall<T>('GET', path, { signal })).data;
}

/** The path segment for user text: '/' and '?' must not break out of it. */
export function pathPart(text: string): string {
  return encodeURIComponent(text);
}
