/**
 * Who may call each API route, in one table: 'public' (anyone), 'user' (signed in), 'admin'.
 * Enforced before the body is validated (plugins/access-control.ts), so a visitor learns nothing
 * about a route's input. Ownership ("only your own account") is checked in the handlers.
 * A route missing here is treated as admin-only; the contract test fails until it is listed.
 */
export type Access = 'public' | 'user' | 'admin';

export const ACCESS: Readonly<Record<string, Access>> = {
  'GET /api/config': 'public',
  'POST /api/register': 'public',
  'POST /api/login': 'public',
  'POST /api/recovery/generate': 'public',
  'POST /api/recovery/validate': 'public',
  'POST /api/recovery/reset': 'public',
  'GET /api/home': 'public',
  'GET /api/videos/:id': 'public',
  'GET /api/tag/:id': 'public',
  'GET /api/search': 'public',
  'GET /api/search/:query': 'public',
  'GET /api/featured-artists': 'public',
  // The API reference (plugins/api-docs.ts): the Swagger UI page, its assets, the document.
  'GET /api/docs': 'public',
  'GET /api/docs/openapi.json': 'public',
  'GET /api/docs/json': 'public',
  'GET /api/docs/yaml': 'public',
  'GET /api/docs/static/*': 'public',
  'GET /api/docs/static/index.html': 'public',
  'GET /api/docs/static/swagger-initializer.js': 'public',

  'POST /api/logout': 'user',
  'GET /api/users/:id': 'user',
  'PUT /api/users': 'user',
  'DELETE /api/users': 'user',
  'PUT /api/users/password': 'user',
  'GET /api/users/:id/liked-artists': 'user',
  'GET /api/users/:id/liked-videos': 'user',
  'PUT /api/users/liked/add-artist': 'user',
  'PUT /api/users/liked/remove-artist': 'user',
  'PUT /api/users/liked/add-video': 'user',
  'PUT /api/users/liked/remove-video': 'user',
  'GET /api/artists/phrase/:text': 'user',
  'GET /api/artists/letter/:letter': 'user',
  'GET /api/artists/:id': 'user',

  'GET /api/users': 'admin',
  'GET /api/admin/audit': 'admin',
  'GET /api/admin/users': 'admin',
  'POST /api/admin/users': 'admin',
  'PUT /api/admin/users': 'admin',
  'GET /api/admin/dashboard': 'admin',
  'GET /api/admin/videos/import': 'admin',
  'POST /api/admin/videos': 'admin',
  'PUT /api/admin/videos': 'admin',
  'DELETE /api/admin/videos': 'admin',
  'GET /api/admin/search/videos/:query': 'admin',
  'GET /api/admin/videos/featured': 'admin',
  'PUT /api/admin/videos/featured': 'admin',
  'GET /api/tags': 'admin',
  'POST /api/tags': 'admin',
  'PUT /api/tags': 'admin',
  'DELETE /api/tags': 'admin',
  'PUT /api/tags/autotag': 'admin',
  'GET /api/tags/featured': 'admin',
  'PUT /api/tags/featured': 'admin',
  'GET /api/admin/artists': 'admin',
  'POST /api/admin/artists': 'admin',
  'PUT /api/admin/artists': 'admin',
  'DELETE /api/admin/artists': 'admin',
};

export function accessOf(method: string, routeUrl: string): Access {
  return ACCESS[`${method} ${routeUrl}`] ?? 'admin';
}
