import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/client.js';
import { shouldSeedDemo, type Config } from '../env.js';
import { siteSettings } from '../db/schema.js';
import { DEMO_DATES_PENDING_KEY } from './prepared-demo-data.js';

const hasDemoDatesPending = async (db: DatabaseHandle['db']): Promise<boolean> =>
  (
    await db
      .select({ key: siteSettings.key })
      .from(siteSettings)
      .where(eq(siteSettings.key, DEMO_DATES_PENDING_KEY))
  ).length > 0;

/** What the first-run work needs: the app, or a process that only prepares the database. */
export interface SetupTarget {
  config: Config;
  database: Pick<DatabaseHandle, 'db' | 'exclusive'>;
  log: { info(message: string): void };
}

/** Start-up work on the database: migrations, the configured administrator, demo content. */
export async function prepareDatabase(app: FastifyInstance): Promise<void> {
  await app.database.migrate();
  await prepareContent(app);
}

/**
 * The first-run content, on a migrated database: demo content on an empty one, and the
 * configured administrator. Instances started together on one empty database would each add
 * it (and all but one fail on the unique email), so it is added under the start-up lock that
 * migrations take, after a check without the lock: most starts find it there already and need
 * not wait for each other. The modules are loaded only when there is work for them (the demo
 * catalogue on a PostgreSQL start with SEED unset, for one, never is).
 */
export async function prepareContent(target: SetupTarget): Promise<void> {
  const { config, database, log } = target;
  // A copy of the build's demo database (prepared-demo-data.ts), whatever SEED says now: its
  // dates are still the build's. The row is looked for on embedded databases only.
  if (!config.DATABASE_URL && (await hasDemoDatesPending(database.db))) {
    const { moveDemoDatesToNow } = await import('./demo-seed.js');
    await database.exclusive((db) => moveDemoDatesToNow(db));
  }
  const demo = shouldSeedDemo(config) ? await import('./demo-seed.js') : null;
  const admin =
    config.ADMIN_EMAIL && config.ADMIN_PASSWORD
      ? { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD }
      : null;
  if (!demo && !admin) return;
  const adminModule = admin ? await import('./configured-admin.js') : null;
  const missing = async (db: DatabaseHandle['db']) =>
    Boolean(
      (demo && (await demo.isDatabaseEmpty(db))) ||
      (admin && adminModule && (await adminModule.isConfiguredAdminMissing(db, admin.email))),
    );
  if (!(await missing(database.db))) return;
  await database.exclusive(async (db) => {
    if (demo && (await demo.isDatabaseEmpty(db))) {
      await demo.seedDemoContent(db, { log: (line) => log.info(line) });
    }
    if (admin && adminModule)
      await adminModule.ensureConfiguredAdmin(db, admin.email, admin.password);
  });
}

/**
 * Once the server listens: gives the demo accounts still waiting for one a password, and prints
 * them, once (on standard output, never in a log line; they are stored only as hashes). Printed
 * before listening, they would be shown by a start that then fails, and lost to the one after.
 */
export async function showDemoPasswords(target: Pick<SetupTarget, 'config' | 'database'>) {
  if (!shouldSeedDemo(target.config)) return;
  const { issueDemoPasswords } = await import('./demo-seed.js');
  const accounts = await issueDemoPasswords(target.database.db);
  if (accounts.length === 0) return;
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
