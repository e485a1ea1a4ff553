import { createServer } from 'node:http';
import { MAIL_HTTP_PORT, SMTP_PORT } from './ports.js';
import { startSmtpCatcher } from './smtp-catcher.js';

/** Starts the SMTP catcher and a tiny HTTP view of its mails (GET /mails) for the test workers. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const catcher = await startSmtpCatcher(SMTP_PORT);
  const http = createServer((_request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(catcher.mails));
  });
  await new Promise<void>((resolve) => http.listen(MAIL_HTTP_PORT, '127.0.0.1', resolve));
  return async () => {
    await new Promise((resolve) => http.close(resolve));
    await catcher.close();
  };
}
