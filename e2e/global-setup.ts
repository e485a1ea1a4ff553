import { createServer } from 'node:http';
import { startYoutubeFake } from '@server/testing/youtube-fake-server.js';
import { MAIL_HTTP_PORT, SMTP_PORT, YOUTUBE_PORT } from './ports.js';
import { channelUploads, PREMIERE_VIDEO, singleImportVideos } from './youtube.js';
import { startSmtpCatcher } from './smtp-catcher.js';

/**
 * Starts the SMTP catcher with a tiny HTTP view of its mails (GET /mails) for the test workers, and
 * the fake YouTube the back-office imports from.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const catcher = await startSmtpCatcher(SMTP_PORT);
  const http = createServer((_request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(catcher.mails));
  });
  await new Promise<void>((resolve) => http.listen(MAIL_HTTP_PORT, '127.0.0.1', resolve));
  const youtube = await startYoutubeFake({
    port: YOUTUBE_PORT,
    uploads: channelUploads(),
    extraVideos: [...singleImportVideos(), PREMIERE_VIDEO],
  });
  return async () => {
    await youtube.close();
    await new Promise((resolve) => http.close(resolve));
    await catcher.close();
  };
}
