import type { FastifyRequest } from 'fastify';
import { isApiWrite } from '@server/lib/route-rules.js';
import { artistDependency, videoDependency } from '../public-pages/public-page.js';

/**
 * One thing a successful write changes, so the caches drop what shows it (cache-drops-plugin.ts):
 * - 'pages': every cached public page (home, videos, categories, artists, search);
 * - 'viewers': every session and every viewer's likes kept in memory;
 * - `{ pagesShowing }`: only the pages that show one video or artist (its like count);
 * - `{ likesOf }`: one viewer's likes.
 */
export type WriteChange = 'pages' | 'viewers' | { pagesShowing: string } | { likesOf: number };

/**
 * A route's `config.changes`: a list, or a list read from the request (its body has passed the
 * route's schema by then: drops follow a successful answer only).
 */
export type WriteChanges =
  readonly WriteChange[] | ((request: FastifyRequest) => readonly WriteChange[]);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * What a successful call changes, and so what the caches drop. A write (POST, PUT, DELETE)
     * that says nothing changes everything (EVERYTHING), so a new route is safe before it is tuned.
     */
    changes?: WriteChanges;
  }
}

/** What a write changes when its route does not say. */
export const EVERYTHING: readonly WriteChange[] = ['pages', 'viewers'];
/** A write no cached page or viewer shows (a sign-in, a recovery code sent). */
export const NOTHING: readonly WriteChange[] = [];

/** The pages that show this video (its like count); nothing else. */
export const videoPages = (videoId: number): WriteChange => ({
  pagesShowing: videoDependency(videoId),
});
/** The pages that show this artist (its like count); nothing else. */
export const artistPages = (artistId: number): WriteChange => ({
  pagesShowing: artistDependency(artistId),
});
/** The ids this viewer likes, as the viewer cache keeps them. */
export const viewerLikes = (userId: number): WriteChange => ({ likesOf: userId });

/** Changes read from the body, typed as the route's schema gave it (see WriteChanges). */
export const changesOfBody =
  <B>(changes: (body: B) => readonly WriteChange[]) =>
  (request: FastifyRequest): readonly WriteChange[] =>
    changes(request.body as B);

/**
 * What this request changes, as its route declares it: by default everything for an API write
 * and nothing for a read. A read that writes (the channel import is a GET) declares it.
 */
export function changesOf(request: FastifyRequest): readonly WriteChange[] {
  const declared =
    request.routeOptions.config.changes ?? (isApiWrite(request) ? EVERYTHING : NOTHING);
  return typeof declared === 'function' ? declared(request) : declared;
}
