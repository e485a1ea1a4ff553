import { expect, type APIRequestContext } from '@playwright/test';
import {
  FAKE_CHANNEL_ID,
  fakeChannelUploads,
  fakeVideo,
  fakeYoutubeId,
} from '@server/testing/youtube-fake-catalogue.js';
import type { YoutubeFakeMode } from '@server/testing/youtube-fake-data-api.js';
import { YOUTUBE_PORT } from './ports.js';

/**
 * Twelve videos: the six newest are the channel's uploads (a short channel keeps the channel import,
 * and the catalogue other specs see, small); the six older ones YouTube knows but the uploads
 * playlist does not list, so single imports of them succeed whatever ran before.
 */
const ALL_VIDEOS = fakeChannelUploads(12);

const FAKE_URL = `http://127.0.0.1:${YOUTUBE_PORT}`;
const FAKE_KEY = 'fake-youtube-key';

/** What the site under test needs to talk to the fake instead of YouTube. */
export const YOUTUBE_ENV = {
  YOUTUBE_API_URL: `${FAKE_URL}/youtube/v3`,
  YOUTUBE_OEMBED_URL: `${FAKE_URL}/oembed`,
  YOUTUBE_IFRAME_API_URL: `${FAKE_URL}/iframe_api`,
  YOUTUBE_API_KEY: FAKE_KEY,
  YOUTUBE_CHANNEL_ID: FAKE_CHANNEL_ID,
};

export const channelUploads = () => ALL_VIDEOS.slice(0, 6);

/** Public videos outside the channel's uploads; give each test its own. */
export const singleImportVideos = () => ALL_VIDEOS.slice(6);

/** The premiere scheduled-publishing.spec.ts imports and schedules (no other spec uses it). */
export const PREMIERE_VIDEO = fakeVideo({
  id: fakeYoutubeId('twang-e2e-premiere'),
  title: 'Premiere Night: Ivy Keller – Midnight at the Bluebird',
  description: 'The season opener, premiered at its hour.',
});

/** Makes the fake YouTube misbehave ('quotaExceeded' reads as "sign in to YouTube"), or behave. */
export async function setYoutubeMode(
  request: APIRequestContext,
  mode: YoutubeFakeMode,
): Promise<void> {
  const response = await request.put(`${FAKE_URL}/__fake/mode/${mode}`);
  expect(response.status()).toBe(200);
}
