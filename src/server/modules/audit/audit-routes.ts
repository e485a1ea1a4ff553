import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '../../../shared/api-envelope.js';
import { auditListSchema, auditQuery } from '../../../shared/schemas/audit.js';
import { ok } from '../../lib/reply.js';
import { listAuditEntries } from './audit-repository.js';

/** GET /api/admin/audit: what administrators changed, newest first. */
export async function auditRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/admin/audit',
    {
      schema: {
        summary: 'What administrators changed, newest first',
        tags: ['admin'],
        querystring: auditQuery,
        response: { 200: envelope(auditListSchema) },
      },
    },
    async (request) => {
      const { page, pageSize, actor, action, target } = request.query;
      const { rows, total } = await listAuditEntries(
        app.db,
        { actor, action, target },
        {
          limit: pageSize,
          offset: (page - 1) * pageSize,
        },
      );
      const entries = rows.map((row) => ({
        id: row.id,
        actor_id: row.actorId,
        actor_email: row.actorEmail,
        action: row.action,
        target_id: row.targetId,
        fields: row.fields,
        status: row.statusCode,
        at: row.createdAt.toISOString(),
      }));
      return ok({ entries, pageInfo: { total, page, pageSize } }, 'Administrator actions');
    },
  );
}
