import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '@server/db/client.js';
import type { CachedPage } from './page-cache.js';
import { sendCachedPage, sendMarkedPage } from './send-cached-page.js';
import type { ViewerCache, ViewerLikes } from '../viewer-cache/viewer-cache.js';
import { findLikedArtistIds, findLikedVideoIds } from '../likes/liked-ids-repository.js';

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

/**
 * A cached page as a signed-in viewer sees it, each artist and video saying whether they like
 * it. Viewers who like the same things on a page get the same bytes, so each such answer is
 * made once and kept with the page (CachedPage.variant): most viewers like nothing on it.
 * `answer` marks the page's data with the likes; its result is written with JSON.stringify, not
 * the route's serializer, which would check the whole page against its schema every time.
 */
export async function sendViewerPage<T, R extends FastifyReply>(
  request: FastifyRequest,
  reply: R,
  source: LikesSource,
  viewerId: number,
  view: { page: CachedPage<T>; ids: PageIds; answer: (liked: ViewerLikes) => unknown },
): Promise<R> {
  const { page, ids, answer } = view;
  const liked = await viewerLikesAmong(source, viewerId, ids);
  const likedHere = (list: number[], set: ReadonlySet<number>) =>
    list.filter((id) => set.has(id)).join(',');
  const key = `${likedHere(ids.artists, liked.artists)}|${likedHere(ids.videos, liked.videos)}`;
  const variant = page.variant(key, () => JSON.stringify(answer(liked)));
  return variant ? sendCachedPage(request, reply, variant) : sendMarkedPage(reply, answer(liked));
}
