import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { watchingMessages } from '@shared/messages/watching.js';
import { progressReportBody } from '@shared/schemas/watching.js';
import {
  clientAddress,
  logsRequests,
  sharedHeadersOf,
  type RequestHandler,
} from '@server/lib/answered-before-fastify.js';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '@server/lib/json-text.js';
import { requestIdOf } from '@server/lib/logging.js';
import type { AttemptCount } from '../abuse/attempt-store.js';
import { bearerToken } from '../auth/bearer-token.js';
import { hashToken, type SessionRecord } from '../auth/session-repository.js';
import type { ProgressBatch } from './progress-batch.js';
import {
  PROGRESS_ROUTE,
  planReport,
  reportProblem,
  type PlannedReport,
} from './progress-report.js';
import type { ViewKeys } from './view-keys.js';

const PATH = /^\/api\/videos\/([1-9]\d{0,8})\/progress$/;
/** Origins whose answers are remembered at most: the site's own, the app's none, a few more. */
const MAX_ORIGINS = 16;
/** A report is under 100 bytes; anything longer is left to the app. */
const MAX_BODY_BYTES = 1024;
const JSON_TYPE = /^application\/json\s*(?:;\s*charset=utf-8\s*)?$/i;
/** Text the app's JSON checks (request-text.ts) have nothing to say about: ASCII, no escapes. */
const PLAIN_TEXT = /^[\x20-\x5b\x5d-\x7e\t\r\n]*$/;

export interface ReportLane {
  /**
   * Takes a signed-in fan's progress report before Fastify: true when it took the request.
   * A report it cannot answer as the app would (anything but an accepted report of a fan's
   * public video within their limit) it hands to `app` with its body, which the route's
   * preParsing hook gives back (`replayed`).
   */
  answer(request: IncomingMessage, response: ServerResponse, app: RequestHandler): boolean;
  /** Fastify's last onSend hook: keeps the headers of the app's answer to a fan's report. */
  learn(request: FastifyRequest, reply: FastifyReply): void;
  /** The body the lane read of a request it handed to the app, as a stream to parse again. */
  replayed(request: IncomingMessage): Readable | undefined;
}

export interface ReportLaneOptions {
  session(tokenHash: string): Promise<SessionRecord | null>;
  watching: {
    batch: ProgressBatch;
    viewKeys: ViewKeys;
    visibility: (videoId: number) => Promise<{ isPublic: boolean } | null>;
  };
  /** The route's own limit for a signed-in fan: their count under it, and its maximum. */
  limit: { max: number; count(key: string): Promise<AttemptCount> };
  log: FastifyBaseLogger;
  trustProxy: boolean;
  /** False while the app refuses requests (shutting down, shedding load): it answers those. */
  open: () => boolean;
}

/**
 * The player reports every 10-15 s while it plays, so a site with viewers takes hundreds of
 * reports a second beside its reads. Through Fastify (its request objects, routing, a dozen
 * hooks, schema and serializer) a report cost ~200-260 µs of CPU, of which its own work (a
 * session, a cached visibility, a counter, a line in the batch) is a small part (decision 0021).
 * A signed-in fan's report (the app's and the site's players alike send a bearer token) is taken
 * here instead: read, checked with the route's own schema and rules (progress-report.ts),
 * counted under the route's limit in the same counter, queued in the same batch, and answered
 * with the headers the app gave the last such answer from the same origin.
 *
 * Everything else goes to the app as it came: a visitor, an origin not answered once already
 * (its CORS headers are learnt like the rest), an unusual body or header, a token not opening a
 * fan's session (administrators too), a video not public, a fan over the limit, any failure.
 * Once its body has been read, the request goes with that body, so every refusal is the app's
 * own, in its own words.
 */
export function createReportLane(options: ReportLaneOptions): ReportLane {
  const { session, watching, limit, log, trustProxy, open } = options;
  // By Origin ('' for none): CORS gives an allowed origin's answers headers of their own, and
  // the site's own player sends its origin with every POST.
  const learnt = new Map<string, string[]>();
  const bodies = new WeakMap<IncomingMessage, Buffer>();

  /**
   * Decides whether the lane answers this report, and counts it if so: null hands it to the
   * app, which has then seen nothing happen (but an over-limit count, which it counts again:
   * the answer is its 429 either way).
   */
  const decide = async (
    request: IncomingMessage,
    videoId: number,
    token: string,
    body: Buffer,
  ): Promise<{ planned: PlannedReport; count: AttemptCount } | null> => {
    const text = body.toString('latin1');
    if (!PLAIN_TEXT.test(text) || nestsDeeperThan(text, MAX_JSON_DEPTH)) return null;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return null;
    }
    const checked = progressReportBody.safeParse(parsed);
    if (!checked.success || reportProblem(checked.data) !== null) return null;
    const [record, video] = await Promise.all([
      session(hashToken(token)),
      watching.visibility(videoId),
    ]);
    const user = record?.user;
    if (!user || user.isAdmin || user.mustEnrol || !video?.isPublic) return null;
    const planned = await planReport(watching.viewKeys, videoId, checked.data, {
      userId: user.id,
      address: clientAddress(request, trustProxy) ?? '',
      userAgent: request.headers['user-agent'] ?? '',
    });
    const count = await limit.count(`u${user.id}`);
    return count.count > limit.max ? null : { planned, count };
  };

  /** Writes an accepted report to the batch and answers it; nothing in it waits or hands back. */
  const accept = (
    request: IncomingMessage,
    response: ServerResponse,
    { planned, count }: { planned: PlannedReport; count: AttemptCount },
    known: string[],
    started: number,
  ) => {
    if (planned.write) watching.batch.add(planned.write);
    const answer = JSON.stringify({
      status: 202,
      data: planned.answer,
      message: watchingMessages.progressSaved,
    });
    const id = requestIdOf(request);
    response.writeHead(202, [
      'x-request-id',
      id,
      'x-ratelimit-limit',
      String(limit.max),
      'x-ratelimit-remaining',
      String(Math.max(0, limit.max - count.count)),
      'x-ratelimit-reset',
      String(Math.ceil(count.resetInMs / 1000)),
      ...known,
      'content-length',
      String(Buffer.byteLength(answer)),
    ]);
    response.end(answer);
    if (started) {
      const ms = Math.round((performance.now() - started) * 10) / 10;
      log.info({ requestId: id, method: 'POST', url: request.url, status: 202, ms }, 'request');
    }
  };

  return {
    answer(request, response, app) {
      if (request.method !== 'POST' || learnt.size === 0) return false;
      const match = PATH.exec(request.url ?? '');
      if (!match || !open()) return false;
      const head = request.headers;
      const known = learnt.get(head.origin ?? '');
      if (
        known === undefined ||
        head['transfer-encoding'] !== undefined ||
        head['content-encoding'] !== undefined ||
        !JSON_TYPE.test(head['content-type'] ?? '')
      ) {
        return false;
      }
      const length = Number(head['content-length']);
      if (!Number.isInteger(length) || length < 1 || length > MAX_BODY_BYTES) return false;
      const token = head.authorization === undefined ? undefined : bearerToken(head.authorization);
      if (token === undefined) return false;
      const videoId = Number(match[1]);
      const started = logsRequests(log) ? performance.now() : 0;
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      // Only a whole body ends: one cut short leaves with its socket, and nothing is answered.
      request.on('end', () => {
        const body = Buffer.concat(chunks);
        const handBack = () => {
          try {
            bodies.set(request, body);
            app(request, response);
          } catch (error) {
            log.error({ err: error }, 'a progress report could not be handed to the app');
            response.destroy();
          }
        };
        decide(request, videoId, token, body).then((decided) => {
          if (decided === null) {
            handBack();
            return;
          }
          try {
            accept(request, response, decided, known, started);
          } catch (error) {
            // Counted and perhaps written: never handed to the app to be counted again.
            log.error({ err: error }, 'a progress report could not be answered');
            response.destroy();
          }
        }, handBack);
      });
      return true;
    },

    learn(request, reply) {
      if (request.routeOptions.url !== PROGRESS_ROUTE || reply.statusCode !== 202) return;
      const user = request.user;
      if (!user || user.isAdmin) return;
      const origin = request.headers.origin ?? '';
      // The oldest forgotten first: made-up origins cannot keep the site's own out for long.
      learnt.delete(origin);
      if (learnt.size >= MAX_ORIGINS) learnt.delete(learnt.keys().next().value as string);
      learnt.set(origin, sharedHeadersOf(reply));
    },

    replayed(request) {
      const body = bodies.get(request);
      if (body === undefined) return undefined;
      bodies.delete(request);
      return Readable.from([body]);
    },
  };
}
