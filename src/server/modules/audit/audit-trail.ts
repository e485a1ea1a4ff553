import type { FastifyInstance, FastifyRequest } from 'fastify';
import { insertAuditEntry } from './audit-repository.js';

const CHANGES = new Set(['POST', 'PUT', 'DELETE']);
/** Body fields that name what a call acts on, in the order they are looked for. */
const TARGET_FIELDS = ['id', 'epid', 'userId'] as const;

function targetOf(request: FastifyRequest): string | null {
  const body = request.body;
  if (body && typeof body === 'object') {
    for (const field of TARGET_FIELDS) {
      const value = (body as Record<string, unknown>)[field];
      if (typeof value === 'string' || typeof value === 'number') return String(value);
    }
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

/**
 * Records every change an administrator makes through the API once it has succeeded: who, which
 * call, on what, which fields (never their values), when. Readable at GET /api/admin/audit.
 */
export function registerAuditTrail(app: FastifyInstance): void {
  // Written before the answer leaves, so a change the client saw succeed is always on record.
  app.addHook('onSend', async (request, reply, payload) => {
    const actor = request.user;
    if (!actor?.isAdmin || !CHANGES.has(request.method) || reply.statusCode >= 400) return payload;
    if (!request.url.startsWith('/api/') || request.url === '/api/logout') return payload;
    try {
      await insertAuditEntry(app.db, {
        actorId: actor.id,
        actorEmail: actor.email,
        action: `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`,
        targetId: targetOf(request) ?? createdIdOf(reply.statusCode, payload),
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

/** A create answers 201 with what it made; its id is the target. */
function createdIdOf(status: number, payload: unknown): string | null {
  if (status !== 201 || typeof payload !== 'string') return null;
  try {
    const id = (JSON.parse(payload) as { data?: { id?: unknown } }).data?.id;
    return typeof id === 'number' || typeof id === 'string' ? String(id) : null;
  } catch {
    return null;
  }
}
