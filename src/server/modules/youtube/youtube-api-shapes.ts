import { z } from 'zod';
import type { YoutubeUploadDetails, YoutubeVideoDetails } from './youtube-client.js';

// The parts of YouTube's documented answers that Twang reads; other fields pass unchecked.

const thumbnail = z.object({ url: z.string() });

export const videoResource = z.object({
  id: z.string(),
  snippet: z.object({
    channelId: z.string().optional(),
    title: z.string(),
    /** 'upcoming' for a premiere or stream not started yet, 'live' during it, else 'none'. */
    liveBroadcastContent: z.string().optional(),
    description: z.string().default(''),
    publishedAt: z.iso.datetime({ offset: true }),
    thumbnails: z
      .object({
        default: thumbnail.optional(),
        medium: thumbnail.optional(),
        high: thumbnail.optional(),
        standard: thumbnail.optional(),
        maxres: thumbnail.optional(),
      })
      .default({}),
  }),
  status: z.object({ privacyStatus: z.string().optional() }).optional(),
  /** Only premieres and live streams have it. */
  liveStreamingDetails: z
    .object({ scheduledStartTime: z.iso.datetime({ offset: true }).optional() })
    .optional(),
});

export const videoListResponse = z.object({ items: z.array(videoResource).default([]) });

export const channelListResponse = z.object({
  items: z
    .array(
      z.object({
        id: z.string().optional(),
        snippet: z.object({ title: z.string() }).optional(),
        contentDetails: z.object({
          relatedPlaylists: z.object({ uploads: z.string().optional() }),
        }),
      }),
    )
    .default([]),
});

export const playlistItemListResponse = z.object({
  nextPageToken: z.string().optional(),
  items: z.array(z.object({ contentDetails: z.object({ videoId: z.string() }) })).default([]),
});

/** oEmbed's answer for a video (https://oembed.com, type "video"). */
export const oembedResponse = z.object({
  title: z.string(),
  thumbnail_url: z.string().optional(),
});

export type VideoResource = z.infer<typeof videoResource>;

/** The "high" thumbnail (480x360) exists for every video and suits the site's cards. */
export function toVideoDetails(item: VideoResource): YoutubeVideoDetails {
  const { thumbnails } = item.snippet;
  const picked =
    thumbnails.high ??
    thumbnails.medium ??
    thumbnails.default ??
    thumbnails.standard ??
    thumbnails.maxres;
  return {
    youtubeId: item.id,
    title: item.snippet.title,
    description: item.snippet.description,
    thumbnail: picked?.url ?? '',
    publishedAt: new Date(item.snippet.publishedAt),
    privacyStatus: item.status?.privacyStatus ?? null,
  };
}

/** The sync's view of a video: the import's details plus what tells a premiere apart. */
export function toUploadDetails(item: VideoResource): YoutubeUploadDetails {
  const scheduled = item.liveStreamingDetails?.scheduledStartTime;
  return {
    ...toVideoDetails(item),
    channelId: item.snippet.channelId ?? null,
    liveBroadcastContent: item.snippet.liveBroadcastContent ?? null,
    scheduledStartAt: scheduled ? new Date(scheduled) : null,
  };
}
