import { youtubeWatchUrl } from '@shared/schemas/catalogue.js';
import {
  channelListResponse,
  oembedResponse,
  playlistItemListResponse,
  toVideoDetails,
  videoListResponse,
} from './youtube-api-shapes.js';
import {
  YoutubeAuthError,
  YoutubeSettingMissingError,
  YoutubeUnavailableError,
} from './youtube-errors.js';
import { getJson, readDataApiAnswer } from './youtube-http.js';

/** What Twang needs from YouTube; the implementation speaks the Data API and oEmbed over HTTP. */
export interface YoutubeVideoDetails {
  youtubeId: string;
  title: string;
  description: string;
  thumbnail: string;
  /** The original publish date; null when only oEmbed answered (it does not tell). */
  publishedAt: Date | null;
  /** 'public', 'unlisted' or 'private' from the Data API; null when only oEmbed answered. */
  privacyStatus: string | null;
}

/**
 * Failures throw YoutubeAuthError (no key or channel, bad key, 401/403, quota) or
 * YoutubeUnavailableError (time-out, network, 5xx, bad JSON); see youtube-errors.ts.
 */
export interface YoutubeClient {
  /** One video's metadata, or null when YouTube has no such video (or it is private). */
  fetchVideo: (youtubeId: string) => Promise<YoutubeVideoDetails | null>;
  /** Every upload of the configured channel that videos.list returns, newest first. */
  listChannelUploads: () => Promise<YoutubeVideoDetails[]>;
}

export interface YoutubeClientOptions {
  apiKey?: string | undefined;
  channelId?: string | undefined;
  apiUrl: string;
  oembedUrl: string;
  timeoutMs: number;
}

/** videos.list and playlistItems.list take at most 50 ids / results per call. */
const BATCH = 50;
/** A guard against a playlist whose page tokens never end: 500 pages is 25,000 uploads. */
const MAX_PAGES = 500;

export function createYoutubeClient(options: YoutubeClientOptions): YoutubeClient {
  const { apiKey, channelId, timeoutMs } = options;
  const apiBase = options.apiUrl.replace(/\/+$/, '');

  /** One Data API call (1 quota unit each; search.list, at 100 units, is never used). */
  async function dataApi(resource: string, params: Record<string, string>, key: string) {
    const url = new URL(`${apiBase}/${resource}`);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    url.searchParams.set('key', key);
    return getJson(url, timeoutMs, `${resource}.list`);
  }

  async function listVideos(ids: string[], key: string) {
    const answer = await dataApi(
      'videos',
      { part: 'snippet,contentDetails,status', id: ids.join(',') },
      key,
    );
    const data = readDataApiAnswer(answer, videoListResponse, 'videos.list');
    return (data?.items ?? []).map(toVideoDetails);
  }

  async function fetchByOembed(youtubeId: string): Promise<YoutubeVideoDetails | null> {
    const url = new URL(options.oembedUrl);
    url.searchParams.set('url', youtubeWatchUrl(youtubeId));
    url.searchParams.set('format', 'json');
    const { status, body } = await getJson(url, timeoutMs, 'oEmbed');
    // oEmbed says 404 for no such video and 401/403 for private or non-embeddable ones: either way
    // there is nothing Twang can show. 400 comes back for links it cannot read.
    if (status === 400 || status === 401 || status === 403 || status === 404) return null;
    const parsed = oembedResponse.safeParse(body);
    if (status !== 200 || !parsed.success) {
      throw new YoutubeUnavailableError(`YouTube oEmbed answered ${status}`);
    }
    return {
      youtubeId,
      title: parsed.data.title,
      description: '',
      thumbnail: parsed.data.thumbnail_url ?? '',
      publishedAt: null,
      privacyStatus: null,
    };
  }

  async function uploadsPlaylistId(key: string, channel: string): Promise<string> {
    const answer = await dataApi('channels', { part: 'contentDetails', id: channel }, key);
    const data = readDataApiAnswer(answer, channelListResponse, 'channels.list');
    const uploads = data?.items[0]?.contentDetails.relatedPlaylists.uploads;
    if (!uploads)
      throw new YoutubeAuthError('YouTube has no channel with the configured YOUTUBE_CHANNEL_ID');
    return uploads;
  }

  async function playlistVideoIds(key: string, playlistId: string): Promise<string[]> {
    const ids = new Set<string>();
    const seenTokens = new Set<string>();
    let pageToken: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const params: Record<string, string> = {
        part: 'contentDetails',
        playlistId,
        maxResults: String(BATCH),
      };
      if (pageToken) params.pageToken = pageToken;
      const answer = await dataApi('playlistItems', params, key);
      // An uploads playlist of a channel without videos answers 404 playlistNotFound.
      const data = readDataApiAnswer(answer, playlistItemListResponse, 'playlistItems.list');
      for (const item of data?.items ?? []) ids.add(item.contentDetails.videoId);
      pageToken = data?.nextPageToken;
      if (!pageToken || seenTokens.has(pageToken)) break;
      seenTokens.add(pageToken);
    }
    return [...ids];
  }

  return {
    async fetchVideo(youtubeId) {
      if (!apiKey) return fetchByOembed(youtubeId);
      const [video] = await listVideos([youtubeId], apiKey);
      return video ?? null;
    },

    async listChannelUploads() {
      if (!apiKey) throw new YoutubeSettingMissingError('YOUTUBE_API_KEY');
      if (!channelId) throw new YoutubeSettingMissingError('YOUTUBE_CHANNEL_ID');
      const playlistId = await uploadsPlaylistId(apiKey, channelId);
      const ids = await playlistVideoIds(apiKey, playlistId);
      const found = new Map<string, YoutubeVideoDetails>();
      for (let start = 0; start < ids.length; start += BATCH) {
        for (const video of await listVideos(ids.slice(start, start + BATCH), apiKey)) {
          found.set(video.youtubeId, video);
        }
      }
      // Playlist order (newest first); ids videos.list did not return (private, deleted) drop out.
      return ids.flatMap((id) => found.get(id) ?? []);
    },
  };
}
