import type { Artist } from '@shared/schemas/catalogue.js';

/** Videos as a signed-in viewer sees them: each says whether they like it. */
export function markLikedVideos<T extends { id: number }>(
  list: T[],
  liked: ReadonlySet<number>,
): (T & { isLiked: boolean })[] {
  return list.map((video) => ({ ...video, isLiked: liked.has(video.id) }));
}

/** Artists as a signed-in viewer sees them. */
export function markLikedArtists(list: Artist[], liked: ReadonlySet<number>): Artist[] {
  return list.map((artist) => ({ ...artist, isLiked: liked.has(artist.id) }));
}
