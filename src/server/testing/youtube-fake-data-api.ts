import { FAKE_CHANNEL_TITLE, type FakeYoutubeVideo } from './youtube-fake-catalogue.js';

// The Data API v3 half of the fake YouTube: channels.list, playlistItems.list and videos.list.

/**
 * How the fake misbehaves: 'quotaExceeded' answers the Data API's quota 403, 'serverError' a 500
 * everywhere, 'badJson' a 200 that is not JSON, 'slow' answers after `slowDelayMs`.
 */
export type YoutubeFakeMode = 'normal' | 'quotaExceeded' | 'serverError' | 'badJson' | 'slow';

export interface YoutubeFakeState {
  mode: YoutubeFakeMode;
  slowDelayMs: number;
  apiKey: string;
  channelId: string;
  uploadsPlaylistId: string;
  /** Every video YouTube knows, by id (channel uploads and any test adds). */
  videos: Map<string, FakeYoutubeVideo>;
  /** The uploads playlist, newest first. */
  uploads: string[];
  /** Each call received: the path and its parameters without the key. */
  requests: { path: string; params: Record<string, string> }[];
}

export type FakeAnswer = { status: number; body: unknown } | { status: number; text: string };

const PAGE_SIZE_MAX = 50;
const VIDEO_PARTS = new Set(['snippet', 'contentDetails', 'status', 'id']);

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

function videoResource(video: FakeYoutubeVideo, parts: Set<string>, channelId: string) {
  const resource: Record<string, unknown> = {
    kind: 'youtube#video',
    etag: etag(video.id),
    id: video.id,
  };
  if (parts.has('snippet')) {
    resource.snippet = {
      publishedAt: video.publishedAt,
      channelId,
      title: video.title,
      description: video.description,
      thumbnails: thumbnails(video.id),
      channelTitle: FAKE_CHANNEL_TITLE,
      categoryId: '10',
      liveBroadcastContent: 'none',
    };
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

/** The Data API: key check, then channels.list, playlistItems.list or videos.list. */
export function dataApi(
  state: YoutubeFakeState,
  resource: string,
  params: URLSearchParams,
): FakeAnswer {
  const key = params.get('key');
  if (!key) return googleError(403, 'forbidden', 'The request is missing a valid API key.');
  if (key !== state.apiKey) return googleError(400, 'keyInvalid', 'Bad Request', 'usageLimits');
  if (state.mode === 'quotaExceeded') {
    return googleError(
      403,
      'quotaExceeded',
      'The request cannot be completed because you have exceeded your quota.',
      'youtube.quota',
    );
  }
  const part = params.get('part');
  if (!part) return googleError(400, 'required', 'Required parameter: part', 'global');
  const parts = new Set(part.split(','));
  if ([...parts].some((name) => !VIDEO_PARTS.has(name))) {
    return googleError(400, 'unknownPart', `'${part}'`, 'youtube.part');
  }
  switch (resource) {
    case 'channels': {
      const ids = (params.get('id') ?? '').split(',');
      const items = ids
        .filter((id) => id === state.channelId)
        .map((id) => ({
          kind: 'youtube#channel',
          etag: etag(id),
          id,
          contentDetails: { relatedPlaylists: { likes: '', uploads: state.uploadsPlaylistId } },
        }));
      return {
        status: 200,
        body: listResponse('youtube#channelListResponse', items, items.length),
      };
    }
    case 'playlistItems':
      return playlistItems(state, params);
    case 'videos': {
      const ids = (params.get('id') ?? '').split(',').filter(Boolean);
      if (ids.length === 0)
        return googleError(
          400,
          'missingRequiredParameter',
          'No filter selected. Expected one of: id, chart, myRating.',
          'youtube.parameter',
        );
      if (ids.length > PAGE_SIZE_MAX)
        return googleError(
          400,
          'invalidParameter',
          'Too many ids: at most 50.',
          'youtube.parameter',
        );
      // An API key sees public and unlisted videos; private ones are simply not returned.
      const items = ids
        .map((id) => state.videos.get(id))
        .filter(
          (video): video is FakeYoutubeVideo =>
            video !== undefined && video.privacyStatus !== 'private',
        )
        .map((video) => videoResource(video, parts, state.channelId));
      return { status: 200, body: listResponse('youtube#videoListResponse', items, items.length) };
    }
    default:
      return googleError(404, 'notFound', 'Not Found');
  }
}

function playlistItems(state: YoutubeFakeState, params: URLSearchParams): FakeAnswer {
  if (params.get('playlistId') !== state.uploadsPlaylistId) {
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
  const ids = state.uploads.slice(offset, offset + maxResults);
  const items = ids.map((videoId, index) => ({
    kind: 'youtube#playlistItem',
    etag: etag(`${videoId}${offset + index}`),
    id: Buffer.from(`${state.uploadsPlaylistId}.${videoId}`).toString('base64url'),
    contentDetails: { videoId, videoPublishedAt: state.videos.get(videoId)?.publishedAt },
  }));
  const next =
    offset + maxResults < state.uploads.length
      ? { nextPageToken: pageToken(offset + maxResults) }
      : {};
  const previous = offset > 0 ? { prevPageToken: pageToken(Math.max(0, offset - maxResults)) } : {};
  return {
    status: 200,
    body: listResponse('youtube#playlistItemListResponse', items, state.uploads.length, {
      ...next,
      ...previous,
    }),
  };
}
