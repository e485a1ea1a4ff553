import { useEffect, useRef } from 'react';

/**
 * Moves the focus once the component is shown, a frame late: a dialog's showModal() runs after its
 * children's effects and focuses its × button first.
 */
export function useFocusOnShow(focus: () => void): void {
  const latest = useRef(focus);
  useEffect(() => {
    latest.current = focus;
  });
  useEffect(() => {
    const frame = requestAnimationFrame(() => latest.current());
    return () => cancelAnimationFrame(frame);
  }, []);
}
