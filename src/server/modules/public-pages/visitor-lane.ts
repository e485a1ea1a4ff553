import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import {
  clientAddress,
  logsRequests,
  sharedHeadersOf,
  type RequestHandler,
} from '@server/lib/answered-before-fastify.js';
import { requestIdOf } from '@server/lib/logging.js';
import type { GeneralLimit } from '../abuse/abuse-limits.js';
import { bearerToken } from '../auth/bearer-token.js';
import { hashToken } from '../auth/session-repository.js';
import type { ViewerCache } from '../viewer-cache/viewer-cache.js';
import type { CachedBody, CachedPage, PageCache } from './page-cache.js';
import { chooseForm, formMatches } from './send-cached-page.js';
import { viewerVariant, type ViewerView } from './viewer-page.js';

/** Addresses remembered at most; past it the oldest is forgotten (it is learnt again if asked). */
const MAX_ADDRESSES = 10_000;

/** An address whose answer is a cached page: which one, and how Fastify's hooks dressed it. */
interface Learnt {
  key: string;
  status: number;
  /** The headers every visitor gets, flattened for writeHead ([name, value, name, value…]). */
  headers: string[];
  /** Whether the general per-address limit counts it (the API's reads; pages are not counted). */
  counted: boolean;
  /** For an answer to signed-in viewers: how the page looks to them. */
  view: ViewerView<unknown> | null;
}

/** What an answer offered to the lane was: a cached page, for visitors or for viewers. */
interface Offered {
  key: string;
  view: ViewerView<unknown> | null;
}

export interface VisitorLane {
  /**
   * Marks this answer as a cached page any visitor would get at this address: when it leaves
   * with its status and headers, the lane remembers them. Call only for a visitor's read, or,
   * with `view`, for a signed-in fan's read whose answer is the page as `view` marks their likes.
   */
  offer(request: FastifyRequest, page: CachedPage<unknown>, view?: ViewerView<unknown>): void;
  /** Fastify's last onSend hook: remembers the offered answer's headers. */
  learn(request: FastifyRequest, reply: FastifyReply): void;
  /**
   * Answers a repeat read of a learnt address from the page cache, before Fastify:
   * true when it took the request, false to leave it to the app. `app` is the app's own
   * handler, for a request taken that turns out to need it (an address over its limit).
   */
  answer(request: IncomingMessage, response: ServerResponse, app: RequestHandler): boolean;
}

export interface VisitorLaneOptions {
  pageCache: PageCache;
  viewerCache: ViewerCache;
  general: GeneralLimit;
  log: FastifyBaseLogger;
  /** Whether client addresses come from X-Forwarded-For (TRUST_PROXY), as Fastify reads them. */
  trustProxy: boolean;
  /** False while the app refuses requests (shutting down, shedding load): it answers those. */
  open: () => boolean;
}

/**
 * A cached page's answer to a visitor is the same bytes and the same headers every time, and
 * for it Fastify's request objects, its routing and its dozen hooks (security headers, CORS,
 * rate limit, authentication, access rules, ETag) cost about twice the answer itself. The first
 * time an address is answered through the app with a cached page, the lane keeps what the hooks
 * made of it; afterwards a visitor's plain GET of that address is answered here, in the same
 * words, while the page is kept.
 *
 * A signed-in fan's read of such a page is the same page with their likes marked, and the same
 * headers for every fan (no-store): it takes the lane too, when the session behind the token
 * and the fan's likes are both kept in the viewer cache, which drops them on every instance the
 * moment they change. An administrator, a token not known here, a fan whose likes are not kept
 * go through the app. So does anything else (an Origin, a method other than GET, a page dropped
 * by a change), so the rules stay in one place.
 */
export function createVisitorLane(options: VisitorLaneOptions): VisitorLane {
  const { pageCache, viewerCache, general, log, trustProxy, open } = options;
  // Visitors' and viewers' answers at one address differ (their headers, their bytes).
  const forVisitors = new Map<string, Learnt>();
  const forViewers = new Map<string, Learnt>();
  const offered = new WeakMap<FastifyRequest, Offered>();
  // Most addresses share one of two or three header sets: keep each once.
  const headerSets = new Map<string, string[]>();

  const shared = (headers: string[]) => {
    const signature = headers.join('\n');
    const known = headerSets.get(signature);
    if (known) return known;
    headerSets.set(signature, headers);
    return headers;
  };

  /** The bytes of the page as the fan with this Authorization sees it, or null to ask the app. */
  const viewerBody = (
    page: CachedPage<unknown>,
    view: ViewerView<unknown>,
    authorization: string,
  ): CachedBody | null => {
    const token = bearerToken(authorization);
    const viewer = token === undefined ? null : viewerCache.known(hashToken(token));
    if (!viewer || viewer.session.user.isAdmin) return null;
    return viewerVariant(page, view, viewer.likes);
  };

  const send = (
    request: IncomingMessage,
    response: ServerResponse,
    route: Learnt,
    page: CachedBody,
    limit: string[],
  ) => {
    const started = logsRequests(log) ? performance.now() : 0;
    const form = chooseForm(request.headers['accept-encoding'], page);
    const id = requestIdOf(request);
    const headers = ['x-request-id', id, ...limit, ...route.headers, 'etag', form.etag];
    let status = route.status;
    if (status === 200 && formMatches(request.headers['if-none-match'], form)) {
      status = 304;
      // The app's 304s carry no body headers but an empty body's length.
      response.writeHead(304, [...withoutBodyHeaders(headers), 'content-length', '0']);
      response.end();
    } else {
      if (form.encoding) headers.push('content-encoding', form.encoding);
      headers.push('content-length', String(form.bytes.length));
      response.writeHead(status, headers);
      response.end(form.bytes);
    }
    if (started) {
      const ms = Math.round((performance.now() - started) * 10) / 10;
      log.info({ requestId: id, method: 'GET', url: request.url, status, ms }, 'request');
    }
  };

  return {
    offer(request, page, view) {
      offered.set(request, { key: page.key, view: view ?? null });
    },

    learn(request, reply) {
      const offer = offered.get(request);
      if (offer === undefined || !isPlainRead(request.raw)) return;
      const { key, view } = offer;
      if ((request.headers.authorization === undefined) !== (view === null)) return;
      // A 304 (the client held the bytes) says nothing of what the next visitor gets.
      if (reply.statusCode !== 200 && (view !== null || reply.statusCode !== 404)) return;
      const headers = sharedHeadersOf(reply);
      const url = request.url;
      const learnt = view === null ? forVisitors : forViewers;
      learnt.delete(url);
      if (learnt.size >= MAX_ADDRESSES) learnt.delete(learnt.keys().next().value as string);
      learnt.set(url, {
        key,
        status: reply.statusCode,
        headers: shared(headers),
        counted: reply.hasHeader('x-ratelimit-limit'),
        view,
      });
    },

    answer(request, response, app) {
      const url = request.url;
      if (url === undefined || !isPlainRead(request)) return false;
      const authorization = request.headers.authorization;
      const learnt = authorization === undefined ? forVisitors : forViewers;
      const route = learnt.get(url);
      if (!route || !open()) return false;
      const page = pageCache.peek(route.key);
      if (!page) {
        learnt.delete(url);
        return false;
      }
      const body =
        route.view === null || authorization === undefined
          ? page
          : viewerBody(page, route.view, authorization);
      if (!body) return false;
      if (!route.counted) {
        send(request, response, route, body, []);
        return true;
      }
      const address = clientAddress(request, trustProxy);
      if (address === undefined) return false;
      general
        .count(address)
        .then(
          (count) => {
            if (count.count > general.max) {
              // Over the limit: the app refuses it in its own words (429, Retry-After).
              app(request, response);
              return;
            }
            send(request, response, route, body, [
              'x-ratelimit-limit',
              String(general.max),
              'x-ratelimit-remaining',
              String(general.max - count.count),
              'x-ratelimit-reset',
              String(Math.ceil(count.resetInMs / 1000)),
            ]);
          },
          () => app(request, response),
        )
        // A throw in either branch would otherwise be an unhandled rejection, which ends Node.
        .catch((error: unknown) => {
          log.error({ err: error }, 'a read taken by the visitor lane could not be answered');
          response.destroy();
        });
      return true;
    },
  };
}

/**
 * A plain read: GET, not from another origin (CORS answers differ), no range. Conditional reads
 * (If-None-Match) are plain: the lane answers 304 as the app does.
 */
function isPlainRead(request: IncomingMessage): boolean {
  const headers = request.headers;
  return request.method === 'GET' && headers.origin === undefined && headers.range === undefined;
}

const BODY_HEADERS = new Set(['content-type', 'content-length', 'content-encoding']);

function withoutBodyHeaders(headers: string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i < headers.length; i += 2) {
    const name = headers[i]!;
    if (!BODY_HEADERS.has(name)) kept.push(name, headers[i + 1]!);
  }
  return kept;
}
