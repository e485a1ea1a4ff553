import type {
  YoutubeClient,
  YoutubeUploadDetails,
  YoutubeVideoDetails,
} from '../modules/youtube/youtube-client.js';

/** A public video as the YouTube client reads it, with the given fields. */
export function youtubeDetails(
  youtubeId: string,
  fields: Partial<YoutubeVideoDetails> = {},
): YoutubeVideoDetails {
  return {
    youtubeId,
    title: `Video ${youtubeId}`,
    description: '',
    thumbnail: '',
    publishedAt: new Date('2024-03-01T00:00:00Z'),
    privacyStatus: 'public',
    ...fields,
  };
}

/** An upload as the sync reads it: an ordinary public video unless `fields` say otherwise. */
export function youtubeUploadDetails(
  youtubeId: string,
  fields: Partial<YoutubeUploadDetails> = {},
): YoutubeUploadDetails {
  return {
    ...youtubeDetails(youtubeId),
    channelId: null,
    liveBroadcastContent: 'none',
    scheduledStartAt: null,
    ...fields,
  };
}

/**
 * A YouTube in memory, for tests that need no HTTP fake (testing/youtube-fake-server.ts is the
 * one that speaks YouTube's JSON): it knows every id, and its channel holds `uploads`, which
 * channelInfo and listUploadIds also answer for any channel id.
 */
export function fakeYoutubeClient(options: {
  video: (youtubeId: string) => YoutubeVideoDetails;
  uploads?: string[];
}): YoutubeClient {
  const uploads = options.uploads ?? [];
  return {
    fetchVideo: async (youtubeId) => options.video(youtubeId),
    listChannelUploads: async () => uploads.map(options.video),
    channelInfo: async (id) => ({ id, title: `Channel ${id}`, uploadsPlaylistId: `UU${id}` }),
    listUploadIds: async () => [...uploads],
    listVideos: async (ids) => ids.map((id) => youtubeUploadDetails(id, options.video(id))),
  };
}
