import { useEffect, useSyncExternalStore } from 'react';
import { getSession, useSession } from './session.js';

export type AuthView = 'signIn' | 'signUp' | 'forgotPassword';

interface AuthModalState {
  open: boolean;
  view: AuthView;
}

const listeners = new Set<() => void>();
let state: AuthModalState = { open: false, view: 'signIn' };

function update(next: AuthModalState): void {
  state = next;
  for (const listener of listeners) listener();
}

/** Opens the sign-in modal from anywhere (nav button, like button, a page that needs login). */
export function openAuthModal(view: AuthView = 'signIn'): void {
  update({ open: true, view });
}

export function closeAuthModal(): void {
  update({ ...state, open: false });
}

export function setAuthView(view: AuthView): void {
  update({ ...state, view });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAuthModal(): AuthModalState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
}

/** For pages that need a signed-in user: opens the auth modal by itself when nobody is. */
export function useRequireSignIn(): boolean {
  const session = useSession();
  useEffect(() => {
    // The session itself, not this render's: taking over a server-rendered page renders once as
    // the signed-out visitor it was drawn for, and a signed-in viewer must not get the dialog.
    if (!getSession()) openAuthModal('signIn');
  }, [session]);
  return session !== null;
}
