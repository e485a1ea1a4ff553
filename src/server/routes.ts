import type { FastifyInstance } from 'fastify';
import { adminDashboardRoutes } from './modules/admin/admin-dashboard-routes.js';
import { adminVideoRoutes } from './modules/admin/admin-video-routes.js';
import { adminArtistRoutes } from './modules/artists/admin-artist-routes.js';
import { artistRoutes } from './modules/artists/artist-routes.js';
import { auditRoutes } from './modules/audit/audit-routes.js';
import { authRoutes } from './modules/auth/auth-routes.js';
import { homeRoutes } from './modules/home/home-routes.js';
import { likesRoutes } from './modules/likes/likes-routes.js';
import { recoveryRoutes } from './modules/recovery/recovery-routes.js';
import { searchRoutes } from './modules/search/search-routes.js';
import { siteRoutes } from './modules/site/site-routes.js';
import { tagPageRoutes } from './modules/tags/tag-page-routes.js';
import { tagsRoutes } from './modules/tags/tags-routes.js';
import { accountRoutes } from './modules/users/account-routes.js';
import { adminUsersRoutes } from './modules/users/admin-users-routes.js';
import { videoRoutes } from './modules/videos/video-routes.js';
import { progressRoutes } from './modules/watching/progress-routes.js';
import { watchListRoutes } from './modules/watching/watch-list-routes.js';

/** Every API module, mounted under /api. Each module's file lists its own paths. */
export async function registerApiRoutes(app: FastifyInstance): Promise<void> {
  for (const routes of [
    siteRoutes,
    authRoutes,
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
    adminVideoRoutes,
    auditRoutes,
    progressRoutes,
    watchListRoutes,
  ]) {
    await app.register(routes);
  }
}
