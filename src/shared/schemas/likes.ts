import { z } from 'zod';
import { artistSchema, videoSchema } from './catalogue.js';
import { idField } from './fields.js';
import { pagedList, wholeNumberField } from './paging.js';

/** `PUT /api/users/liked/add-artist` and `/remove-artist`. */
export const artistLikeBody = z.strictObject({
  userId: idField('userId'),
  artistId: idField('artistId'),
});

/** `PUT /api/users/liked/add-video` and `/remove-video`; the spec calls the video an episode. */
export const videoLikeBody = z.strictObject({
  userId: idField('userId'),
  episodeId: idField('episodeId'),
});

/** The liked state after the change, with the fresh count, so a client need not refetch. */
export const likeStateSchema = z.object({ isLiked: z.boolean(), like_count: z.number().int() });

export const LIKED_PAGE_SIZE = 60;
export const LIKED_PAGE_SIZE_MAX = 200;

/** GET /api/users/{id}/liked-artists and /liked-videos?page=&pageSize=: newest like first. */
export const likedListQuery = z.object({
  page: wholeNumberField('page', 1_000_000).default(1),
  pageSize: wholeNumberField('pageSize', LIKED_PAGE_SIZE_MAX).default(LIKED_PAGE_SIZE),
});
export const likedArtistsSchema = pagedList('artists', artistSchema);
export const likedVideosSchema = pagedList('videos', videoSchema);
export type LikedArtists = z.infer<typeof likedArtistsSchema>;
export type LikedVideos = z.infer<typeof likedVideosSchema>;

export type ArtistLikeBody = z.input<typeof artistLikeBody>;
export type VideoLikeBody = z.input<typeof videoLikeBody>;
export type LikeState = z.infer<typeof likeStateSchema>;
