import { z } from 'zod';
import { videoSchema } from './catalogue.js';
import { pagedList, wholeNumberField } from './paging.js';

/** A view counts after this much playback on one page view... */
export const VIEW_AFTER_SECONDS = 30;
/** ...or half of a video shorter than this. */
export const SHORT_VIDEO_SECONDS = 60;
/** An episode is finished at this share of its length, or within FINISH_TAIL_SECONDS of its end. */
export const FINISHED_SHARE = 0.9;
export const FINISH_TAIL_SECONDS = 30;
/** At most this many seconds of playback are credited per report. */
export const PLAYED_PER_REPORT_MAX = 60;
export const CONTINUE_WATCHING_MAX = 12;
export const MY_LIST_MAX = 1_000;

/**
 * Whether a position counts the episode as watched to the end. The last-30-seconds rule is for
 * videos longer than a minute: a 20-second clip would otherwise be finished before it starts.
 */
export function isFinished(position: number, duration: number): boolean {
  if (position >= duration * FINISHED_SHARE) return true;
  return duration > SHORT_VIDEO_SECONDS && position >= duration - FINISH_TAIL_SECONDS;
}

/** Whether `totalPlayed` seconds of playback on one page view make a view of that video. */
export function countsAsView(totalPlayed: number, duration: number): boolean {
  const needed = duration < SHORT_VIDEO_SECONDS ? duration / 2 : VIEW_AFTER_SECONDS;
  return totalPlayed >= needed;
}

const seconds = (field: string, max: number) =>
  z
    .number({ error: `${field} must be a number of seconds` })
    .min(0, `${field} must be 0 or more`)
    .max(max, `${field} is out of range`);

/**
 * POST /api/videos/{id}/progress. `played` is playback since the previous report of this page
 * view, `total_played` since the page was opened (the client keeps both, so the server keeps no
 * state per page view).
 */
export const progressReportBody = z.strictObject({
  position: seconds('position', 10_000_000),
  duration: seconds('duration', 10_000_000).refine((value) => value > 0, {
    message: 'duration must be more than 0',
  }),
  played: seconds('played', 10_000_000),
  total_played: seconds('total_played', 10_000_000),
});
export type ProgressReport = z.infer<typeof progressReportBody>;

export const progressAcceptedSchema = z.object({ position: z.number(), finished: z.boolean() });
export type ProgressAccepted = z.infer<typeof progressAcceptedSchema>;

/** GET /api/users/{id}/progress/{videoId}: where to resume (0 when none, or when finished). */
export const progressSchema = z.object({
  position: z.number(),
  duration: z.number(),
  finished: z.boolean(),
  updated_at: z.string().nullable(),
});
export type Progress = z.infer<typeof progressSchema>;

export const continueWatchingItemSchema = videoSchema.extend({
  progress: z.object({ position: z.number(), duration: z.number(), updated_at: z.string() }),
});
export const continueWatchingSchema = z.array(continueWatchingItemSchema);
export type ContinueWatchingItem = z.infer<typeof continueWatchingItemSchema>;

export const WATCH_PAGE_SIZE = 20;
export const WATCH_PAGE_SIZE_MAX = 100;

/** ?page=&pageSize= of history and My List. */
export const watchPageQuery = z.object({
  page: wholeNumberField('page', 1_000_000).default(1),
  pageSize: wholeNumberField('pageSize', WATCH_PAGE_SIZE_MAX).default(WATCH_PAGE_SIZE),
});

export const historyItemSchema = z.object({
  video: videoSchema,
  position: z.number(),
  duration: z.number(),
  finished: z.boolean(),
  watched_at: z.string(),
});
export const historySchema = z.object({
  items: z.array(historyItemSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  paused: z.boolean(),
});
export type History = z.infer<typeof historySchema>;
export type HistoryItem = z.infer<typeof historyItemSchema>;

export const historyPausedBody = z.strictObject({
  paused: z.boolean({ error: 'paused must be true or false' }),
});
export const historyPausedSchema = z.object({ paused: z.boolean() });

/** GET /api/users/{id}/list: `{ videos, pageInfo }`, like the liked lists. */
export const myListSchema = pagedList('videos', videoSchema);
export type MyList = z.infer<typeof myListSchema>;
export const myListIdsSchema = z.array(z.number().int());
/** What PUT / DELETE /api/users/{id}/list/{videoId} leave: whether it is in the list now. */
export const myListStateSchema = z.object({ videoId: z.number().int(), inList: z.boolean() });
