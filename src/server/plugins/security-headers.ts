import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** Where the player and the thumbnails of imported videos come from. */
const YOUTUBE_EMBED = 'https://www.youtube-nocookie.com';
const YOUTUBE_THUMBNAILS = 'https://i.ytimg.com';

/** API answers are data, never documents: nothing in them may run, load or be framed. */
const API_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

/** One year, subdomains included. */
const HSTS_MAX_AGE_SECONDS = 31_536_000;
const REFERRER_POLICY = 'strict-origin-when-cross-origin';

/**
 * For answers sent before any hook runs (a malformed address): the same values helmet sends
 * (below), written out by hand because helmet never sees those requests.
 */
export const REFUSAL_HEADERS = {
  'content-security-policy': API_POLICY,
  'strict-transport-security': `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`,
  'x-content-type-options': 'nosniff',
  'referrer-policy': REFERRER_POLICY,
  'x-frame-options': 'DENY',
  'cache-control': 'no-store',
};

/** The pages' policy: scripts and styles from this site only, the YouTube player in frames. */
export function pagePolicy(imageHosts: readonly string[]) {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'"],
    imgSrc: ["'self'", 'data:', YOUTUBE_THUMBNAILS, ...imageHosts.map((host) => `https://${host}`)],
    frameSrc: [YOUTUBE_EMBED],
    connectSrc: ["'self'"],
    fontSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'none'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  };
}

/**
 * Helmet's headers on every response, errors and 404s included (they are set when the request
 * arrives): the page CSP, HSTS, nosniff, a referrer policy, no framing. API answers then get the
 * stricter API policy. They are never stored, except what anyone may read: a successful anonymous
 * read is `no-cache`, so a browser keeps it and revalidates with its ETag (plugins/api-etag.ts).
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: pagePolicy(app.config.IMAGE_HOSTS) },
    strictTransportSecurity: { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: true },
    referrerPolicy: { policy: REFERRER_POLICY },
    frameguard: { action: 'deny' },
    // The mobile app and other sites' link previews read the API and images across origins.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
  app.addHook('onSend', async (request, reply) => {
    if (!request.url.startsWith('/api/') && request.url !== '/healthz') return;
    void reply.header('content-security-policy', API_POLICY);
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
