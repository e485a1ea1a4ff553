import { act, waitFor } from '@testing-library/react';
import { renderPage } from '@client/testing/render.js';
import { openAuthModal, type AuthView } from '@client/lib/auth-modal.js';
import { AuthModal } from '../components/auth-modal.js';

import { answerWithToken } from '@client/testing/fetch-calls.js';

export { sentBody } from '@client/testing/fetch-calls.js';

type Api = NonNullable<Parameters<typeof renderPage>[1]>['api'];

export const TOKEN = 'token-from-header';

/**
 * Renders the auth modal open on `view`. Every fake answer carries an authorization header, as
 * login and register do. `gate` holds answers back until it resolves, to see the pending state.
 */
export function renderAuthModal(view: AuthView, api: Api = {}, gate?: Promise<void>) {
  const result = renderPage(<AuthModal />, { api });
  answerWithToken(result.fetch, TOKEN, gate);
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
