import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Progress, ProgressReport } from '@shared/schemas/watching.js';
import { apiCall, apiGet } from '@client/lib/api-client.js';
import { getSession, useSession } from '@client/lib/session.js';
import { usePastHydration } from '@client/lib/use-past-hydration.js';

export type { ProgressReport } from '@shared/schemas/watching.js';
/** GET /api/users/{id}/progress/{videoId}. */
export type SavedProgress = Progress;

/**
 * An episode is finished at 90% of its length, or in its last 30 seconds when it is longer than
 * a minute: the server's rule (shared/schemas/watching.ts), restated so that the app chunk does
 * not load zod for it; a test keeps the two equal.
 */
export function isFinished(position: number, duration: number): boolean {
  if (position >= duration * 0.9) return true;
  return duration > 60 && position >= duration - 30;
}

/** The second a player starts at to resume from `position`: the start again once finished. */
export function resumeStart(progress: { position: number; duration: number } | null): number {
  if (!progress || progress.duration <= 0) return 0;
  if (isFinished(progress.position, progress.duration)) return 0;
  return Math.max(0, Math.floor(progress.position));
}

const progressPath = (videoId: number) => `/api/videos/${videoId}/progress`;

/**
 * Sends one report. While the page stays, an ordinary call (its failure changes nothing the
 * fan sees). When the page is being left, one the browser finishes after the page is gone: a
 * signed-in fan's must carry the token, which only `fetch(keepalive)` can send; a visitor's
 * goes by `sendBeacon`, as a Blob so that its type is application/json (a string would be
 * text/plain, which the API refuses).
 */
export function sendProgressReport(
  videoId: number,
  report: ProgressReport,
  { leaving = false }: { leaving?: boolean } = {},
): void {
  if (!leaving) {
    apiCall('POST', `/videos/${videoId}/progress`, { body: report }).catch(() => undefined);
    return;
  }
  const body = JSON.stringify(report);
  const session = getSession();
  if (!session && navigator.sendBeacon?.(progressPath(videoId), new Blob([body], JSON_TYPE))) {
    return;
  }
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (session) headers.authorization = `Bearer ${session.token}`;
  fetch(progressPath(videoId), {
    method: 'POST',
    headers,
    body,
    keepalive: true,
    credentials: 'omit',
  }).catch(() => undefined);
}

const JSON_TYPE = { type: 'application/json' };

/** A signed-in fan's resume point for a video, fresh on every visit (another device moves it). */
export const savedProgressQuery = (userId: number, videoId: number) =>
  queryOptions({
    queryKey: ['viewer', userId, 'progress', videoId],
    queryFn: ({ signal }) => apiGet<SavedProgress>(`/users/${userId}/progress/${videoId}`, signal),
    staleTime: 0,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

const LOCAL_KEY = 'twang.watching';
/** A visitor's browser keeps the positions of this many videos, the most recent. */
const LOCAL_MAX = 100;

interface LocalPosition {
  position: number;
  duration: number;
  at: number;
}

function readLocal(): Record<string, LocalPosition> {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(LOCAL_KEY) ?? '{}');
    return value && typeof value === 'object' ? (value as Record<string, LocalPosition>) : {};
  } catch {
    return {};
  }
}

/** A visitor's position in a video, kept in this browser only (nothing on the server). */
export function localPosition(videoId: number): { position: number; duration: number } | null {
  const entry = readLocal()[String(videoId)];
  return entry && typeof entry.position === 'number' && typeof entry.duration === 'number'
    ? { position: entry.position, duration: entry.duration }
    : null;
}

export function keepLocalPosition(videoId: number, position: number, duration: number): void {
  const all = { ...readLocal(), [String(videoId)]: { position, duration, at: Date.now() } };
  const newest = Object.entries(all)
    .sort(([, a], [, b]) => b.at - a.at)
    .slice(0, LOCAL_MAX);
  try {
    localStorage.setItem(LOCAL_KEY, JSON.stringify(Object.fromEntries(newest)));
  } catch {
    // A full or refused storage only costs the visitor their resume point.
  }
}

/**
 * Where the player starts: a signed-in fan's saved position (from any device), a visitor's from
 * this browser; the beginning once finished, or when the saved one cannot be read. Undefined
 * until it is known (a drawn page being taken over, a fan's being fetched), so the player is made
 * once, at the right second.
 */
export function useResumeStart(videoId: number): number | undefined {
  // While a drawn page is taken over, no one seems signed in: wait to know who is.
  const known = usePastHydration();
  const session = useSession();
  const saved = useQuery({
    ...savedProgressQuery(session?.id ?? 0, videoId),
    enabled: session !== null,
  });
  if (!known) return undefined;
  if (!session) return resumeStart(localPosition(videoId));
  if (saved.isPending) return undefined;
  return saved.isError ? 0 : resumeStart(saved.data);
}
