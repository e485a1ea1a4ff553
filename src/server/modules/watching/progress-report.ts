import { watchingMessages } from '@shared/messages/watching.js';
import {
  PLAYED_PER_REPORT_MAX,
  countsAsView,
  isFinished,
  type ProgressAccepted,
  type ProgressReport,
} from '@shared/schemas/watching.js';
import type { AcceptedReport } from './progress-batch.js';
import type { ViewKeys, Viewer } from './view-keys.js';

/**
 * What a progress report means, in one place for the route (progress-routes.ts) and the report
 * lane that takes signed-in fans' reports before Fastify (report-lane.ts).
 */

/** The route's path as registered under the API's prefix (routes.ts). */
export const PROGRESS_PATH = '/videos/:id/progress';

/** The route as Fastify names it: the rate limit's counter, the lane's learning, the audit. */
export const PROGRESS_ROUTE = `/api${PROGRESS_PATH}`;

/** Why a well-formed report cannot be right (a 400's message), or null. */
export function reportProblem(report: ProgressReport): string | null {
  if (report.position > report.duration + 1) return watchingMessages.positionPastEnd;
  if (report.played > report.total_played) return watchingMessages.playedOverTotal;
  return null;
}

/** What a checked report of a video the viewer may see writes (null: nothing), and its answer. */
export interface PlannedReport {
  write: AcceptedReport | null;
  answer: ProgressAccepted;
}

/**
 * Works out what a checked report of a video the viewer may see writes, without writing it:
 * the caller adds `write` to the batch once it has decided to accept the report.
 */
export async function planReport(
  viewKeys: ViewKeys,
  videoId: number,
  report: ProgressReport,
  viewer: Viewer,
): Promise<PlannedReport> {
  const { position, duration, played, total_played: totalPlayed } = report;
  const at = Math.min(position, duration);
  const finished = isFinished(at, duration);
  const answer = { position: at, finished };
  // A page opened and left without playing (its leaving report) is not watching: no resume
  // point, no history, no Continue Watching.
  if (totalPlayed === 0) return { write: null, answer };
  const seconds = Math.min(played, PLAYED_PER_REPORT_MAX);
  // A finish is the report whose playback crossed the line, so the reports after the end
  // (paused, page left) do not count it again.
  const finish = finished && seconds > 0 && !isFinished(Math.max(0, at - seconds), duration);
  const [viewKey, dayViewer] = countsAsView(totalPlayed, duration)
    ? await Promise.all([viewKeys.keyOf(viewer, videoId), viewKeys.dayKeyOf(viewer)])
    : [null, null];
  const write = {
    videoId,
    userId: viewer.userId,
    viewKey,
    dayViewer,
    position: at,
    duration,
    finished,
    seconds,
    finish,
  };
  return { write, answer };
}
