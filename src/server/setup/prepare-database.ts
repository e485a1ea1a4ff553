import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.js';
import { shouldSeedDemo, type Config } from '../env.js';

/** What the first-run work needs: the app, or a process that only prepares the database. */
export interface SetupTarget {
  config: Config;
  db: Database;
  log: { info(message: string): void };
}

/** Start-up work on the database: migrations, the configured administrator, demo content. */
export async function prepareDatabase(app: FastifyInstance): Promise<void> {
  await app.database.migrate();
  await prepareContent(app);
}

/**
 * The first-run content, on a migrated database: demo content on an empty one, and the
 * configured administrator. The modules are loaded only when there is work for them (the demo
 * catalogue on a PostgreSQL start with SEED unset, for one, never is).
 */
export async function prepareContent(app: SetupTarget): Promise<void> {
  const { config } = app;
  if (shouldSeedDemo(config)) {
    const { isDatabaseEmpty, seedDemoContent } = await import('./demo-seed.js');
    if (await isDatabaseEmpty(app.db)) {
      const accounts = await seedDemoContent(app.db, { log: (line) => app.log.info(line) });
      // Printed once, on the run that creates them; they are never stored in clear anywhere else.
      console.log(
        [
          '',
          'Demo accounts (shown once; change them or set ADMIN_EMAIL/ADMIN_PASSWORD):',
          ...accounts.map(
            (account) =>
              `  ${account.role.padEnd(5)}  email: ${account.email}  password: ${account.password}`,
          ),
          '',
        ].join('\n'),
      );
    }
  }
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    const { ensureConfiguredAdmin } = await import('./configured-admin.js');
    await ensureConfiguredAdmin(app.db, config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
  }
}
