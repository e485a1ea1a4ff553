import { XMLParser } from 'fast-xml-parser';
import { z } from 'zod';

// The Atom document YouTube's hub POSTs to a subscriber: an <entry> per uploaded or edited video
// (yt:videoId, yt:channelId, title, published, updated) and an <at:deleted-entry> tombstone
// (RFC 6721) per removed one. https://developers.google.com/youtube/v3/guides/push_notifications

export interface PushedVideo {
  videoId: string;
  channelId: string;
  title: string | null;
  publishedAt: Date | null;
  updatedAt: Date | null;
}

export interface DeletedVideo {
  videoId: string;
  /** From the tombstone's <at:by><uri>; null when the hub left it out. */
  channelId: string | null;
  deletedAt: Date | null;
}

export interface YoutubeNotification {
  added: PushedVideo[];
  deleted: DeletedVideo[];
}

export class PushFeedError extends Error {
  override name = 'PushFeedError';
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  // Prefixes are the sender's choice (xmlns:yt could be any name); local names are what count.
  removeNSPrefix: true,
  // Ids stay strings: an id of digits must not become a number.
  parseTagValue: false,
  parseAttributeValue: false,
  isArray: (name) => name === 'entry' || name === 'deleted-entry',
});

const text = z.union([
  z.string(),
  z.object({ '#text': z.string() }).transform((node) => node['#text']),
]);

const feedShape = z.object({
  feed: z.union([
    z.literal(''),
    z.object({
      entry: z
        .array(
          z.object({
            videoId: text.optional(),
            channelId: text.optional(),
            title: text.optional(),
            published: text.optional(),
            updated: text.optional(),
          }),
        )
        .default([]),
      'deleted-entry': z
        .array(
          z.object({
            ref: z.string(),
            when: z.string().optional(),
            by: z.object({ uri: text.optional() }).optional(),
          }),
        )
        .default([]),
    }),
  ]),
});

function date(value: string | undefined): Date | null {
  if (!value) return null;
  const parsed = new Date(value);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}

/** A tombstone names the video as its entry id, "yt:video:VIDEO_ID". */
function videoIdFromRef(ref: string): string | null {
  const prefix = 'yt:video:';
  return ref.startsWith(prefix) && ref.length > prefix.length ? ref.slice(prefix.length) : null;
}

/** The channel of "https://www.youtube.com/channel/CHANNEL_ID". */
function channelIdFromUri(uri: string | undefined): string | null {
  if (!uri) return null;
  try {
    const [kind, id] = new URL(uri).pathname.split('/').filter(Boolean);
    return kind === 'channel' && id ? id : null;
  } catch {
    return null;
  }
}

/**
 * The videos a notification adds (or edits) and deletes. Throws PushFeedError for a body that is
 * not an Atom feed, so the route can log it; entries without a video id are skipped, since the
 * hub may relay feeds YouTube extends.
 */
export function parseYoutubeNotification(body: Buffer | string): YoutubeNotification {
  const xml = typeof body === 'string' ? body : body.toString('utf8');
  // Atom has no use for a DTD, and refusing one rules out entity expansion tricks.
  if (xml.includes('<!DOCTYPE') || xml.includes('<!ENTITY')) {
    throw new PushFeedError('The notification carries a DTD, which Atom never needs');
  }
  let document: unknown;
  try {
    document = parser.parse(xml, true);
  } catch (error) {
    throw new PushFeedError('The notification is not XML', { cause: error });
  }
  const parsed = feedShape.safeParse(document);
  if (!parsed.success) throw new PushFeedError('The notification is not an Atom feed');
  const feed = parsed.data.feed;
  if (feed === '') return { added: [], deleted: [] };
  const added = feed.entry.flatMap((entry) =>
    entry.videoId && entry.channelId
      ? [
          {
            videoId: entry.videoId,
            channelId: entry.channelId,
            title: entry.title ?? null,
            publishedAt: date(entry.published),
            updatedAt: date(entry.updated),
          },
        ]
      : [],
  );
  const deleted = feed['deleted-entry'].flatMap((tombstone) => {
    const videoId = videoIdFromRef(tombstone.ref);
    if (!videoId) return [];
    return [
      { videoId, channelId: channelIdFromUri(tombstone.by?.uri), deletedAt: date(tombstone.when) },
    ];
  });
  return { added, deleted };
}
