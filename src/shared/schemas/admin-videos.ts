import { z } from 'zod';
import { adminVideosMessages as m } from '../messages/admin-videos.js';
import { apiMessages } from '../messages/api.js';
import { fieldLabels as label } from '../messages/field-labels.js';
import { validationMessages } from '../messages/validation.js';
import { TEXT_MAX } from '../validation.js';
import { artistSchema, videoSchema } from './catalogue.js';
import { flagField, idField, requiredText } from './fields.js';
import { acceptingReadShape } from './read-shape.js';
import { parseYoutubeId } from './youtube-url.js';

export const SEARCH_QUERY_MAX = 100;
export const SEARCH_PAGE_SIZE_MAX = 100;

/** Any YouTube link or bare id; the parsed value is the 11-character id. */
export function youtubeVideoField(field: string) {
  return z
    .string({
      error: (issue) =>
        issue.input === undefined ? `${field} is required` : `${field} must be a string`,
    })
    .max(2048, apiMessages.youtubeLinkInvalid)
    .transform((value, context) => {
      const id = parseYoutubeId(value);
      if (id) return id;
      context.addIssue({ code: 'custom', message: apiMessages.youtubeLinkInvalid });
      return z.NEVER;
    });
}

/** GET /api/admin/videos/import: with `link`, that one video; without it, the channel's uploads. */
export const importVideosQuery = z.object({ link: youtubeVideoField('link').optional() });

/** POST /api/admin/videos: import one video by its YouTube id (a link is accepted too). */
export const importVideoBody = z.strictObject({ id: youtubeVideoField('id') });

/** The editor's episode number: a whole number, or '-1' / -1 / '' / null for none. */
export const episodeNumberField = z
  .union([z.number(), z.string(), z.null()], { error: m.episodeNumberInvalid })
  .transform((value, context) => {
    const text = value === null ? '' : String(value).trim();
    if (text === '' || text === '-1') return null;
    if (/^\d{1,9}$/.test(text)) return Number(text);
    context.addIssue({ code: 'custom', message: m.episodeNumberInvalid });
    return z.NEVER;
  });

/** How far ahead a video may be scheduled. */
export const PUBLISH_AT_MAX_YEARS = 5;

/**
 * A scheduled publish time: an ISO 8601 date and time with its offset ('Z' or '+01:00'), read as
 * a Date; null or '' for none. Whether it is still in the future is the server's check (its
 * clock, at the moment it saves).
 */
export const publishAtField = z
  .union([z.string(), z.null()], { error: m.publishAtInvalid })
  .transform((value, context) => {
    if (value === null || value.trim() === '') return null;
    const parsed = z.iso.datetime({ offset: true }).safeParse(value.trim());
    const at = parsed.success ? new Date(parsed.data) : null;
    if (!at || Number.isNaN(at.getTime())) {
      context.addIssue({ code: 'custom', message: m.publishAtInvalid });
      return z.NEVER;
    }
    return at;
  });

/**
 * PUT /api/admin/videos. Episode number and privacy stay as they are when left out. The video as
 * GET /api/videos/{id} answers it is accepted too: `epid` and `epnum` are read as `id` and
 * `episode_number`; the rest of the read shape is ignored (tags travel through /api/tags).
 */
export const updateVideoBody = acceptingReadShape({
  fields: {
    id: idField('id'),
    title: requiredText(
      'title',
      validationMessages.videoFillAll,
      TEXT_MAX.videoTitle,
      label.videoTitle,
    ),
    description: requiredText(
      'description',
      validationMessages.videoFillAll,
      TEXT_MAX.videoDescription,
      label.videoDescription,
    ),
    episode_number: episodeNumberField.optional(),
    public_state: flagField('public_state').optional(),
    /** Left out: the schedule stays as it is. Saving the video Public clears it. */
    publish_at: publishAtField.optional(),
  },
  read: videoSchema,
  aliases: { epid: 'id', epnum: 'episode_number' },
  ignored: [
    'thumbnail',
    'youtube_id',
    'youtube_url',
    'link',
    'published_at',
    'like_count',
    'view_count',
    'tags',
    'isLiked',
  ],
});

/** DELETE /api/admin/videos (the spec sends the id as a string). */
export const deleteVideoBody = z.strictObject({ id: idField('id') });

/** GET /api/admin/search/videos/:query — lower-cased and trimmed, as the spec's client sends it. */
export const adminVideoSearchParams = z.object({
  query: z
    .string()
    .transform((value) => value.trim().toLowerCase())
    .pipe(z.string().min(1, apiMessages.searchEmpty).max(SEARCH_QUERY_MAX, m.searchQueryTooLong)),
});

export const adminVideoSearchQuery = z.object({
  page: z.coerce
    .number({ error: m.pageInvalid })
    .int(m.pageInvalid)
    .min(1, m.pageInvalid)
    .max(100_000, m.pageInvalid)
    .default(1),
  pageSize: z.coerce
    .number({ error: m.pageSizeInvalid })
    .int(m.pageSizeInvalid)
    .min(1, m.pageSizeInvalid)
    .max(SEARCH_PAGE_SIZE_MAX, m.pageSizeInvalid)
    .default(20),
});

export const adminVideoSearchResult = z.object({
  videos: z.array(videoSchema),
  pageInfo: z.object({
    /** How many videos match in all, over every page. */
    videoResults: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  }),
});

export const channelImportResult = z.object({
  added: z.number().int(),
  /** Uploads already in the catalogue. Private uploads are invisible to an API key and not counted. */
  skipped: z.number().int(),
});

/** Views in the last 30 days (UTC days, today included): what the dashboard ranks by. */
const views30d = {
  views_30d: z.number().int(),
  /** The same views day by day, oldest first and today last: thirty numbers, for a sparkline. */
  daily_views_30d: z.array(z.number().int()),
};

export const adminDashboard = z.object({
  /** The ten most-viewed videos of the last 30 days (then the most liked). */
  episodes: z.array(videoSchema.extend(views30d)),
  /** The ten artists whose videos were most viewed in the last 30 days (then the most liked). */
  artists: z.array(artistSchema.extend(views30d)),
});

export const featuredVideoSchema = z.object({
  title: z.string(),
  link: z.string(),
  /** The catalogue video the link points at; null when it is not in the catalogue (or none is set). */
  video: videoSchema.nullable(),
});

/** PUT /api/admin/videos/featured; the `video` that GET answers beside the link is ignored. */
export const featuredVideoBody = acceptingReadShape({
  fields: {
    title: requiredText(
      'title',
      m.featuredTitleRequired,
      TEXT_MAX.featuredTitle,
      label.featuredTitle,
    ),
    link: requiredText('link', m.featuredLinkRequired, TEXT_MAX.link, label.featuredLink).refine(
      (value) => parseYoutubeId(value) !== null,
      apiMessages.youtubeLinkInvalid,
    ),
  },
  read: featuredVideoSchema,
  ignored: ['video'],
});

export type AdminVideoSearchResult = z.infer<typeof adminVideoSearchResult>;
export type ChannelImportResult = z.infer<typeof channelImportResult>;
export type AdminDashboard = z.infer<typeof adminDashboard>;
export type FeaturedVideo = z.infer<typeof featuredVideoSchema>;
export type UpdateVideoInput = z.input<typeof updateVideoBody>;
/** The featured-video form's fields (the body may also carry the `video` read beside them). */
export type FeaturedVideoInput = Pick<z.input<typeof featuredVideoBody>, 'title' | 'link'>;
