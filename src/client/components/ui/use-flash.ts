import { useCallback, useEffect, useRef, useState } from 'react';

/** Messages, notifications and the delete dialog's close all wait 3000 ms. */
export const ADMIN_MESSAGE_MS = 3000;

export interface Flash {
  tone: 'error' | 'success';
  /** The spec's text, word for word. */
  text: string;
  /** What the server said went wrong, when it says more than the spec's text. */
  detail?: string;
}

/**
 * One status message at a time. With `autoHideMs` it disappears on its own (the recovery popups,
 * the delete dialogs); without, it stays until dismissed or replaced.
 */
export function useFlash(autoHideMs?: number) {
  const [flash, setFlash] = useState<Flash | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const show = useCallback(
    (next: Flash, onHidden?: () => void) => {
      clearTimeout(timer.current);
      setFlash(next);
      if (autoHideMs === undefined) return;
      timer.current = setTimeout(() => {
        setFlash(null);
        onHidden?.();
      }, autoHideMs);
    },
    [autoHideMs],
  );

  const dismiss = useCallback(() => {
    clearTimeout(timer.current);
    setFlash(null);
  }, []);

  return { flash, show, dismiss };
}

/** The server's message, unless it only repeats the spec's text. */
export function detailOf(error: unknown, text: string): string | undefined {
  const message = error instanceof Error ? error.message : '';
  return message && message !== text ? message : undefined;
}

/**
 * A failed call's message: the spec's text, and the server's reason when it says more, unless
 * the form shows that reason under the field it concerns (`onField`).
 */
export function failureFlash(text: string, error: unknown, onField = false): Flash {
  return { tone: 'error', text, detail: onField ? undefined : detailOf(error, text) };
}
