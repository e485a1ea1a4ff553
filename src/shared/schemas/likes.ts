import { z } from 'zod';
import { artistSchema, videoSchema } from './catalogue.js';
import { idField } from './fields.js';

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

export const likedArtistsSchema = z.object({ artists: z.array(artistSchema) });
export const likedVideosSchema = z.object({ videos: z.array(videoSchema) });

export type ArtistLikeBody = z.input<typeof artistLikeBody>;
export type VideoLikeBody = z.input<typeof videoLikeBody>;
export type LikeState = z.infer<typeof likeStateSchema>;
