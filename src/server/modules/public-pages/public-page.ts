import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiEnvelope } from '@shared/api-envelope.js';
import { notFound } from '@server/lib/http-errors.js';
import { ok } from '@server/lib/reply.js';
import type { ViewerLikes } from '../viewer-cache/viewer-cache.js';
import type { CachedPage, PageBuild } from './page-cache.js';
import { sendCachedPage } from './send-cached-page.js';
import { sendAsViewerSees, type PageIds, type ViewerView } from './viewer-page.js';

/**
 * What a page shows that can change without an edit of the page, for `PageBuild.dependsOn`: a
 * like changes its video's or artist's count, and drops only the pages naming it.
 */
export const videoDependency = (id: number) => `video:${id}`;
export const artistDependency = (id: number) => `artist:${id}`;

/**
 * A kind of public page (home, video, category, artist, search) with parameters P and data T:
 * everything the one way of serving them needs to know. Visitors get the cached bytes;
 * signed-in viewers the cached page with their likes marked; administrators, who may see private
 * videos, a page built for them.
 */
export interface PublicPage<P, T> {
  /** The page cache's key for these parameters: one key, one page. */
  key(params: P): string;
  /**
   * The page as visitors see it (public videos only), or null when it does not exist for them;
   * built from the app's database and what it keeps beside its pages (the search's orders).
   */
  build(app: FastifyInstance, params: P): Promise<PageBuild<T> | null>;
  /**
   * The page as an administrator sees it (private videos too, their own likes marked), or null.
   * Absent for pages that show administrators what visitors see (the home page).
   */
  buildForAdmin?: (app: FastifyInstance, params: P, adminId: number) => Promise<T | null>;
  /** The artists and videos shown, whose likes a signed-in viewer's answer marks. */
  shown(data: T): PageIds;
  /** The page as a viewer who likes these sees it. */
  withLikes(data: T, liked: ViewerLikes): T;
  /** The answer's message. */
  message: string;
  /** The 404's message when `build` finds nothing. */
  notFoundMessage: string;
}

/**
 * The page as visitors see it, from the page cache (built on first demand), or null when it does
 * not exist for them. Server rendering reads pages through this too, so a cached page's HTML
 * costs no database work.
 */
export function cachedPublicPage<P, T>(
  app: FastifyInstance,
  kind: PublicPage<P, T>,
  params: P,
): Promise<CachedPage<T> | null> {
  return app.pageCache.get(kind.key(params), {
    build: () => kind.build(app, params),
    message: kind.message,
  });
}

/** Answers a request for a public page, whoever asks. */
export async function servePublicPage<P, T>(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  kind: PublicPage<P, T>,
  params: P,
): Promise<FastifyReply | ApiEnvelope<T>> {
  const viewer = request.user;
  if (viewer?.isAdmin && kind.buildForAdmin) {
    const data = await kind.buildForAdmin(app, params, viewer.id);
    if (!data) throw notFound(kind.notFoundMessage);
    return ok(data, kind.message);
  }
  const page = await cachedPublicPage(app, kind, params);
  if (!page) throw notFound(kind.notFoundMessage);
  if (!viewer) {
    app.visitorLane.offer(request, page as CachedPage<unknown>);
    return sendCachedPage(request, reply, page);
  }
  const view = viewerViewOf(kind);
  // The lane learns only from a kept variant: an answer written for one viewer has no Vary.
  return sendAsViewerSees(app, request, reply, page, view, viewer.id, () =>
    app.visitorLane.offer(request, page as CachedPage<unknown>, view as ViewerView<unknown>),
  );
}

const viewerViews = new WeakMap<object, ViewerView<unknown>>();

/** A kind's view for signed-in viewers, made once per kind. */
function viewerViewOf<P, T>(kind: PublicPage<P, T>): ViewerView<T> {
  let view = viewerViews.get(kind) as ViewerView<T> | undefined;
  if (!view) {
    view = {
      shown: (data) => kind.shown(data),
      answer: (data, liked) => ok(kind.withLikes(data, liked), kind.message),
    };
    viewerViews.set(kind, view as ViewerView<unknown>);
  }
  return view;
}
