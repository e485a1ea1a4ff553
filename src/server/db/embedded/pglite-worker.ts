/**
 * The embedded database's thread: PGlite runs every query synchronously, so on the server's own
 * thread a first view or a new search stalled every other request for as long as it ran. Here it
 * answers the app's `pg` pool over a Unix socket in a private folder (embedded-server.ts).
 */
import { readFile } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { openPglite } from './open-pglite.js';
import { SharedSession } from './shared-session.js';
import type { WorkerReply, WorkerRequest, WorkerStart } from './worker-messages.js';

const port = parentPort;
if (!port) throw new Error('pglite-worker.ts runs as a worker thread (see embedded-server.ts).');
const start = workerData as WorkerStart;

function reply(message: WorkerReply): void {
  port?.postMessage(message);
}

try {
  const db = await openPglite({
    dataDir: start.dataDir,
    dump: start.templateFile ? new Blob([await readFile(start.templateFile)]) : undefined,
  });
  const identity = await db.query<{ user: string; database: string }>(
    'SELECT current_user AS "user", current_database() AS "database"',
  );
  const session = new SharedSession(db, {
    onError: (error) => {
      console.error('The embedded database reset its connections after an error:', error);
    },
  });
  const server = session.server();
  server.listen(start.socketPath, () => {
    const { user, database } = identity.rows[0] ?? { user: 'postgres', database: 'postgres' };
    reply({ type: 'ready', user, database });
  });
  port.on('message', (request: WorkerRequest) => {
    if (request.type !== 'close') return;
    server.close();
    session
      .close()
      .then(() => db.close())
      .then(
        () => reply({ type: 'closed' }),
        (error: unknown) => reply({ type: 'failed', message: String(error) }),
      );
  });
} catch (error) {
  reply({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
}
