/** One base port per run (E2E_PORT), so several runs can share a machine without clashing. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const SMTP_PORT = E2E_PORT + 1000;
export const MAIL_HTTP_PORT = E2E_PORT + 1001;
/** The fake YouTube (Data API + oEmbed) the back-office imports from. */
export const YOUTUBE_PORT = E2E_PORT + 1002;
