import type { FastifyInstance } from 'fastify';
import { isDatabaseUp } from '../db/migrate.js';

/** For load balancers: 200 when the database answers, 503 otherwise. */
export function registerHealth(app: FastifyInstance): void {
  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) => {
    const up = await isDatabaseUp(app.db);
    return reply.code(up ? 200 : 503).send({
      status: up ? 200 : 503,
      data: { database: up ? 'up' : 'down' },
      message: up ? 'OK' : 'The database is not answering.',
    });
  });
}
