/** A home row never shows more than ten videos. */
export const MAX_ROW_VIDEOS = 10;
/** One more video per 85 px of window width, rounded up. */
export const PX_PER_ROW_VIDEO = 85;

/** How many videos a home row shows at this window width: min(ceil(width / 85), 10). */
export function rowSize(windowWidth: number): number {
  return Math.min(Math.ceil(windowWidth / PX_PER_ROW_VIDEO), MAX_ROW_VIDEOS);
}
