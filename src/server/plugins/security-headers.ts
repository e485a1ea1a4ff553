import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** Where the player and the thumbnails of imported videos come from. */
const YOUTUBE_EMBED = 'https://www.youtube-nocookie.com';
const YOUTUBE_THUMBNAILS = 'https://i.ytimg.com';

/** API answers are data, never documents: nothing in them may run, load or be framed. */
const API_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

/**
 * The one inline style of the API reference: Swagger UI's top-bar logo is an SVG carrying a
 * <style> element (swagger-ui-standalone-preset.js renders it). Allowed by its hash, so the
 * browser neither blocks it (a console error on every visit) nor lets any other inline style in.
 */
const SWAGGER_UI_INLINE_STYLES = [
  '.logo_small_svg__cls-2{fill:#fff}.logo_small_svg__cls-3{fill:#85ea2d}',
];

/** A CSP source allowing exactly this inline text. */
const cspHash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/**
 * The API reference page (plugins/api-docs.ts, Swagger UI): its scripts, styles (but the logo's,
 * above) and the document it reads come from this site, nothing inline runs, nothing may frame
 * it, no form posts anywhere. Its icons are data: images in the stylesheet.
 */
const DOCS_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  ["style-src 'self'", ...SWAGGER_UI_INLINE_STYLES.map(cspHash)].join(' '),
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join(';');

/** One year, subdomains included. */
const HSTS_MAX_AGE_SECONDS = 31_536_000;
const REFERRER_POLICY = 'strict-origin-when-cross-origin';

/**
 * The pages' policy: scripts and styles from this site only (and inline scripts the server put
 * in the page, by hash, and the origin of YouTube's IFrame Player API script, which the player
 * loads), the YouTube player in frames.
 */
export function pagePolicy(
  imageHosts: readonly string[],
  scriptHashes: readonly string[] = [],
  scriptOrigins: readonly string[] = [],
): string {
  const images = [
    "'self'",
    'data:',
    YOUTUBE_THUMBNAILS,
    ...imageHosts.map((host) => `https://${host}`),
  ];
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptOrigins, ...scriptHashes].join(' '),
    "style-src 'self'",
    `img-src ${images.join(' ')}`,
    // 'self': the back-office's mail preview (/mail-preview, which only this site may frame).
    `frame-src 'self' ${YOUTUBE_EMBED}`,
    "connect-src 'self'",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join(';');
}

/**
 * What every answer carries besides its policy: the set helmet's defaults send (HSTS, nosniff,
 * no framing, a referrer policy, isolation), written out once. Helmet itself rebuilt its
 * middleware on every request, an eighth of the CPU of a cached page.
 */
const COMMON_HEADERS = {
  'cross-origin-opener-policy': 'same-origin',
  // The mobile app and other sites' link previews read the API and images across origins.
  'cross-origin-resource-policy': 'cross-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': REFERRER_POLICY,
  'strict-transport-security': `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`,
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

const API_HEADERS = { ...COMMON_HEADERS, 'content-security-policy': API_POLICY };
const DOCS_HEADERS = { ...COMMON_HEADERS, 'content-security-policy': DOCS_POLICY };

/** For answers sent before any hook runs (a malformed address): never stored. */
export const REFUSAL_HEADERS = { ...API_HEADERS, 'cache-control': 'no-store' };

/** The origin the player's IFrame API script comes from (YOUTUBE_IFRAME_API_URL). */
export const playerScriptOrigins = (app: FastifyInstance): string[] => [
  new URL(app.config.YOUTUBE_IFRAME_API_URL).origin,
];

const isApi = (url: string) => url.startsWith('/api/') || url === '/healthz';
/** Only the reference's own addresses get its policy; every other API answer keeps API_POLICY. */
const isDocs = (url: string) => /^\/api\/docs(?:[/?#]|$)/.test(url);

/**
 * Security headers on every response, errors and 404s included (they are set when the request
 * arrives): the page CSP, or the stricter API policy on API answers, and the common set above.
 * API answers are never stored, except what anyone may read: a successful anonymous read is
 * `no-cache`, so a browser keeps it and revalidates with its ETag (plugins/api-etag.ts).
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const pageHeaders = {
    ...COMMON_HEADERS,
    'content-security-policy': pagePolicy(app.config.IMAGE_HOSTS, [], playerScriptOrigins(app)),
  };
  app.addHook('onRequest', async (request, reply) => {
    const url = request.url;
    void reply.headers(isDocs(url) ? DOCS_HEADERS : isApi(url) ? API_HEADERS : pageHeaders);
  });
  app.addHook('onSend', async (request, reply) => {
    if (!isApi(request.url)) return;
    if (reply.hasHeader('cache-control')) return;
    const publicRead =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.user &&
      reply.statusCode === 200;
    void reply.header('cache-control', publicRead ? 'no-cache' : 'no-store');
    // The same address answers differently with a token, so no cache may mix the two.
    if (publicRead) {
      const vary = reply.getHeader('vary');
      void reply.header('vary', vary ? `${String(vary)}, authorization` : 'authorization');
    }
  });
}
