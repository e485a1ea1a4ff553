import { useEffect, useRef } from 'react';

const isField = (element: Element | null) =>
  element instanceof HTMLInputElement ||
  element instanceof HTMLTextAreaElement ||
  element instanceof HTMLSelectElement;

/**
 * Moves the focus once the component is shown: at once (a new step in an open dialog), and again a
 * frame later, since a dialog's showModal() runs after its children's effects and focuses its ×
 * button. That second time leaves alone a field the person has already gone to.
 */
export function useFocusOnShow(focus: () => void): void {
  const latest = useRef(focus);
  useEffect(() => {
    latest.current = focus;
  });
  useEffect(() => {
    latest.current();
    const frame = requestAnimationFrame(() => {
      if (!isField(document.activeElement)) latest.current();
    });
    return () => cancelAnimationFrame(frame);
  }, []);
}
