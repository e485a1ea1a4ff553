import { z } from 'zod';

/** A tag (category) as the API shows it. */
export const tagSchema = z.object({ id: z.number().int(), name: z.string() });

/**
 * One video shape for every answer (home rows, video page, lists, search, admin), so a client can
 * render any of them the same way. Aliases (epid, epnum, link) are the names the spec uses too.
 */
export const videoSchema = z.object({
  id: z.number().int(),
  epid: z.number().int(),
  title: z.string(),
  description: z.string(),
  thumbnail: z.string(),
  youtube_id: z.string(),
  youtube_url: z.string(),
  link: z.string(),
  /** null when the video has no episode number. */
  episode_number: z.number().int().nullable(),
  epnum: z.number().int().nullable(),
  /** true = Public, false = Private (seen by administrators only). */
  public_state: z.boolean(),
  published_at: z.string(),
  /**
   * When a Private video turns Public by itself (scheduled publishing, issue 29), in UTC; null
   * when it is not scheduled. Only administrators see private videos, so only they see a time.
   */
  publish_at: z.string().nullable(),
  like_count: z.number().int(),
  /** Views counted (issue 28); cached pages may show it up to their max age late. */
  view_count: z.number().int(),
  tags: z.array(tagSchema),
  /** Present when the caller is signed in. */
  isLiked: z.boolean().optional(),
});

export const artistSchema = z.object({
  id: z.number().int(),
  artistid: z.number().int(),
  name: z.string(),
  description: z.string(),
  image: z.string(),
  img_path: z.string(),
  featured: z.union([z.literal(0), z.literal(1)]),
  /** The artist's own tag: its videos, and the /categories/{tagid} page. */
  tagid: z.number().int(),
  like_count: z.number().int(),
  /** Present when the caller is signed in. */
  isLiked: z.boolean().optional(),
});

export type Tag = z.infer<typeof tagSchema>;
export type Video = z.infer<typeof videoSchema>;
export type Artist = z.infer<typeof artistSchema>;

export function youtubeWatchUrl(youtubeId: string): string {
  return `https://www.youtube.com/watch?v=${youtubeId}`;
}
