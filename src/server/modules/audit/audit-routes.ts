import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { answerWithExample } from '@server/lib/route-schema.js';
import { auditListSchema, auditQuery } from '@shared/schemas/audit.js';
import { ok } from '@server/lib/reply.js';
import { listAuditEntries } from './audit-repository.js';

const AUDIT_LISTED = 'Administrator actions';

/** GET /api/admin/audit: what administrators changed, newest first. */
export async function auditRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/admin/audit',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'What administrators changed, newest first',
        tags: ['admin'],
        querystring: auditQuery,
        response: {
          200: answerWithExample(auditListSchema, {
            status: 200,
            data: {
              entries: [
                {
                  id: 311,
                  actor_id: 1,
                  actor_email: 'admin@example.com',
                  action: 'PUT /api/admin/videos',
                  target_id: '88',
                  target_name: 'Pedal Steel Sessions, Episode 12',
                  details: [],
                  fields: ['id', 'title', 'description', 'episode_number', 'public_state'],
                  status: 200,
                  at: '2025-03-15T21:02:44.000Z',
                },
              ],
              pageInfo: { total: 1, page: 1, pageSize: 50 },
            },
            message: AUDIT_LISTED,
          }),
        },
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
        target_name: row.targetName,
        details: row.details,
        fields: row.fields,
        status: row.statusCode,
        at: row.createdAt.toISOString(),
      }));
      return ok({ entries, pageInfo: { total, page, pageSize } }, AUDIT_LISTED);
    },
  );
}
