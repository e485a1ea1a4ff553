/** What Twang needs from YouTube; the implementation speaks the Data API and oEmbed over HTTP. */
export interface YoutubeVideoDetails {
  youtubeId: string;
  title: string;
  description: string;
  thumbnail: string;
  /** The original publish date; null when only oEmbed answered (it does not tell). */
  publishedAt: Date | null;
}

export interface YoutubeClient {
  /** One video's metadata, or null when YouTube has no such video. */
  fetchVideo: (youtubeId: string) => Promise<YoutubeVideoDetails | null>;
  /** Every upload of the configured channel, newest first. */
  listChannelUploads: () => Promise<YoutubeVideoDetails[]>;
}

export interface YoutubeClientOptions {
  apiKey?: string | undefined;
  channelId?: string | undefined;
  apiUrl: string;
  oembedUrl: string;
  timeoutMs: number;
}

export function createYoutubeClient(_options: YoutubeClientOptions): YoutubeClient {
  const pending = () => Promise.reject(new Error('to be implemented by the youtube module'));
  return { fetchVideo: pending, listChannelUploads: pending };
}
