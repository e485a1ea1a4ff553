/**
 * Hands out start times `1 / rate` apart: the mailing's pace, whatever the pool's speed. The rate
 * is asked at each mail, so a site that becomes busy slows the mailing at once.
 */
export function createPacer(perSecond: () => number) {
  let next = performance.now();
  return async () => {
    const now = performance.now();
    const at = Math.max(now, next);
    next = at + 1000 / perSecond();
    if (at - now >= 1) await new Promise((resolve) => setTimeout(resolve, at - now));
  };
}
