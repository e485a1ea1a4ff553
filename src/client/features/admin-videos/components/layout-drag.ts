import {
  useEffect,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type PointerEvent as ReactPointerEvent,
  type RefObject,
} from 'react';
import type { Tag } from '@shared/schemas/catalogue.js';
import { moveItem, positionText, sameOrder } from './layout-order.js';

type Change = (tags: Tag[]) => void;
type Announce = (text: string) => void;

const isInside = (rect: DOMRect | undefined, x: number, y: number) =>
  rect !== undefined && x >= rect.left && x <= rect.right && y >= rect.top && y <= rect.bottom;

/**
 * Mouse, pen and touch dragging by the handle. The list reorders live under the pointer; a drop
 * outside the list puts everything back. The listeners sit on the window, not on
 * a captured handle, because React moves the dragged row's node and a moved node loses capture.
 */
export function usePointerReorder(
  listRef: RefObject<HTMLElement | null>,
  tags: Tag[],
  onChange: Change,
  announce: Announce,
) {
  const [draggingId, setDraggingId] = useState<number | null>(null);
  const latest = useRef(tags);
  const stopCurrent = useRef<(() => void) | null>(null);
  useEffect(() => {
    latest.current = tags;
  }, [tags]);
  useEffect(() => () => stopCurrent.current?.(), []);

  const start = (id: number, event: ReactPointerEvent<HTMLElement>) => {
    if (event.button !== 0 || !event.isPrimary) return;
    // No text selection, and no compatibility mouse events, while the row is dragged.
    event.preventDefault();
    event.currentTarget.focus();
    stopCurrent.current?.();
    const original = latest.current;
    const pointerId = event.pointerId;
    let order = original;

    const place = (next: Tag[]) => {
      if (sameOrder(next, order)) return;
      order = next;
      onChange(next);
    };
    const onMove = (move: PointerEvent) => {
      if (move.pointerId !== pointerId) return;
      const list = listRef.current;
      if (!list) return;
      if (!isInside(list.getBoundingClientRect(), move.clientX, move.clientY)) {
        place(original);
        return;
      }
      const others = Array.from(list.children).filter(
        (row): row is HTMLElement => row instanceof HTMLElement && row.dataset.tagId !== String(id),
      );
      const target = others.filter((row) => {
        const rect = row.getBoundingClientRect();
        return rect.top + rect.height / 2 < move.clientY;
      }).length;
      const from = order.findIndex((tag) => tag.id === id);
      if (from !== target) place(moveItem(order, from, target));
    };
    const onUp = (up: PointerEvent) => {
      if (up.pointerId !== pointerId) return;
      stop();
      if (!isInside(listRef.current?.getBoundingClientRect(), up.clientX, up.clientY)) {
        place(original);
        announce(`Dropped outside the list, nothing moved. ${positionText(original, id)}.`);
      } else if (!sameOrder(order, original)) {
        announce(`Moved ${positionText(order, id)}.`);
      }
    };
    const onCancel = (cancel: PointerEvent) => {
      if (cancel.pointerId !== pointerId) return;
      stop();
      place(original);
    };
    const onKey = (key: globalThis.KeyboardEvent) => {
      if (key.key !== 'Escape') return;
      key.preventDefault();
      stop();
      place(original);
      announce(`Move cancelled. ${positionText(original, id)}.`);
    };
    // Escape is caught before anything else on the page sees it (capture).
    const listeners = [
      ['pointermove', onMove, false],
      ['pointerup', onUp, false],
      ['pointercancel', onCancel, false],
      ['keydown', onKey, true],
    ] as const;
    function stop() {
      for (const [type, listener, capture] of listeners) {
        window.removeEventListener(type, listener as EventListener, capture);
      }
      stopCurrent.current = null;
      setDraggingId(null);
    }
    for (const [type, listener, capture] of listeners) {
      window.addEventListener(type, listener as EventListener, capture);
    }
    stopCurrent.current = stop;
    setDraggingId(id);
  };

  return { draggingId, start };
}

const LIFT_HELP =
  'Press the Up and Down arrows to move it, Space or Enter to drop, Escape to cancel.';

/**
 * The keyboard way to reorder: Space or Enter on a row's handle lifts it, the arrows (and Home /
 * End) move it, Space or Enter drops it, Escape puts it back. Every step is announced.
 */
export function useKeyboardReorder(tags: Tag[], onChange: Change, announce: Announce) {
  const [lifted, setLifted] = useState<{ id: number; original: Tag[] } | null>(null);
  const handles = useRef(new Map<number, HTMLButtonElement>());
  const liftedId = lifted && tags.some((tag) => tag.id === lifted.id) ? lifted.id : null;

  // Moving a row moves its DOM node, which drops the focus: give it back to the handle.
  useEffect(() => {
    if (liftedId === null) return;
    const handle = handles.current.get(liftedId);
    if (handle && document.activeElement !== handle) handle.focus();
  }, [tags, liftedId]);

  const drop = (id: number, order: Tag[]) => {
    setLifted(null);
    announce(`Dropped ${positionText(order, id)}.`);
  };

  const onKeyDown = (id: number, event: KeyboardEvent<HTMLButtonElement>) => {
    const { key } = event;
    const index = tags.findIndex((tag) => tag.id === id);
    if (liftedId !== id) {
      if (key !== ' ' && key !== 'Enter') return;
      event.preventDefault();
      setLifted({ id, original: tags });
      announce(`Picked up ${positionText(tags, id)}. ${LIFT_HELP}`);
      return;
    }
    const targets: Record<string, number> = {
      ArrowUp: index - 1,
      ArrowDown: index + 1,
      Home: 0,
      End: tags.length - 1,
    };
    const target = targets[key];
    if (target !== undefined) {
      event.preventDefault();
      const next = moveItem(tags, index, target);
      if (!sameOrder(next, tags)) onChange(next);
      announce(`${positionText(next, id)}.`);
    } else if (key === ' ' || key === 'Enter') {
      event.preventDefault();
      drop(id, tags);
    } else if (key === 'Escape' && lifted) {
      event.preventDefault();
      onChange(lifted.original);
      setLifted(null);
      announce(`Move cancelled. ${positionText(lifted.original, id)}.`);
    }
  };

  // Tabbing away drops the row where it is; a blur with nowhere to go is the node being moved.
  const onBlur = (id: number, event: FocusEvent<HTMLButtonElement>) => {
    if (liftedId === id && event.relatedTarget !== null) drop(id, tags);
  };

  const handleRef = (id: number) => (element: HTMLButtonElement | null) => {
    if (!element) return;
    handles.current.set(id, element);
    return () => {
      handles.current.delete(id);
    };
  };

  return { liftedId, onKeyDown, onBlur, handleRef };
}
