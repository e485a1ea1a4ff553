import type { FastifyInstance } from 'fastify';
import { shouldSeedDemo } from '../env.js';
import { ensureConfiguredAdmin } from './configured-admin.js';
import { isDatabaseEmpty, seedDemoContent } from './demo-seed.js';

/** Start-up work on the database: migrations, the configured administrator, demo content. */
export async function prepareDatabase(app: FastifyInstance): Promise<void> {
  await app.database.migrate();
  const { config } = app;
  if (shouldSeedDemo(config) && (await isDatabaseEmpty(app.db))) {
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
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    await ensureConfiguredAdmin(app.db, config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
  }
}
