import { useSyncExternalStore } from 'react';

/** The spec's local preference key. Absent means "follow the operating system". */
const KEY = 'darkMode';
const listeners = new Set<() => void>();
const systemDark = () => window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false;

function stored(): boolean | null {
  const value = localStorage.getItem(KEY);
  return value === null ? null : value === 'true';
}

export function isDarkMode(): boolean {
  return stored() ?? systemDark();
}

function apply(): void {
  document.documentElement.dataset.theme = isDarkMode() ? 'dark' : 'light';
  for (const listener of listeners) listener();
}

export function setDarkMode(dark: boolean): void {
  localStorage.setItem(KEY, String(dark));
  apply();
}

export function toggleDarkMode(): void {
  setDarkMode(!isDarkMode());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const media = window.matchMedia?.('(prefers-color-scheme: dark)');
  // Following the system: a change of the OS setting applies at once.
  const onSystemChange = () => stored() === null && apply();
  media?.addEventListener('change', onSystemChange);
  return () => {
    listeners.delete(listener);
    media?.removeEventListener('change', onSystemChange);
  };
}

export function useDarkMode(): boolean {
  return useSyncExternalStore(subscribe, isDarkMode, () => false);
}
