import type { FastifyInstance } from 'fastify';
import { buildApp } from '@server/app.js';
import { openDatabase } from '@server/db/client.js';
import { loadConfig } from '@server/env.js';

/**
 * The whole server, built in-process on an empty in-memory database and never listening, for
 * what is read from its routes (the OpenAPI document, the access table): reading them runs no
 * query.
 */
export async function withOfflineApp<T>(read: (app: FastifyInstance) => T): Promise<T> {
  const database = await openDatabase({ url: 'memory://' });
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: 'memory://',
    CLIENT_DIR: './no-client-for-offline-reading',
  });
  const app = await buildApp({ config, database, logger: false });
  try {
    await app.ready();
    return read(app);
  } finally {
    await app.close();
    await database.close();
  }
}
