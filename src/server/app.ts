import { createServer } from 'node:http';
import cors from '@fastify/cors';
import Fastify, { LogController, type FastifyInstance, type FastifyReply } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { DatabaseHandle, Database } from './db/client.js';
import { loggerOptions, requestIdOf, type LogStream } from './lib/logging.js';
import { registerRequestLog } from './plugins/request-log.js';
import { mailGoesToLog, type Config } from './env.js';
import { createMailer, type Mailer } from './modules/mail/mailer.js';
import { createYoutubeClient, type YoutubeClient } from './modules/youtube/youtube-client.js';
import { registerAbuseLimits } from './modules/abuse/abuse-limits.js';
import { registerAuditTrail } from './modules/audit/audit-trail.js';
import { createCacheInvalidation } from './modules/public-pages/cache-invalidation.js';
import { registerPageCache } from './modules/public-pages/page-cache-plugin.js';
import { registerSearchOrders } from './modules/search/search-orders-plugin.js';
import { registerCacheDrops } from './modules/cache-drops/cache-drops-plugin.js';
import type { VisitorLane } from './modules/public-pages/visitor-lane.js';
import { registerVisitorLane } from './modules/public-pages/visitor-lane-plugin.js';
import { preparePageServing } from './modules/server-render/page-serving.js';
import { registerViewerCache } from './modules/viewer-cache/viewer-cache-plugin.js';
import { registerSessionSweeper } from './modules/auth/session-sweeper.js';
import { registerSecondFactorBox } from './modules/second-factor/second-factor-box.js';
import { registerSuggestionsRefresher } from './modules/videos/suggestions-refresher.js';
import { registerRoutes } from './routes.js';
import { registerWatching } from './modules/watching/watching-plugin.js';
import type { ReportLane } from './modules/watching/report-lane.js';
import { registerReportLane } from './modules/watching/report-lane-plugin.js';
import { registerJobs } from './modules/jobs/jobs-plugin.js';
import { registerScheduledPublishing } from './modules/publishing/scheduled-publishing.js';
import { registerChannelSync } from './modules/channels/channel-sync-schedule.js';
import { registerNewsletter } from './modules/newsletter/newsletter-plugin.js';
import { createQuotaMeter, type QuotaMeter } from './modules/channels/quota-meter.js';
import { registerRouteRules } from './lib/route-rules.js';
import { registerAccessControl } from './plugins/access-control.js';
import { registerApiDocs } from './plugins/api-docs.js';
import { registerApiEtag } from './plugins/api-etag.js';
import { registerAuthentication } from './plugins/authentication.js';
import { registerClientApp } from './plugins/client-app.js';
import { registerErrorHandler } from './plugins/error-handler.js';
import { registerHealth } from './plugins/health.js';
import { registerLoadShedding } from './plugins/load-shedding.js';
import { registerSiteBusy } from './plugins/site-busy.js';
import { registerRefuseWhileClosing } from './plugins/refuse-while-closing.js';
import { registerNotFound } from './plugins/not-found.js';
import { registerRequestText } from './plugins/request-text.js';
import { REFUSAL_HEADERS, registerSecurityHeaders } from './plugins/security-headers.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    database: DatabaseHandle;
    mailer: Mailer;
    youtube: YoutubeClient;
    /** YouTube Data API units counted per quota day, and the sync's budget (modules/channels). */
    youtubeQuota: QuotaMeter;
    /** Now, for scheduled work (AppOptions.clock). */
    clock: () => Date;
  }
}

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  /** Overrides for tests; production builds them from config. */
  mailer?: Mailer;
  youtube?: YoutubeClient;
  logger?: boolean;
  /** Where log lines go (tests read them); standard output by default. */
  logStream?: LogStream;
  /** Tests: hooks that must apply to every API route, added just before the routes. */
  beforeApiRoutes?: (app: FastifyInstance) => void;
  /** What time it is for scheduled work (a publish time); tests move it by hand. */
  clock?: () => Date;
}

/** JSON bodies over this are refused with 413; no call of the API needs more. */
const BODY_LIMIT_BYTES = 64 * 1024;

/** Builds the whole server without listening, so tests can `inject` into it. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  // Set once the app is built; until then every request goes to Fastify.
  let lane: VisitorLane | null = null;
  let reportLane: ReportLane | null = null;
  const app = Fastify({
    // Fastify's own server, with the visitor lane (visitor-lane.ts) and the report lane
    // (report-lane.ts) in front of its handler.
    serverFactory: (handler) => {
      const server = createServer((request, response) => {
        if (lane?.answer(request, response, handler)) return;
        if (reportLane?.answer(request, response, handler)) return;
        handler(request, response);
      });
      // Fastify's defaults for the server it makes itself: keep idle connections 72 s (past a
      // load balancer's 60), no time limits of Node's own on requests.
      server.keepAliveTimeout = 72_000;
      server.requestTimeout = 0;
      server.setTimeout(0);
      return server;
    },
    logger: options.logger === false ? false : loggerOptions(config.LOG_LEVEL, options.logStream),
    genReqId: requestIdOf,
    // plugins/request-log.ts writes one line per request instead of Fastify's two.
    logController: new LogController({
      requestIdLogLabel: 'requestId',
      disableRequestLogging: true,
    }),
    bodyLimit: BODY_LIMIT_BYTES,
    // plugins/refuse-while-closing.ts answers those requests with the envelope instead.
    return503OnClosing: false,
    trustProxy: config.TRUST_PROXY,
    // The limit counts the encoded path: 100 characters of a non-Latin script are ~900 bytes.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 2000 },
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      // Refused before any hook runs, so the security headers are added here.
      void reply
        .headers(REFUSAL_HEADERS)
        .code(400)
        .send({ status: 400, data: null, message: `The address is not valid: ${error.message}` });
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('config', config);
  app.decorate('clock', options.clock ?? (() => new Date()));
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate(
    'mailer',
    options.mailer ??
      createMailer(
        { smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, logMail: mailGoesToLog(config) },
        app.log,
      ),
  );
  const youtubeQuota = createQuotaMeter({
    db: database.db,
    clock: app.clock,
    limit: config.YOUTUBE_DAILY_QUOTA,
    log: app.log,
  });
  app.decorate('youtubeQuota', youtubeQuota);
  app.decorate(
    'youtube',
    options.youtube ??
      createYoutubeClient({
        apiKey: config.YOUTUBE_API_KEY,
        channelId: config.YOUTUBE_CHANNEL_ID,
        apiUrl: config.YOUTUBE_API_URL,
        oembedUrl: config.YOUTUBE_OEMBED_URL,
        timeoutMs: config.YOUTUBE_TIMEOUT_MS,
        onQuotaSpent: youtubeQuota.onQuotaSpent,
        quotaGuard: youtubeQuota.guard,
      }),
  );
  app.addHook('onClose', async () => youtubeQuota.flush());
  app.addHook('onClose', async () => app.mailer.close());

  registerErrorHandler(app);
  registerRequestLog(app);
  app.addHook('onRequest', async (request, reply) => {
    void reply.header('x-request-id', request.id);
  });
  // First, so every later refusal (NUL, limits, auth) still carries the headers.
  registerSecurityHeaders(app);
  registerRequestText(app);
  await app.register(cors, {
    origin: config.CORS_ORIGINS.length > 0 ? config.CORS_ORIGINS : false,
    exposedHeaders: ['authorization'],
    allowedHeaders: ['authorization', 'content-type'],
    methods: ['GET', 'POST', 'PUT', 'DELETE'],
  });
  // The token header is named only to origins allowed to read the answer at all.
  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('access-control-allow-origin')) {
      reply.removeHeader('access-control-expose-headers');
    }
  });
  // Before the routes: each one's rules are collected, and it is documented, as it is added.
  registerRouteRules(app);
  await registerApiDocs(app);
  registerRefuseWhileClosing(app);
  registerLoadShedding(app);
  registerSiteBusy(app);
  // Before the routes, whose limits it adds as each route's own onRequest hook: those run after
  // the app's onRequest hooks, authentication included, so a route's limit may key on the user.
  await registerAbuseLimits(app);
  // One channel tells other instances what changed, for the page cache and the viewer cache.
  const cacheInvalidation = createCacheInvalidation(config.REDIS_URL);
  app.addHook('onClose', async () => cacheInvalidation.close());
  registerViewerCache(app, cacheInvalidation);
  registerAuthentication(app);
  registerSessionSweeper(app);
  registerSecondFactorBox(app);
  registerSuggestionsRefresher(app);
  registerWatching(app);
  registerJobs(app, options.clock);
  registerAccessControl(app);
  registerAuditTrail(app);
  registerPageCache(app, cacheInvalidation);
  registerSearchOrders(app);
  // Once both caches exist: what a write declares it changes is dropped from them.
  registerCacheDrops(app);
  // Before the work that announces episodes (publishing, the channel sync) is defined.
  registerNewsletter(app);
  registerScheduledPublishing(app);
  registerChannelSync(app);
  registerApiEtag(app);
  registerHealth(app);
  // After every other onSend hook: it keeps the headers they made.
  lane = registerVisitorLane(app);
  reportLane = registerReportLane(app);
  options.beforeApiRoutes?.(app);
  await registerRoutes(app);
  await registerClientApp(app, config.CLIENT_DIR);
  // Every other GET is a page of the site.
  registerNotFound(app, preparePageServing(app, config.CLIENT_DIR));
  return app;
}
