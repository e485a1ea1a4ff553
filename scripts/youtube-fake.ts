/**
 * Runs the fake YouTube (Data API v3 + oEmbed) on its own, for end-to-end tests and offline demos:
 *   PORT=4010 tsx scripts/youtube-fake.ts
 * then start Twang with the environment lines it prints.
 */
import { startYoutubeFake } from '@server/testing/youtube-fake-server.js';

const port = Number(process.env.PORT ?? 4010);
const fake = await startYoutubeFake({
  port,
  ...(process.env.YOUTUBE_API_KEY ? { apiKey: process.env.YOUTUBE_API_KEY } : {}),
  ...(process.env.YOUTUBE_CHANNEL_ID ? { channelId: process.env.YOUTUBE_CHANNEL_ID } : {}),
});

console.log(`Fake YouTube listening on http://127.0.0.1:${fake.port}`);
console.log(`YOUTUBE_API_URL=${fake.apiUrl}`);
console.log(`YOUTUBE_OEMBED_URL=${fake.oembedUrl}`);
console.log(`YOUTUBE_API_KEY=${fake.apiKey}`);
console.log(`YOUTUBE_CHANNEL_ID=${fake.channelId}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void fake.close().then(() => process.exit(0));
  });
}
