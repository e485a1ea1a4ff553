/**
 * What each audited call means, in the words the audit screen shows and filters by. Every write an
 * administrator can make is here; a test holds this list to the routes' access rules, so a new
 * write route cannot reach the log without a name.
 */
export const AUDIT_ACTIONS = {
  'POST /api/admin/videos': 'Added a video',
  'PUT /api/admin/videos': 'Edited a video',
  'DELETE /api/admin/videos': 'Deleted a video',
  'PUT /api/admin/videos/featured': 'Chose the featured video',
  'POST /api/admin/artists': 'Added an artist',
  'PUT /api/admin/artists': 'Edited an artist',
  'DELETE /api/admin/artists': 'Deleted an artist',
  'POST /api/tags': 'Added a category',
  'PUT /api/tags': 'Renamed a category',
  'DELETE /api/tags': 'Deleted a category',
  'PUT /api/tags/autotag': 'Tagged videos automatically',
  'PUT /api/tags/featured': 'Saved the home page layout',
  'POST /api/admin/users': 'Added an administrator',
  'PUT /api/admin/users': 'Edited an administrator',
  'PUT /api/users': 'Edited an account',
  'DELETE /api/users': 'Deleted an account',
  'PUT /api/users/password': 'Changed a password',
  'PUT /api/users/liked/add-artist': 'Liked an artist',
  'PUT /api/users/liked/remove-artist': 'Unliked an artist',
  'PUT /api/users/liked/add-video': 'Liked a video',
  'PUT /api/users/liked/remove-video': 'Unliked a video',
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

export const isAuditAction = (value: string): value is AuditAction =>
  Object.hasOwn(AUDIT_ACTIONS, value);

/** The screen's words for a logged call; an action logged before it had a name shows as is. */
export const auditActionLabel = (action: string): string =>
  isAuditAction(action) ? AUDIT_ACTIONS[action] : action;
