/** What an audited call acts on: the screen names the item by it and links to its editor. */
export type AuditItemKind = 'video' | 'artist' | 'person';

export interface AuditActionWords {
  /** What the administrator did, in the screen's words. */
  label: string;
  /** What the call acts on; none for calls on the whole catalogue. */
  item?: AuditItemKind;
  /** What the entry's details are: a tag call's tags, the layout's rows, a count. */
  details?: string;
  /** An edit: the names of the fields it sent say what it was about. */
  edit?: true;
  /** The call deletes its item: there is no editor of it to open any more. */
  deletes?: true;
}

/**
 * What each audited call means, in the words the audit screen shows and filters by. Every change
 * an administrator can make is here (the channel import too, though the spec makes it a GET); a
 * test holds this list to the routes' access rules, so a new write route cannot reach the log
 * without a name.
 */
export const AUDIT_ACTIONS = {
  'GET /api/admin/videos/import': {
    label: 'Imported from YouTube',
    item: 'video',
    details: 'Videos added',
  },
  'POST /api/admin/videos': { label: 'Imported a video', item: 'video' },
  'PUT /api/admin/videos': { label: 'Edited a video', item: 'video', edit: true },
  'DELETE /api/admin/videos': { label: 'Deleted a video', item: 'video', deletes: true },
  'PUT /api/admin/videos/featured': { label: 'Chose the featured video', item: 'video' },
  'POST /api/admin/artists': { label: 'Added an artist', item: 'artist' },
  'PUT /api/admin/artists': { label: 'Edited an artist', item: 'artist', edit: true },
  'DELETE /api/admin/artists': { label: 'Deleted an artist', item: 'artist', deletes: true },
  'POST /api/tags': { label: 'Tagged a video by name', item: 'video', details: 'Tag' },
  'PUT /api/tags': { label: 'Tagged a video', item: 'video', details: 'Tags' },
  'DELETE /api/tags': { label: 'Untagged a video', item: 'video', details: 'Tags' },
  'PUT /api/tags/autotag': { label: 'Tagged videos automatically', details: 'Tags added' },
  'PUT /api/tags/featured': { label: 'Saved the home page layout', details: 'Rows' },
  'POST /api/admin/users': { label: 'Added an administrator', item: 'person' },
  'PUT /api/admin/users': { label: 'Edited a name or email', item: 'person', edit: true },
  'PUT /api/users': { label: 'Edited their own account', item: 'person', edit: true },
  'DELETE /api/users': { label: 'Deleted an account', item: 'person', deletes: true },
  'PUT /api/users/password': { label: 'Changed their own password', item: 'person' },
  'PUT /api/users/liked/add-artist': { label: 'Liked an artist', item: 'artist' },
  'PUT /api/users/liked/remove-artist': { label: 'Unliked an artist', item: 'artist' },
  'PUT /api/users/liked/add-video': { label: 'Liked a video', item: 'video' },
  'PUT /api/users/liked/remove-video': { label: 'Unliked a video', item: 'video' },
  // An administrator's own watching (issue 28).
  'DELETE /api/users/:id/continue-watching/:videoId': {
    label: 'Removed a video from their Continue Watching',
    item: 'video',
  },
  'DELETE /api/users/:id/history/:videoId': {
    label: 'Removed a video from their watch history',
    item: 'video',
  },
  'DELETE /api/users/:id/history': {
    label: 'Cleared their watch history',
    details: 'Videos removed',
  },
  'PUT /api/users/:id/history/paused': {
    label: 'Paused or resumed their watch history',
    details: 'History',
  },
  'PUT /api/users/:id/list/:videoId': { label: 'Added a video to their My List', item: 'video' },
  'DELETE /api/users/:id/list/:videoId': {
    label: 'Removed a video from their My List',
    item: 'video',
  },
  // The channel sync (issue 29): the channel is named in the details.
  'POST /api/admin/channels': { label: 'Added a YouTube channel', details: 'Channel' },
  'PUT /api/admin/channels/:id': {
    label: 'Paused, resumed or changed a channel',
    details: 'Channel',
    edit: true,
  },
  'DELETE /api/admin/channels/:id': { label: 'Removed a YouTube channel', details: 'Channel' },
  'POST /api/admin/channels/:id/sync': { label: 'Synced a channel now', details: 'Channel' },
  'PUT /api/admin/channels/settings': { label: 'Changed the sync settings', edit: true },
  // Work no request made: a scheduled job's (issue 29).
  'JOB publish-scheduled-videos': { label: 'Published on schedule', item: 'video' },
  'JOB sync-youtube-channels': { label: 'Imported by the channel sync', item: 'video' },
  // Second factors and sessions (issue 30).
  'POST /api/admin/second-factor/totp': { label: 'Started setting up a second factor' },
  'POST /api/admin/second-factor/totp/confirm': { label: 'Turned their second factor on' },
  'POST /api/admin/second-factor/backup-codes': { label: 'Made new backup codes' },
  'DELETE /api/admin/second-factor': { label: 'Turned their second factor off' },
  'PUT /api/admin/second-factor/required': {
    label: 'Changed whether administrators need a second factor',
    details: 'Required',
  },
  'DELETE /api/admin/users/:id/second-factor': {
    label: "Reset a colleague's second factor",
    item: 'person',
  },
  'POST /api/admin/passkeys/options': { label: 'Started adding a passkey' },
  'POST /api/admin/passkeys': { label: 'Added a passkey', details: 'Passkey' },
  'PUT /api/admin/passkeys/:id': { label: 'Renamed a passkey', details: 'Passkey', edit: true },
  'DELETE /api/admin/passkeys/:id': { label: 'Removed a passkey', details: 'Passkey' },
  'DELETE /api/sessions/:id': { label: 'Ended one of their sessions', details: 'Device' },
  'DELETE /api/sessions/others': {
    label: 'Ended all their other sessions',
    details: 'Sessions ended',
  },
  // The newsletter (issue 32).
  'POST /api/admin/newsletter/test': {
    label: 'Sent a mailing to themselves to test it',
    details: 'Subject',
  },
  'POST /api/admin/mailings': { label: 'Sent a mailing', details: 'Subject' },
  'PUT /api/admin/mailings/:id': {
    label: 'Paused, resumed or cancelled a mailing',
    details: 'Mailing',
  },
  'PUT /api/admin/newsletter/settings': {
    label: 'Changed the newsletter settings',
    details: 'Automatic mailings',
  },
  'GET /api/admin/newsletter/subscribers.csv': { label: 'Exported the subscribers' },
  // Made by a sign-in, not by a signed-in call.
  'SIGN-IN backup-code': { label: 'Signed in with a backup code', item: 'person' },
  // Made by an unsubscribe link, which needs no sign-in.
  'NEWSLETTER unsubscribe': {
    label: 'Unsubscribed from the newsletter',
    item: 'person',
    details: 'How',
  },
} as const satisfies Record<string, AuditActionWords>;

/** The audit log's actions that no API call makes: a scheduled job's work. */
export const SCHEDULED_PUBLISH_ACTION = 'JOB publish-scheduled-videos';
export const CHANNEL_SYNC_ACTION = 'JOB sync-youtube-channels';
export const BACKUP_CODE_SIGN_IN_ACTION = 'SIGN-IN backup-code';
export const UNSUBSCRIBE_ACTION = 'NEWSLETTER unsubscribe';
/** The actions no signed-in API call makes: jobs' work, a sign-in's and an unsubscribe link's. */
export const JOB_AUDIT_ACTIONS = [
  SCHEDULED_PUBLISH_ACTION,
  CHANNEL_SYNC_ACTION,
  BACKUP_CODE_SIGN_IN_ACTION,
  UNSUBSCRIBE_ACTION,
] as const;
/** An action an API call makes (the audit trail reads its subject from the call). */
export type ApiAuditAction = Exclude<AuditAction, (typeof JOB_AUDIT_ACTIONS)[number]>;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

export const isAuditAction = (value: string): value is AuditAction =>
  Object.hasOwn(AUDIT_ACTIONS, value);

/** A logged call's words; a call logged that has no name (none should) says what it was. */
export const auditActionWords = (action: string): AuditActionWords =>
  isAuditAction(action) ? AUDIT_ACTIONS[action] : { label: `Changed something (${action})` };

/** The words for the body fields an edit sent, as its form labels them. */
const FIELD_WORDS: Readonly<Record<string, string>> = {
  title: 'Title',
  description: 'Description',
  episode_number: 'Episode Number',
  public_state: 'Privacy',
  publish_at: 'Publish time',
  name: 'Name',
  img_path: 'Image',
  featured: 'Featured',
  firstName: 'First Name',
  lastName: 'Last Name',
  email: 'Email',
  zip_code: 'Zip Code',
  birthday: 'Birthday',
  newsletter: 'Newsletter',
  paused: 'Paused',
  push: 'Instant push',
  every_minutes: 'Sync every',
  import_privacy: 'Import as',
  publish_at_premiere: 'Publish at premiere',
  required: 'Required',
};

/** An edit's fields in words, in the order the forms show them; ids and the like are left out. */
export function editedFieldWords(fields: readonly string[]): string[] {
  return Object.keys(FIELD_WORDS)
    .filter((field) => fields.includes(field))
    .map((field) => FIELD_WORDS[field]!);
}
