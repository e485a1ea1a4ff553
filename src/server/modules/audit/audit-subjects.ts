import type { ApiAuditAction } from '@shared/audit-actions.js';
import { fullName } from '@shared/validation.js';
import type { Database } from '@server/db/client.js';
import { artistName, personOf, tagNames, videoTitle } from './audit-repository.js';

/** What an entry says a call acted on: the item's id and name, and what else it named. */
export interface AuditSubject {
  targetId: string | null;
  targetName: string | null;
  details: string[];
}

/** What a subject is read from: the call's checked body, and the data its answer carried. */
export interface AuditCall {
  db: Database;
  body: Record<string, unknown>;
  answer: Record<string, unknown>;
}

type Describe = (call: AuditCall) => Promise<AuditSubject>;

const NOTHING: AuditSubject = { targetId: null, targetName: null, details: [] };

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const id = (value: unknown): number | null =>
  typeof value === 'number' && Number.isInteger(value) ? value : null;
const ids = (value: unknown): number[] =>
  Array.isArray(value) ? value.flatMap((item) => id(item) ?? []) : [];
const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

const subject = (
  targetId: number | null,
  targetName: string | null,
  details: string[] = [],
): AuditSubject => ({ targetId: targetId === null ? null : String(targetId), targetName, details });

const personName = (person: { firstName: string; lastName: string; email: string }) =>
  `${fullName(person.firstName, person.lastName)} (${person.email})`;

/** The video or artist the answer carries (an import, an edit, a new artist). */
const answered =
  (name: 'title' | 'name'): Describe =>
  async ({ answer }) =>
    subject(id(answer.id), text(answer[name]));

/** A video named by the body's field, as it is in the database. */
const videoIn =
  (field: string): Describe =>
  async ({ db, body }) => {
    const videoId = id(body[field]);
    return subject(videoId, videoId === null ? null : await videoTitle(db, videoId));
  };

const artistIn =
  (field: string): Describe =>
  async ({ db, body }) => {
    const artistId = id(body[field]);
    return subject(artistId, artistId === null ? null : await artistName(db, artistId));
  };

const personIn =
  (field: string): Describe =>
  async ({ db, body }) => {
    const personId = id(body[field]);
    const person = personId === null ? null : await personOf(db, personId);
    return subject(personId, person && personName(person));
  };

/** A person as the answer carries them (an account, an administrator's info). */
const answeredPerson: Describe = async ({ answer }) => {
  const email = text(answer.email);
  const first = text(answer.first_name) ?? text(answer.name) ?? '';
  const name =
    email && personName({ firstName: first, lastName: text(answer.last_name) ?? '', email });
  return subject(id(answer.id), name);
};

/** The video a watching call's answer names (`videoId`; its id is in the path, not the body). */
const answeredVideo: Describe = async ({ db, answer }) => {
  const videoId = id(answer.videoId);
  return subject(videoId, videoId === null ? null : await videoTitle(db, videoId));
};

/** A channel call's answer: the channel (or its run), named by title and YouTube id. */
const answeredChannel: Describe = async ({ answer }) => {
  const channelId = text(answer.channel_id);
  const title = text(answer.title) ?? text(answer.channel_title) ?? '';
  const name = channelId === null ? null : title ? `${title} (${channelId})` : channelId;
  return { ...NOTHING, details: name === null ? [] : [name] };
};

/** A passkey call's answer: the passkey, by its name. */
const answeredPasskey: Describe = async ({ answer }) => {
  const name = text(answer.name);
  return { ...NOTHING, details: name === null ? [] : [name] };
};

/** A tag call: the video and the tags it named. */
const tagLinks: Describe = async (call) => {
  const video = await videoIn('epid')(call);
  return { ...video, details: await tagNames(call.db, ids(call.body.tagid)) };
};

/**
 * How each call's subject is read. A deletion's is read before the call (`before`), while the
 * item is still there; every other one after, from the answer where it carries the item (so an
 * edit names the item as it now is) or else from the database.
 */
export const AUDIT_SUBJECTS: Record<ApiAuditAction, { before?: true; describe: Describe }> = {
  'GET /api/admin/videos/import': {
    // One video (?link=) or the channel's uploads, which answer how many were added.
    describe: async (call) => {
      const added = id(call.answer.added);
      return added === null ? answered('title')(call) : { ...NOTHING, details: [String(added)] };
    },
  },
  'POST /api/admin/videos': { describe: answered('title') },
  'PUT /api/admin/videos': { describe: answered('title') },
  'DELETE /api/admin/videos': { before: true, describe: videoIn('id') },
  'PUT /api/admin/videos/featured': {
    describe: async ({ answer, body }) => {
      const video = record(answer.video);
      // A link to a video outside the catalogue has no item: the title typed names it.
      return subject(id(video.id), text(video.title) ?? text(body.title));
    },
  },
  'POST /api/admin/artists': { describe: answered('name') },
  'PUT /api/admin/artists': { describe: answered('name') },
  'DELETE /api/admin/artists': { before: true, describe: artistIn('id') },
  'POST /api/tags': {
    describe: async (call) => {
      const video = await videoIn('id')(call);
      const tag = text(record(call.answer.tag).name) ?? text(call.body.name);
      return { ...video, details: tag === null ? [] : [tag] };
    },
  },
  'PUT /api/tags': { describe: tagLinks },
  'DELETE /api/tags': { describe: tagLinks },
  'PUT /api/tags/autotag': {
    describe: async ({ answer }) => {
      const added = id(answer.added);
      return { ...NOTHING, details: added === null ? [] : [String(added)] };
    },
  },
  'PUT /api/tags/featured': {
    describe: async ({ answer }) => {
      const rows = Array.isArray(answer.tags) ? answer.tags : [];
      return { ...NOTHING, details: rows.flatMap((row) => text(record(row).name) ?? []) };
    },
  },
  'POST /api/admin/users': { describe: answeredPerson },
  'PUT /api/admin/users': { describe: answeredPerson },
  'PUT /api/users': { describe: answeredPerson },
  'DELETE /api/users': { before: true, describe: personIn('id') },
  'PUT /api/users/password': { describe: personIn('userId') },
  'PUT /api/users/liked/add-artist': { describe: artistIn('artistId') },
  'PUT /api/users/liked/remove-artist': { describe: artistIn('artistId') },
  'PUT /api/users/liked/add-video': { describe: videoIn('episodeId') },
  'PUT /api/users/liked/remove-video': { describe: videoIn('episodeId') },
  'DELETE /api/users/:id/continue-watching/:videoId': { describe: answeredVideo },
  'DELETE /api/users/:id/history/:videoId': { describe: answeredVideo },
  'DELETE /api/users/:id/history': {
    describe: async ({ answer }) => {
      const removed = id(answer.removed);
      return { ...NOTHING, details: removed === null ? [] : [String(removed)] };
    },
  },
  'PUT /api/users/:id/history/paused': {
    describe: async ({ answer }) => ({
      ...NOTHING,
      details: [answer.paused === true ? 'Paused' : 'Resumed'],
    }),
  },
  'PUT /api/users/:id/list/:videoId': { describe: answeredVideo },
  'DELETE /api/users/:id/list/:videoId': { describe: answeredVideo },
  'POST /api/admin/channels': { describe: answeredChannel },
  'PUT /api/admin/channels/:id': { describe: answeredChannel },
  'DELETE /api/admin/channels/:id': { describe: answeredChannel },
  'POST /api/admin/channels/:id/sync': { describe: answeredChannel },
  'PUT /api/admin/channels/settings': { describe: async () => NOTHING },
  'POST /api/admin/second-factor/totp': { describe: async () => NOTHING },
  'POST /api/admin/second-factor/totp/confirm': { describe: async () => NOTHING },
  'POST /api/admin/second-factor/backup-codes': { describe: async () => NOTHING },
  'DELETE /api/admin/second-factor': { describe: async () => NOTHING },
  'PUT /api/admin/second-factor/required': {
    describe: async ({ answer }) => ({ ...NOTHING, details: [answer.required ? 'On' : 'Off'] }),
  },
  'DELETE /api/admin/users/:id/second-factor': { describe: answeredPerson },
  'POST /api/admin/newsletter/test': {
    describe: async ({ body }) => ({ ...NOTHING, details: [text(body.subject) ?? ''] }),
  },
  'POST /api/admin/mailings': {
    describe: async ({ answer }) => subject(id(answer.id), text(answer.subject)),
  },
  'PUT /api/admin/mailings/:id': {
    describe: async ({ answer }) =>
      subject(id(answer.id), text(answer.subject), [text(answer.state) ?? '']),
  },
  'PUT /api/admin/newsletter/settings': {
    describe: async ({ body }) => ({ ...NOTHING, details: [body.auto_send ? 'On' : 'Off'] }),
  },
  'GET /api/admin/newsletter/subscribers.csv': { describe: async () => NOTHING },
  'POST /api/admin/passkeys/options': { describe: async () => NOTHING },
  'POST /api/admin/passkeys': { describe: answeredPasskey },
  'PUT /api/admin/passkeys/:id': { describe: answeredPasskey },
  'DELETE /api/admin/passkeys/:id': { describe: answeredPasskey },
  'DELETE /api/sessions/:id': {
    describe: async ({ answer }) => {
      const device = text(answer.device);
      return { ...NOTHING, details: device === null ? [] : [device] };
    },
  },
  'DELETE /api/sessions/others': {
    describe: async ({ answer }) => {
      const ended = id(answer.ended);
      return { ...NOTHING, details: ended === null ? [] : [String(ended)] };
    },
  },
};

export { record as asRecord };

/** Whether an API call's action has a subject to read (every audited call does). */
export const isApiAuditAction = (action: string): action is ApiAuditAction =>
  Object.hasOwn(AUDIT_SUBJECTS, action);
