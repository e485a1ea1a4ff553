import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { adminDashboardRoutes } from './modules/admin/admin-dashboard-routes.js';
import { analyticsRoutes } from './modules/analytics/analytics-routes.js';
import { episodeAnalyticsRoutes } from './modules/analytics/episode-analytics-routes.js';
import { adminVideoImportRoutes } from './modules/admin/admin-video-import-routes.js';
import { adminVideoRoutes } from './modules/admin/admin-video-routes.js';
import { adminVideoSearchRoutes } from './modules/admin/admin-video-search-routes.js';
import { featuredVideoRoutes } from './modules/admin/featured-video-routes.js';
import { adminArtistRoutes } from './modules/artists/admin-artist-routes.js';
import { artistRoutes } from './modules/artists/artist-routes.js';
import { auditRoutes } from './modules/audit/audit-routes.js';
import { channelRoutes } from './modules/channels/channel-routes.js';
import { websubRoutes } from './modules/channels/websub-routes.js';
import { authRoutes } from './modules/auth/auth-routes.js';
import { sessionsRoutes } from './modules/auth/sessions-routes.js';
import { secondFactorRoutes } from './modules/second-factor/second-factor-routes.js';
import { secondStepRoutes } from './modules/second-factor/second-step-routes.js';
import { passkeyRoutes } from './modules/passkeys/passkey-routes.js';
import { passkeySignInRoutes } from './modules/passkeys/passkey-sign-in-routes.js';
import { homeRoutes } from './modules/home/home-routes.js';
import { likesRoutes } from './modules/likes/likes-routes.js';
import { recoveryRoutes } from './modules/recovery/recovery-routes.js';
import { searchRoutes } from './modules/search/search-routes.js';
import { seoRoutes } from './modules/seo/seo-routes.js';
import { demoMediaRoutes } from './modules/site/demo-media-routes.js';
import { siteRoutes } from './modules/site/site-routes.js';
import { tagPageRoutes } from './modules/tags/tag-page-routes.js';
import { tagsRoutes } from './modules/tags/tags-routes.js';
import { accountRoutes } from './modules/users/account-routes.js';
import { adminUsersRoutes } from './modules/users/admin-users-routes.js';
import { newsletterRoutes } from './modules/newsletter/newsletter-routes.js';
import { unsubscribeOneClickRoutes } from './modules/newsletter/unsubscribe-one-click-routes.js';
import { unsubscribeRoutes } from './modules/newsletter/unsubscribe-routes.js';
import { previewFrameRoutes } from './modules/newsletter/preview-frame.js';
import { videoRoutes } from './modules/videos/video-routes.js';
import { progressRoutes } from './modules/watching/progress-routes.js';
import { watchListRoutes } from './modules/watching/watch-list-routes.js';

type Routes = FastifyPluginAsync;

/**
 * Every API route file, mounted under /api, in the order the API document lists them. Each file
 * lists its own paths and registers nothing else.
 */
const API_ROUTES: Routes[] = [
  siteRoutes,
  authRoutes,
  secondStepRoutes,
  passkeySignInRoutes,
  sessionsRoutes,
  secondFactorRoutes,
  passkeyRoutes,
  accountRoutes,
  adminUsersRoutes,
  recoveryRoutes,
  likesRoutes,
  homeRoutes,
  videoRoutes,
  tagPageRoutes,
  searchRoutes,
  artistRoutes,
  adminArtistRoutes,
  tagsRoutes,
  adminDashboardRoutes,
  analyticsRoutes,
  episodeAnalyticsRoutes,
  adminVideoImportRoutes,
  adminVideoSearchRoutes,
  featuredVideoRoutes,
  adminVideoRoutes,
  auditRoutes,
  channelRoutes,
  newsletterRoutes,
  unsubscribeRoutes,
  progressRoutes,
  watchListRoutes,
];

/**
 * The site's own addresses outside /api: the demo artwork, robots.txt, the sitemap, the
 * WebSub callback YouTube's hub calls and the newsletter's one-click unsubscribe (not client
 * APIs). The
 * built client's files are served by plugins/client-app.ts, and every other GET is a page
 * (modules/server-render/page-serving.ts, from the not-found handler).
 */
const SITE_ROUTES: Routes[] = [
  demoMediaRoutes,
  seoRoutes,
  websubRoutes,
  unsubscribeOneClickRoutes,
  previewFrameRoutes,
];

/** Registers every route of the app: this is the one list. */
export async function registerRoutes(app: FastifyInstance): Promise<void> {
  await app.register(
    async (api) => {
      for (const routes of API_ROUTES) await api.register(routes);
    },
    { prefix: '/api' },
  );
  for (const routes of SITE_ROUTES) await app.register(routes);
}
