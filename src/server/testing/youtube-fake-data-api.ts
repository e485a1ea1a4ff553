import type { FakeYoutubeVideo } from './youtube-fake-catalogue.js';

// The Data API v3 half of the fake YouTube: channels.list, playlistItems.list and videos.list.

/**
 * How the fake misbehaves: 'quotaExceeded' answers the Data API's quota 403, 'keyInvalid' the 400
 * of a revoked key whatever key is sent, 'serverError' a 500 everywhere, 'badJson' a 200 that is
 * not JSON, 'slow' answers after `slowDelayMs`.
 */
export type YoutubeFakeMode =
  'normal' | 'quotaExceeded' | 'keyInvalid' | 'serverError' | 'badJson' | 'slow';

/** One channel: its uploads playlist lists `uploads`, newest first. */
export interface FakeChannel {
  id: string;
  title: string;
  uploadsPlaylistId: string;
  uploads: string[];
  /** A deleted (or terminated) channel: channels.list leaves it out, its playlist is gone. */
  deleted: boolean;
}

export interface YoutubeFakeState {
  mode: YoutubeFakeMode;
  slowDelayMs: number;
  apiKey: string;
  /** The channel the admin import reads (YOUTUBE_CHANNEL_ID); the first of `channels`. */
  channelId: string;
  channels: Map<string, FakeChannel>;
  /** Every video YouTube knows, by id (channel uploads and any test adds). */
  videos: Map<string, FakeYoutubeVideo>;
  /** Each call received: the path and its parameters without the key. */
  requests: { path: string; params: Record<string, string> }[];
  /** Data API units charged: one per call YouTube answered with the right key, errors included. */
  unitsSpent: number;
  /** Past this many units every call answers 403 quotaExceeded; null for no limit. */
  dailyQuotaLimit: number | null;
  /** A videos.list naming any of these answers 503 backendError, as a flaky backend does. */
  failingVideoIds: Set<string>;
}

export type FakeAnswer = { status: number; body: unknown } | { status: number; text: string };

const PAGE_SIZE_MAX = 50;
const PARTS = new Set(['snippet', 'contentDetails', 'status', 'id', 'liveStreamingDetails']);

/** Google's documented error body. */
export function googleError(
  code: number,
  reason: string,
  message: string,
  domain = 'global',
): FakeAnswer {
  return {
    status: code,
    body: { error: { code, message, errors: [{ message, domain, reason }] } },
  };
}

const etag = (seed: string) => Buffer.from(seed).toString('base64url').slice(0, 27);
const pageToken = (offset: number) => `CD${Buffer.from(`offset:${offset}`).toString('base64url')}`;
function pageOffset(token: string): number | null {
  if (!token.startsWith('CD')) return null;
  const match = /^offset:(\d+)$/.exec(Buffer.from(token.slice(2), 'base64url').toString());
  return match ? Number(match[1]) : null;
}

function thumbnails(id: string) {
  const at = (name: string, width: number, height: number) => ({
    url: `https://i.ytimg.com/vi/${id}/${name}.jpg`,
    width,
    height,
  });
  return {
    default: at('default', 120, 90),
    medium: at('mqdefault', 320, 180),
    high: at('hqdefault', 480, 360),
    standard: at('sddefault', 640, 480),
    maxres: at('maxresdefault', 1280, 720),
  };
}

/** A premiere answers 'upcoming' until it starts, like YouTube's snippet.liveBroadcastContent. */
function liveBroadcastContent(video: FakeYoutubeVideo): string {
  if (!video.scheduledStartTime) return 'none';
  return Date.parse(video.scheduledStartTime) > Date.now() ? 'upcoming' : 'none';
}

function videoResource(video: FakeYoutubeVideo, parts: Set<string>, channel: FakeChannel) {
  const resource: Record<string, unknown> = {
    kind: 'youtube#video',
    etag: etag(video.id),
    id: video.id,
  };
  if (parts.has('snippet')) {
    resource.snippet = {
      publishedAt: video.publishedAt,
      channelId: channel.id,
      title: video.title,
      description: video.description,
      thumbnails: thumbnails(video.id),
      channelTitle: channel.title,
      categoryId: '10',
      liveBroadcastContent: liveBroadcastContent(video),
    };
  }
  if (parts.has('liveStreamingDetails') && video.scheduledStartTime) {
    resource.liveStreamingDetails = { scheduledStartTime: video.scheduledStartTime };
  }
  if (parts.has('contentDetails')) {
    const minutes = Math.floor(video.durationSeconds / 60);
    resource.contentDetails = {
      duration: `PT${minutes}M${video.durationSeconds % 60}S`,
      dimension: '2d',
      definition: 'hd',
      caption: 'false',
      licensedContent: true,
      projection: 'rectangular',
    };
  }
  if (parts.has('status')) {
    resource.status = {
      uploadStatus: 'processed',
      privacyStatus: video.privacyStatus,
      license: 'youtube',
      embeddable: true,
      publicStatsViewable: true,
      madeForKids: false,
    };
  }
  return resource;
}

function listResponse(kind: string, items: unknown[], totalResults: number, extra: object = {}) {
  const body = {
    kind,
    etag: etag(`${kind}${totalResults}`),
    ...extra,
    pageInfo: { totalResults, resultsPerPage: items.length },
  };
  return items.length > 0 ? { ...body, items } : body;
}

const quotaExceeded = () =>
  googleError(
    403,
    'quotaExceeded',
    'The request cannot be completed because you have exceeded your quota.',
    'youtube.quota',
  );

/** The live channel whose uploads list a video, if any. */
function ownerOf(state: YoutubeFakeState, videoId: string): FakeChannel | undefined {
  return [...state.channels.values()].find(
    (channel) => !channel.deleted && channel.uploads.includes(videoId),
  );
}

/**
 * The Data API: key check, quota (one unit a call, as channels, playlistItems and videos .list
 * cost), then channels.list, playlistItems.list or videos.list.
 */
export function dataApi(
  state: YoutubeFakeState,
  resource: string,
  params: URLSearchParams,
): FakeAnswer {
  const key = params.get('key');
  if (!key) return googleError(403, 'forbidden', 'The request is missing a valid API key.');
  if (key !== state.apiKey || state.mode === 'keyInvalid') {
    return googleError(400, 'keyInvalid', 'Bad Request', 'usageLimits');
  }
  if (state.mode === 'quotaExceeded') return quotaExceeded();
  if (state.dailyQuotaLimit !== null && state.unitsSpent >= state.dailyQuotaLimit) {
    return quotaExceeded();
  }
  state.unitsSpent += 1;
  const part = params.get('part');
  if (!part) return googleError(400, 'required', 'Required parameter: part', 'global');
  const parts = new Set(part.split(','));
  if ([...parts].some((name) => !PARTS.has(name))) {
    return googleError(400, 'unknownPart', `'${part}'`, 'youtube.part');
  }
  switch (resource) {
    case 'channels':
      return channels(state, params, parts);
    case 'playlistItems':
      return playlistItems(state, params);
    case 'videos':
      if ((params.get('id') ?? '').split(',').some((id) => state.failingVideoIds.has(id))) {
        return googleError(503, 'backendError', 'The service is currently unavailable.');
      }
      return videos(state, params, parts);
    default:
      return googleError(404, 'notFound', 'Not Found');
  }
}

/** A deleted channel is left out of the items, with no error: that is how YouTube answers. */
function channels(state: YoutubeFakeState, params: URLSearchParams, parts: Set<string>) {
  const ids = (params.get('id') ?? '').split(',');
  const items = ids.flatMap((id) => {
    const channel = state.channels.get(id);
    if (!channel || channel.deleted) return [];
    const resource: Record<string, unknown> = { kind: 'youtube#channel', etag: etag(id), id };
    if (parts.has('snippet')) {
      resource.snippet = {
        title: channel.title,
        description: '',
        publishedAt: '2021-01-01T00:00:00Z',
      };
    }
    if (parts.has('contentDetails')) {
      resource.contentDetails = {
        relatedPlaylists: { likes: '', uploads: channel.uploadsPlaylistId },
      };
    }
    return [resource];
  });
  return {
    status: 200,
    body: listResponse('youtube#channelListResponse', items, items.length),
  };
}

function videos(state: YoutubeFakeState, params: URLSearchParams, parts: Set<string>) {
  const ids = (params.get('id') ?? '').split(',').filter(Boolean);
  if (ids.length === 0)
    return googleError(
      400,
      'missingRequiredParameter',
      'No filter selected. Expected one of: id, chart, myRating.',
      'youtube.parameter',
    );
  if (ids.length > PAGE_SIZE_MAX)
    return googleError(400, 'invalidParameter', 'Too many ids: at most 50.', 'youtube.parameter');
  // An API key sees public and unlisted videos; private ones are simply not returned, nor are
  // those of a deleted channel. A video no channel lists (an extra) is credited to the first one.
  const fallback = state.channels.get(state.channelId)!;
  const items = ids.flatMap((id) => {
    const video = state.videos.get(id);
    if (!video || video.privacyStatus === 'private') return [];
    const listed = [...state.channels.values()].some((channel) => channel.uploads.includes(id));
    const owner = ownerOf(state, id);
    if (listed && !owner) return [];
    return [videoResource(video, parts, owner ?? fallback)];
  });
  return { status: 200, body: listResponse('youtube#videoListResponse', items, items.length) };
}

function playlistItems(state: YoutubeFakeState, params: URLSearchParams): FakeAnswer {
  const channel = [...state.channels.values()].find(
    (candidate) => candidate.uploadsPlaylistId === params.get('playlistId'),
  );
  if (!channel || channel.deleted) {
    return googleError(
      404,
      'playlistNotFound',
      "The playlist identified with the request's playlistId parameter cannot be found.",
      'youtube.playlistItem',
    );
  }
  const maxResults = Number(params.get('maxResults') ?? '5');
  if (!Number.isInteger(maxResults) || maxResults < 0 || maxResults > PAGE_SIZE_MAX) {
    return googleError(
      400,
      'invalidParameter',
      'Invalid value for maxResults.',
      'youtube.parameter',
    );
  }
  const token = params.get('pageToken');
  const offset = token ? pageOffset(token) : 0;
  if (offset === null)
    return googleError(
      400,
      'invalidPageToken',
      'The request specifies an invalid page token.',
      'youtube.parameter',
    );
  const { uploads, uploadsPlaylistId } = channel;
  const ids = uploads.slice(offset, offset + maxResults);
  const items = ids.map((videoId, index) => ({
    kind: 'youtube#playlistItem',
    etag: etag(`${videoId}${offset + index}`),
    id: Buffer.from(`${uploadsPlaylistId}.${videoId}`).toString('base64url'),
    contentDetails: { videoId, videoPublishedAt: state.videos.get(videoId)?.publishedAt },
  }));
  const next =
    offset + maxResults < uploads.length ? { nextPageToken: pageToken(offset + maxResults) } : {};
  const previous = offset > 0 ? { prevPageToken: pageToken(Math.max(0, offset - maxResults)) } : {};
  return {
    status: 200,
    body: listResponse('youtube#playlistItemListResponse', items, uploads.length, {
      ...next,
      ...previous,
    }),
  };
}
