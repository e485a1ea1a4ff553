import { useEffect, useRef } from 'react';

/**
 * Focuses the element once it is shown. The dialog's showModal() runs after its children's effects
 * and focuses the × button, so the field takes focus a frame later.
 */
export function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    const frame = requestAnimationFrame(() => ref.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, []);
  return ref;
}
