/** The privacy-enhanced player host (ARCHITECTURE.md, YouTube). */
export const EMBED_ORIGIN = 'https://www.youtube-nocookie.com';

/** The player's address for a video: never autoplaying (no parameter asks it to). */
export const embedUrl = (youtubeId: string) =>
  `${EMBED_ORIGIN}/embed/${encodeURIComponent(youtubeId)}`;

/**
 * The features the player's frame may use: protected playback, picture-in-picture and copying a
 * video's link (full screen is the frame's allowFullScreen). Not autoplay, which the spec rules
 * out, and no feature a browser may not know: Chromium logs "Unrecognized feature" for every
 * such name (YouTube's own snippet lists 'web-share') on every page with a player.
 */
export const PLAYER_ALLOW = 'clipboard-write; encrypted-media; picture-in-picture';
