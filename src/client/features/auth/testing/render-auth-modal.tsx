import { act, waitFor } from '@testing-library/react';
import { vi } from 'vitest';
import { renderPage } from '../../../testing/render.js';
import { openAuthModal, type AuthView } from '../../../lib/auth-modal.js';
import { AuthModal } from '../components/auth-modal.js';

type Api = NonNullable<Parameters<typeof renderPage>[1]>['api'];

export const TOKEN = 'token-from-header';

/**
 * Renders the auth modal open on `view`. Every fake answer carries an authorization header, as
 * login and register do. `gate` holds answers back until it resolves, to see the pending state.
 */
export function renderAuthModal(view: AuthView, api: Api = {}, gate?: Promise<void>) {
  const result = renderPage(<AuthModal />, { api });
  const fakeFetch = result.fetch as unknown as typeof fetch;
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    if (gate) await gate;
    const response = await fakeFetch(input, init);
    const headers = new Headers(response.headers);
    headers.set('authorization', `Bearer ${TOKEN}`);
    return new Response(response.body, { status: response.status, headers });
  });
  act(() => openAuthModal(view));
  return result;
}

/**
 * renderAuthModal, then waits for the first field to take focus (a frame after opening), so
 * typing that starts at once is not split between two fields.
 */
export async function openAuthForm(...args: Parameters<typeof renderAuthModal>) {
  const result = renderAuthModal(...args);
  await waitFor(() => {
    if (!(document.activeElement instanceof HTMLInputElement)) throw new Error('not focused yet');
  });
  return result;
}

/** The JSON body of the call to `path` (the fake records every call). */
export function sentBody(fetchMock: ReturnType<typeof vi.fn>, path: string): unknown {
  const call = fetchMock.mock.calls.find(([url]) => String(url) === `/api${path}`);
  const init = call?.[1] as RequestInit | undefined;
  return init?.body ? JSON.parse(String(init.body)) : undefined;
}
