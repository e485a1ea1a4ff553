import { useLayoutEffect, useState, type RefObject } from 'react';

export interface RowScroll {
  /** Something is hidden before the visible part. */
  canBack: boolean;
  /** Something is hidden after it. */
  canForward: boolean;
  /** Moves by most of a screenful, so the last card seen stays in sight. */
  scrollPage: (direction: -1 | 1) => void;
}

/** Less than a pixel is rounding, not a hidden card. */
const SLACK_PX = 2;
const PAGE_SHARE = 0.85;
/**
 * home.css fits two cards and a third cut short across a phone, the width pages are rendered
 * at: the first state says what the measure will find there, so taking a rendered page over
 * re-renders no row.
 */
const CARDS_SEEN_ON_A_PHONE = 2;

/**
 * Where a sideways scroller stands, kept current on scroll and resize, for the row's arrows and
 * its fading edges. Measured before paint, so the arrows never pop in after the row shows.
 */
export function useRowScroll(
  scroller: RefObject<HTMLElement | null>,
  /** How many items the row holds: a row that grows (wider window) may come to overflow. */
  items: number,
): RowScroll {
  const [state, setState] = useState({
    canBack: false,
    canForward: items > CARDS_SEEN_ON_A_PHONE,
  });

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const measure = () => {
      const canBack = element.scrollLeft > SLACK_PX;
      const canForward = element.scrollLeft + element.clientWidth < element.scrollWidth - SLACK_PX;
      setState((old) =>
        old.canBack === canBack && old.canForward === canForward ? old : { canBack, canForward },
      );
    };
    measure();
    element.addEventListener('scroll', measure, { passive: true });
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    resize?.observe(element);
    return () => {
      element.removeEventListener('scroll', measure);
      resize?.disconnect();
    };
  }, [scroller, items]);

  const scrollPage = (direction: -1 | 1) => {
    const element = scroller.current;
    if (!element) return;
    const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    element.scrollBy({
      left: direction * element.clientWidth * PAGE_SHARE,
      behavior: still ? 'auto' : 'smooth',
    });
  };

  return { ...state, scrollPage };
}
