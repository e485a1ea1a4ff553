import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isAuditAction } from '@shared/audit-actions.js';
import { PROGRESS_ROUTE } from '../watching/progress-report.js';
import { insertAuditEntry } from './audit-repository.js';
import { AUDIT_SUBJECTS, asRecord, isApiAuditAction, type AuditSubject } from './audit-subjects.js';

const CHANGES = new Set(['POST', 'PUT', 'DELETE']);
/** Body fields that name what a call acts on, in the order they are looked for. */
const TARGET_FIELDS = ['id', 'epid', 'artistId', 'episodeId', 'userId'] as const;

/** The call as the log names it: 'PUT /api/admin/videos'. */
const actionOf = (request: FastifyRequest) =>
  `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`;

/** An administrator's change that succeeded so far: a write, or a call the log names (an import). */
function isAudited(request: FastifyRequest): boolean {
  if (!request.user?.isAdmin || !request.url.startsWith('/api/')) return false;
  // A call anyone may make (an unsubscribe link) is no administrator's change, signed in or not.
  if (request.routeOptions.config.access === 'public') return false;
  if (request.url === '/api/logout') return false;
  // Playback reports change nothing of the site, and come every few seconds while a video plays.
  if (request.routeOptions.url === PROGRESS_ROUTE) return false;
  return CHANGES.has(request.method) || isAuditAction(actionOf(request));
}

function targetOf(request: FastifyRequest): string | null {
  const body = asRecord(request.body);
  for (const field of TARGET_FIELDS) {
    const value = body[field];
    if (typeof value === 'string' || typeof value === 'number') return String(value);
  }
  const params = request.params as Record<string, unknown> | undefined;
  if (params && (typeof params.id === 'string' || typeof params.id === 'number')) {
    return String(params.id);
  }
  return null;
}

function fieldsOf(request: FastifyRequest): string[] {
  const body = request.body;
  return body && typeof body === 'object' && !Array.isArray(body) ? Object.keys(body).sort() : [];
}

/** The answer's `data`, when it is an object. */
function answerOf(payload: unknown): Record<string, unknown> {
  if (typeof payload !== 'string') return {};
  try {
    return asRecord((JSON.parse(payload) as { data?: unknown }).data);
  } catch {
    return {};
  }
}

/**
 * Records every change an administrator makes through the API once it has succeeded: who, which
 * call, on what (its id and its name then), what else it named (tags, rows), which fields (never
 * their values), when. Readable at GET /api/admin/audit.
 */
export function registerAuditTrail(app: FastifyInstance): void {
  /** Subjects read before their call: a deletion's item is gone after it. */
  const readBefore = new WeakMap<FastifyRequest, Promise<AuditSubject>>();

  const describe = async (
    request: FastifyRequest,
    answer: Record<string, unknown>,
  ): Promise<AuditSubject> => {
    const action = actionOf(request);
    const fallback = { targetId: targetOf(request), targetName: null, details: [] };
    if (!isApiAuditAction(action)) return fallback;
    const call = { db: app.db, body: asRecord(request.body), answer };
    try {
      const found = await (readBefore.get(request) ?? AUDIT_SUBJECTS[action].describe(call));
      return { ...found, targetId: found.targetId ?? fallback.targetId };
    } catch (error) {
      // The entry is still worth writing with the id alone.
      request.log.warn({ err: error }, 'audit entry subject could not be read');
      return fallback;
    }
  };

  app.addHook('preHandler', async (request) => {
    const action = actionOf(request);
    if (!isAudited(request) || !isApiAuditAction(action) || !AUDIT_SUBJECTS[action].before) return;
    const call = { db: app.db, body: asRecord(request.body), answer: {} };
    const found = AUDIT_SUBJECTS[action].describe(call);
    readBefore.set(request, found);
    // Finished before the handler runs: left to run beside it, the read could come after the
    // deletion it names had committed (a null name, seen in CI). A failed read must not fail the
    // call; onSend logs it when it awaits the same promise.
    await found.catch(() => undefined);
  });

  // Written before the answer leaves, so a change the client saw succeed is always on record.
  app.addHook('onSend', async (request, reply, payload) => {
    const actor = request.user;
    if (!actor || !isAudited(request) || reply.statusCode >= 400) return payload;
    try {
      const subject = await describe(request, answerOf(payload));
      await insertAuditEntry(app.db, {
        actorId: actor.id,
        actorEmail: actor.email,
        action: actionOf(request),
        ...subject,
        fields: fieldsOf(request),
        statusCode: reply.statusCode,
      });
    } catch (error) {
      // The change is already committed; a lost entry is logged loudly rather than failing it.
      request.log.error({ err: error }, 'audit entry could not be written');
    }
    return payload;
  });
}
