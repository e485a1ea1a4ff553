import { youtubeWatchUrl } from '@shared/schemas/catalogue.js';
import {
  channelListResponse,
  oembedResponse,
  playlistItemListResponse,
  toUploadDetails,
  toVideoDetails,
  videoListResponse,
  type VideoResource,
} from './youtube-api-shapes.js';
import {
  YoutubeAuthError,
  YoutubeSettingMissingError,
  YoutubeUnavailableError,
} from './youtube-errors.js';
import { getJson, readDataApiAnswer } from './youtube-http.js';
import { UNITS_PER_CALL, type QuotaGuard } from './youtube-quota.js';

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

/** A video as the channel sync reads it: the Data API always answers, so more is known. */
export interface YoutubeUploadDetails extends YoutubeVideoDetails {
  channelId: string | null;
  /** 'upcoming' for a premiere not started yet, 'live' while it plays, 'none' otherwise. */
  liveBroadcastContent: string | null;
  /** When a premiere (or stream) is scheduled to start; null for an ordinary upload. */
  scheduledStartAt: Date | null;
}

export interface YoutubeChannelInfo {
  id: string;
  title: string;
  uploadsPlaylistId: string;
}

export interface ListUploadIdsOptions {
  /**
   * Called with each page's ids (newest first); answering true stops the walk after that page,
   * so an hourly sync of a channel whose newest page is all known costs one unit, not one per 50.
   */
  stopWhenAllKnown?: (ids: string[]) => boolean | Promise<boolean>;
}

/**
 * Failures throw YoutubeAuthError (no key or channel, bad key, 401/403; YoutubeQuotaError for the
 * quota) or YoutubeUnavailableError (time-out, network, 5xx, bad JSON); each carries a `reason`
 * (youtube-errors.ts).
 */
export interface YoutubeClient {
  /** One video's metadata, or null when YouTube has no such video (or it is private). */
  fetchVideo: (youtubeId: string) => Promise<YoutubeVideoDetails | null>;
  /** Every upload of the configured channel that videos.list returns, newest first. */
  listChannelUploads: () => Promise<YoutubeVideoDetails[]>;
  /** A channel's title and uploads playlist, or null when YouTube has no such channel (deleted). */
  channelInfo: (channelId: string) => Promise<YoutubeChannelInfo | null>;
  /** The ids of a playlist's videos, newest first; [] for a playlist YouTube does not find. */
  listUploadIds: (playlistId: string, options?: ListUploadIdsOptions) => Promise<string[]>;
  /** The videos.list details of `ids`, in their order; private and unknown ids drop out. */
  listVideos: (ids: readonly string[]) => Promise<YoutubeUploadDetails[]>;
}

export interface YoutubeClientOptions {
  apiKey?: string | undefined;
  channelId?: string | undefined;
  apiUrl: string;
  oembedUrl: string;
  timeoutMs: number;
  /** Told the units of each Data API call once it was sent (oEmbed is free and not reported). */
  onQuotaSpent?: (units: number) => void;
  quotaGuard?: QuotaGuard;
}

/** videos.list and playlistItems.list take at most 50 ids / results per call. */
const BATCH = 50;
/** A guard against a playlist whose page tokens never end: 500 pages is 25,000 uploads. */
const MAX_PAGES = 500;
/** The import reads what it shows; the sync also needs to tell a premiere from an upload. */
const IMPORT_PARTS = 'snippet,contentDetails,status';
const SYNC_PARTS = 'snippet,contentDetails,status,liveStreamingDetails';

export function createYoutubeClient(options: YoutubeClientOptions): YoutubeClient {
  const { apiKey, channelId, timeoutMs } = options;
  const apiBase = options.apiUrl.replace(/\/+$/, '');

  function requireKey(): string {
    if (!apiKey) throw new YoutubeSettingMissingError('YOUTUBE_API_KEY');
    return apiKey;
  }

  /** One Data API call (1 quota unit each; search.list, at 100 units, is never used). */
  async function dataApi(resource: string, params: Record<string, string>, key: string) {
    options.quotaGuard?.beforeCall?.(UNITS_PER_CALL);
    const url = new URL(`${apiBase}/${resource}`);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    url.searchParams.set('key', key);
    try {
      return await getJson(url, timeoutMs, `${resource}.list`);
    } finally {
      // Counted even when no answer came: YouTube may have charged a call that timed out, and
      // over-counting only stops a sync a little early.
      options.onQuotaSpent?.(UNITS_PER_CALL);
    }
  }

  /** videos.list for up to 50 ids at a time, the answers in the order of `ids`. */
  async function videosList(ids: readonly string[], key: string, part: string) {
    const unique = [...new Set(ids)];
    const found = new Map<string, VideoResource>();
    for (let start = 0; start < unique.length; start += BATCH) {
      const batch = unique.slice(start, start + BATCH);
      const answer = await dataApi('videos', { part, id: batch.join(',') }, key);
      const data = readDataApiAnswer(answer, videoListResponse, 'videos.list');
      for (const item of data?.items ?? []) found.set(item.id, item);
    }
    return unique.flatMap((id) => found.get(id) ?? []);
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

  async function channelInfo(key: string, channel: string): Promise<YoutubeChannelInfo | null> {
    const answer = await dataApi('channels', { part: 'snippet,contentDetails', id: channel }, key);
    const data = readDataApiAnswer(answer, channelListResponse, 'channels.list');
    const item = data?.items[0];
    const uploads = item?.contentDetails.relatedPlaylists.uploads;
    // A deleted or terminated channel is simply missing from the answer.
    if (!item || !uploads) return null;
    return { id: item.id ?? channel, title: item.snippet?.title ?? '', uploadsPlaylistId: uploads };
  }

  async function playlistVideoIds(
    key: string,
    playlistId: string,
    stopWhenAllKnown?: (ids: string[]) => boolean | Promise<boolean>,
  ): Promise<string[]> {
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
      const pageIds = (data?.items ?? []).map((item) => item.contentDetails.videoId);
      for (const id of pageIds) ids.add(id);
      if (stopWhenAllKnown && pageIds.length > 0 && (await stopWhenAllKnown(pageIds))) break;
      pageToken = data?.nextPageToken;
      if (!pageToken || seenTokens.has(pageToken)) break;
      seenTokens.add(pageToken);
    }
    return [...ids];
  }

  return {
    async fetchVideo(youtubeId) {
      if (!apiKey) return fetchByOembed(youtubeId);
      const [video] = await videosList([youtubeId], apiKey, IMPORT_PARTS);
      return video ? toVideoDetails(video) : null;
    },

    async listChannelUploads() {
      const key = requireKey();
      if (!channelId) throw new YoutubeSettingMissingError('YOUTUBE_CHANNEL_ID');
      const channel = await channelInfo(key, channelId);
      if (!channel) {
        throw new YoutubeAuthError(
          'YouTube has no channel with the configured YOUTUBE_CHANNEL_ID',
          'channelNotFound',
        );
      }
      const ids = await playlistVideoIds(key, channel.uploadsPlaylistId);
      // Playlist order (newest first); ids videos.list did not return (private, deleted) drop out.
      return (await videosList(ids, key, IMPORT_PARTS)).map(toVideoDetails);
    },

    async channelInfo(id) {
      return channelInfo(requireKey(), id);
    },

    async listUploadIds(playlistId, listOptions = {}) {
      return playlistVideoIds(requireKey(), playlistId, listOptions.stopWhenAllKnown);
    },

    async listVideos(ids) {
      if (ids.length === 0) return [];
      return (await videosList(ids, requireKey(), SYNC_PARTS)).map(toUploadDetails);
    },
  };
}
