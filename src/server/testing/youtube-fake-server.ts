import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseYoutubeId } from '@shared/schemas/youtube-url.js';
import {
  FAKE_CHANNEL_ID,
  FAKE_CHANNEL_TITLE,
  fakeChannelUploads,
  uploadsPlaylistIdOf,
  type FakeYoutubeVideo,
} from './youtube-fake-catalogue.js';
import {
  dataApi,
  googleError,
  type FakeAnswer,
  type FakeChannel,
  type YoutubeFakeMode,
  type YoutubeFakeState,
} from './youtube-fake-data-api.js';
import {
  createFakeHub,
  deletionNotification,
  uploadNotification,
  type FakeDelivery,
  type FakeHubState,
} from './youtube-fake-hub.js';
import { FAKE_IFRAME_API_SCRIPT } from './youtube-fake-iframe-api.js';

/** A channel besides the main one, for multi-channel syncs. */
export interface FakeChannelSeed {
  id: string;
  title?: string;
  uploads?: FakeYoutubeVideo[];
}

export interface YoutubeFakeOptions {
  port?: number;
  apiKey?: string;
  channelId?: string;
  uploads?: FakeYoutubeVideo[];
  otherChannels?: FakeChannelSeed[];
  /** Units after which the Data API answers 403 quotaExceeded (YouTube's default is 10,000). */
  dailyQuotaLimit?: number;
  /** Videos YouTube knows that are not in the channel's uploads (a single import finds them). */
  extraVideos?: FakeYoutubeVideo[];
  slowDelayMs?: number;
}

export interface YoutubeFake {
  apiUrl: string;
  oembedUrl: string;
  /** The IFrame Player API stand-in (youtube-fake-iframe-api.ts). */
  iframeApiUrl: string;
  apiKey: string;
  channelId: string;
  port: number;
  /** Google's hub stand-in: POST here with the WebSub form fields. */
  hubUrl: string;
  state: YoutubeFakeState;
  hub: FakeHubState;
  /** Puts `video` at the top of the channel's uploads, as a new upload appears. */
  addUpload: (channelId: string, video: FakeYoutubeVideo) => FakeYoutubeVideo;
  /** Deletes (terminates) a channel: gone from channels.list, its playlist and videos with it. */
  deleteChannel: (channelId: string) => void;
  /** Resolves once the hub has finished every verification GET started so far. */
  hubIdle: () => Promise<void>;
  /** POSTs the upload notification of `videoId` to each verified subscriber of the channel. */
  publish: (channelId: string, videoId: string) => Promise<FakeDelivery[]>;
  /** POSTs the deletion tombstone of `videoId` likewise. */
  publishDeletion: (channelId: string, videoId: string) => Promise<FakeDelivery[]>;
  close: () => Promise<void>;
}

/** oEmbed answers plain text for its errors: 404 unknown, 401 private. */
function oembed(state: YoutubeFakeState, params: URLSearchParams, origin: string): FakeAnswer {
  const id = parseYoutubeId(params.get('url'));
  if (!id) return { status: 400, text: 'Bad Request' };
  const video = state.videos.get(id);
  if (!video) return { status: 404, text: 'Not Found' };
  if (video.privacyStatus === 'private') return { status: 401, text: 'Unauthorized' };
  return {
    status: 200,
    body: {
      title: video.title,
      author_name: FAKE_CHANNEL_TITLE,
      author_url: `${origin}/@twangshow`,
      type: 'video',
      height: 113,
      width: 200,
      version: '1.0',
      provider_name: 'YouTube',
      provider_url: 'https://www.youtube.com/',
      thumbnail_height: 360,
      thumbnail_width: 480,
      thumbnail_url: `https://i.ytimg.com/vi/${id}/hqdefault.jpg`,
      html: `<iframe width="200" height="113" src="https://www.youtube.com/embed/${id}?feature=oembed" frameborder="0" allowfullscreen title="${video.title.replace(/"/g, '&quot;')}"></iframe>`,
    },
  };
}

const MODES: readonly YoutubeFakeMode[] = [
  'normal',
  'quotaExceeded',
  'keyInvalid',
  'serverError',
  'badJson',
  'slow',
];

/**
 * PUT /__fake/mode/{mode}: lets tests in another process (the browser tests) make YouTube
 * misbehave. Not part of YouTube's API; nothing in Twang calls it.
 */
function setMode(state: YoutubeFakeState, mode: string): FakeAnswer {
  const known = MODES.find((candidate) => candidate === mode);
  if (!known) return { status: 400, text: `Unknown mode: ${mode}` };
  state.mode = known;
  return { status: 200, body: { mode: known } };
}

function route(state: YoutubeFakeState, request: IncomingMessage, origin: string): FakeAnswer {
  const url = new URL(request.url ?? '/', origin);
  const params = Object.fromEntries([...url.searchParams].filter(([name]) => name !== 'key'));
  const control = /^\/__fake\/mode\/([A-Za-z]+)$/.exec(url.pathname);
  if (control && request.method === 'PUT') return setMode(state, control[1]!);
  state.requests.push({ path: url.pathname, params });
  if (request.method !== 'GET') return googleError(405, 'methodNotAllowed', 'Method Not Allowed');
  if (state.mode === 'serverError')
    return googleError(500, 'backendError', 'Internal error encountered.');
  if (state.mode === 'badJson')
    return { status: 200, text: '<html><body>Service temporarily unavailable</body></html>' };
  if (url.pathname === '/oembed') return oembed(state, url.searchParams, origin);
  const match = /^\/youtube\/v3\/([A-Za-z]+)$/.exec(url.pathname);
  if (match) return dataApi(state, match[1]!, url.searchParams);
  return googleError(404, 'notFound', 'Not Found');
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function newChannel(id: string, title: string, uploads: FakeYoutubeVideo[]): FakeChannel {
  return {
    id,
    title,
    uploadsPlaylistId: uploadsPlaylistIdOf(id),
    uploads: uploads.map((video) => video.id),
    deleted: false,
  };
}

function send(response: ServerResponse, answer: FakeAnswer): void {
  if (response.destroyed) return;
  if ('text' in answer) {
    response
      .writeHead(answer.status, { 'content-type': 'text/html; charset=utf-8' })
      .end(answer.text);
  } else {
    response
      .writeHead(answer.status, { 'content-type': 'application/json; charset=UTF-8' })
      .end(JSON.stringify(answer.body));
  }
}

/**
 * A local stand-in for YouTube's Data API v3, oEmbed endpoint and WebSub hub, in their documented
 * shapes, seeded with a channel of 120 uploads so paging is exercised (more channels on request).
 * Tests switch `state.mode` to make it fail the ways the real one does.
 */
export async function startYoutubeFake(options: YoutubeFakeOptions = {}): Promise<YoutubeFake> {
  const uploads = options.uploads ?? fakeChannelUploads();
  const channelId = options.channelId ?? FAKE_CHANNEL_ID;
  const others = options.otherChannels ?? [];
  const channels = [
    newChannel(channelId, FAKE_CHANNEL_TITLE, uploads),
    ...others.map((seed) => newChannel(seed.id, seed.title ?? seed.id, seed.uploads ?? [])),
  ];
  const allVideos = [
    ...uploads,
    ...others.flatMap((seed) => seed.uploads ?? []),
    ...(options.extraVideos ?? []),
  ];
  const state: YoutubeFakeState = {
    mode: 'normal',
    slowDelayMs: options.slowDelayMs ?? 5000,
    apiKey: options.apiKey ?? 'fake-youtube-key',
    channelId,
    channels: new Map(channels.map((channel) => [channel.id, channel])),
    videos: new Map(allVideos.map((video) => [video.id, video])),
    requests: [],
    unitsSpent: 0,
    dailyQuotaLimit: options.dailyQuotaLimit ?? null,
    failingVideoIds: new Set(),
  };
  const hub = createFakeHub();
  function channelOf(id: string): FakeChannel {
    const channel = state.channels.get(id);
    if (!channel) throw new Error(`The fake YouTube has no channel ${id}`);
    return channel;
  }
  const timers = new Set<NodeJS.Timeout>();
  let origin = '';
  const server = createServer((request, response) => {
    // The IFrame Player API stand-in the site's player loads in browser tests.
    if (request.method === 'GET' && request.url?.split('?')[0] === '/iframe_api') {
      response
        .writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' })
        .end(FAKE_IFRAME_API_SCRIPT);
      return;
    }
    if (request.method === 'POST' && request.url?.split('?')[0] === '/subscribe') {
      void readBody(request).then(
        (body) => send(response, hub.subscribe(body)),
        () => response.destroy(),
      );
      return;
    }
    const answer = route(state, request, origin);
    if (state.mode !== 'slow') return send(response, answer);
    const timer = setTimeout(() => {
      timers.delete(timer);
      send(response, answer);
    }, state.slowDelayMs);
    timers.add(timer);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  return {
    apiUrl: `${origin}/youtube/v3`,
    oembedUrl: `${origin}/oembed`,
    iframeApiUrl: `${origin}/iframe_api`,
    hubUrl: `${origin}/subscribe`,
    apiKey: state.apiKey,
    channelId,
    port,
    state,
    hub: hub.state,
    addUpload(id, video) {
      const channel = channelOf(id);
      state.videos.set(video.id, video);
      channel.uploads = [video.id, ...channel.uploads.filter((known) => known !== video.id)];
      return video;
    },
    deleteChannel(id) {
      channelOf(id).deleted = true;
    },
    hubIdle: () => hub.idle(),
    publish: (id, videoId) => hub.publish(id, uploadNotification(state, id, videoId)),
    publishDeletion: (id, videoId) => hub.publish(id, deletionNotification(state, id, videoId)),
    close: async () => {
      await hub.idle();
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
