import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { secondFactorMessages as m } from '@shared/messages/second-factor.js';
import { idParam } from '@shared/schemas/fields.js';
import { sessionListing } from '@shared/schemas/second-factor.js';
import { notFound } from '@server/lib/http-errors.js';
import { ok } from '@server/lib/reply.js';
import { answerWithExample, errorResponses } from '@server/lib/route-schema.js';
import { callerOf } from '@server/plugins/authentication.js';
import { deviceName } from './device-name.js';
import {
  listUserSessions,
  revokeUserSessionById,
  revokeUserSessions,
} from './session-repository.js';

const exampleSession = {
  id: 42,
  device: 'Chrome 131 on macOS',
  createdAt: '2026-11-20T18:04:11.000Z',
  lastUsedAt: '2026-11-27T09:12:40.000Z',
  current: true,
};

/**
 * GET /api/sessions, DELETE /api/sessions/:id, DELETE /api/sessions/others: the caller's own
 * signed-in sessions. Ending one drops it from every instance's cache (changes: viewers).
 */
export async function sessionsRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/sessions',
    {
      config: { access: 'user', duringEnrolment: true },
      schema: {
        summary: 'Your signed-in sessions, the most recently used first',
        tags: ['auth'],
        response: {
          200: answerWithExample(z.array(sessionListing), {
            status: 200,
            data: [
              exampleSession,
              { ...exampleSession, id: 39, device: 'Safari on iOS', current: false },
            ],
            message: 'OK',
          }),
        },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const rows = await listUserSessions(app.db, caller.id, caller.tokenHash, new Date());
      const devices = await Promise.all(rows.map((row) => deviceName(row.userAgent)));
      return ok(
        rows.map((row, index) => ({
          id: row.id,
          device: devices[index]!,
          createdAt: row.createdAt.toISOString(),
          lastUsedAt: row.lastSeenAt.toISOString(),
          current: row.current,
        })),
      );
    },
  );

  routes.delete(
    '/sessions/others',
    {
      config: { access: 'user', changes: ['viewers'], duringEnrolment: true },
      schema: {
        summary: 'Sign out everywhere but here',
        tags: ['auth'],
        response: {
          200: answerWithExample(z.object({ ended: z.number().int() }), {
            status: 200,
            data: { ended: 2 },
            message: m.otherSessionsEnded,
          }),
        },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const ended = await revokeUserSessions(app.db, caller.id, caller.tokenHash);
      return ok({ ended }, m.otherSessionsEnded);
    },
  );

  routes.delete(
    '/sessions/:id',
    {
      config: { access: 'user', changes: ['viewers'], duringEnrolment: true },
      schema: {
        summary: 'Sign out one of your sessions (this one too, when named)',
        tags: ['auth'],
        params: z.object({ id: idParam }),
        response: {
          200: answerWithExample(z.object({ id: z.number().int(), device: z.string() }), {
            status: 200,
            data: { id: 39, device: 'Safari on iOS' },
            message: m.sessionEnded,
          }),
          ...errorResponses({ 404: 'You have no session with that id.' }),
        },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const sessions = await listUserSessions(app.db, caller.id, caller.tokenHash, new Date());
      const named = sessions.find((session) => session.id === request.params.id);
      if (!named || !(await revokeUserSessionById(app.db, caller.id, named.id))) {
        throw notFound(m.sessionNotFound);
      }
      return ok({ id: named.id, device: await deviceName(named.userAgent) }, m.sessionEnded);
    },
  );
}
