import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '@server/db/client.js';
import type { CachedBody, CachedPage } from './page-cache.js';
import type { ViewerCache, ViewerLikes } from '../viewer-cache/viewer-cache.js';
import { findLikedArtistIds, findLikedVideoIds } from '../likes/liked-ids-repository.js';
import { sendCachedPage, sendMarkedPage } from './send-cached-page.js';

/** Where a viewer's likes are found: the app, which has both. */
export interface LikesSource {
  db: Database;
  viewerCache: ViewerCache;
}

/** The ids of the artists and videos a page shows. */
export interface PageIds {
  artists: number[];
  videos: number[];
}

/**
 * Which of these artists and videos the viewer likes. Usually every like of theirs, kept in
 * memory; for a viewer who likes too much to keep, two prepared queries about these ids.
 */
export async function viewerLikesAmong(
  source: LikesSource,
  viewerId: number,
  ids: PageIds,
): Promise<ViewerLikes> {
  const kept = await source.viewerCache.likes(viewerId);
  if (kept) return kept;
  const [artists, videos] = await Promise.all([
    findLikedArtistIds(source.db, viewerId, ids.artists),
    findLikedVideoIds(source.db, viewerId, ids.videos),
  ]);
  return { artists, videos };
}

/** How a kind of page looks to a signed-in viewer: the ids it shows, its answer with their likes. */
export interface ViewerView<T> {
  shown(data: T): PageIds;
  answer(data: T, liked: ViewerLikes): unknown;
}

/** Which of the page's artists and videos the viewer likes: viewers alike here see the same bytes. */
function variantKey(ids: PageIds, liked: ViewerLikes): string {
  const likedHere = (list: number[], set: ReadonlySet<number>) =>
    list.filter((id) => set.has(id)).join(',');
  return `${likedHere(ids.artists, liked.artists)}|${likedHere(ids.videos, liked.videos)}`;
}

/**
 * A cached page's bytes as a viewer who likes these sees them, each artist and video saying
 * whether they like it. Most viewers like nothing on a page, so each such answer is made once
 * and kept with the page (CachedPage.variant); null when the page keeps all the variants it may.
 * The answer is written with JSON.stringify, not the route's serializer, which would check the
 * whole page against its schema every time.
 */
export function viewerVariant<T>(
  page: CachedPage<T>,
  view: ViewerView<T>,
  liked: ViewerLikes,
): CachedBody | null {
  return page.variant(variantKey(view.shown(page.data), liked), () =>
    JSON.stringify(view.answer(page.data, liked)),
  );
}

/**
 * Answers a signed-in viewer with a cached page as they see it: its kept variant for the likes
 * they have on it, or, past the variants a page keeps, an answer written for them alone (nothing
 * to send again, so `kept` is not told). `kept` hears when the answer is a kept variant.
 */
export async function sendAsViewerSees<T, R extends FastifyReply>(
  source: LikesSource,
  request: FastifyRequest,
  reply: R,
  page: CachedPage<T>,
  view: ViewerView<T>,
  viewerId: number,
  kept?: () => void,
): Promise<R> {
  const liked = await viewerLikesAmong(source, viewerId, view.shown(page.data));
  const variant = viewerVariant(page, view, liked);
  if (!variant) return sendMarkedPage(reply, view.answer(page.data, liked));
  kept?.();
  return sendCachedPage(request, reply, variant);
}
