import { useSyncExternalStore } from 'react';

/** The signed-in person as the spec stores it locally: id, firstName, isAdmin, token. */
export interface Session {
  id: number;
  firstName: string;
  isAdmin: boolean;
  token: string;
}

const KEY = 'session';
const listeners = new Set<() => void>();
let current: Session | null = read();

function read(): Session | null {
  try {
    const raw = localStorage.getItem(KEY);
    const value = raw ? (JSON.parse(raw) as Partial<Session>) : null;
    const valid =
      value &&
      typeof value.id === 'number' &&
      typeof value.token === 'string' &&
      typeof value.firstName === 'string';
    return valid ? (value as Session) : null;
  } catch {
    return null;
  }
}

function emit(): void {
  for (const listener of listeners) listener();
}

export function getSession(): Session | null {
  return current;
}

export function setSession(session: Session): void {
  current = session;
  localStorage.setItem(KEY, JSON.stringify(session));
  emit();
}

export function clearSession(): void {
  current = null;
  localStorage.removeItem(KEY);
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Signing in or out in another tab changes this one too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== KEY) return;
    current = read();
    emit();
  });
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, getSession, () => null);
}
