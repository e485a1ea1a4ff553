import type { YoutubeClient, YoutubeVideoDetails } from '../modules/youtube/youtube-client.js';

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

/**
 * A YouTube in memory, for tests that need no HTTP fake (testing/youtube-fake-server.ts is the
 * one that speaks YouTube's JSON): it knows every id, and its channel holds `uploads`.
 */
export function fakeYoutubeClient(options: {
  video: (youtubeId: string) => YoutubeVideoDetails;
  uploads?: string[];
}): YoutubeClient {
  return {
    fetchVideo: async (youtubeId) => options.video(youtubeId),
    listChannelUploads: async () => (options.uploads ?? []).map(options.video),
  };
}
