import { rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { WorkerReply, WorkerRequest, WorkerStart } from './worker-messages.js';

/** The worker beside this module: the sources' .ts (tests, tsx) or the bundle's .js. */
const DEFAULT_WORKER = new URL(
  import.meta.url.endsWith('.ts') ? './pglite-worker.ts' : './pglite-worker.js',
  import.meta.url,
);

/** PostgreSQL's own socket name, which `pg` builds from a folder (host) and a port. */
const SOCKET_PORT = 5432;

/** Where `pg` connects to reach the embedded database's thread. */
export interface EmbeddedServer {
  host: string;
  port: number;
  user: string;
  database: string;
  close: () => Promise<void>;
}

export interface EmbeddedServerOptions {
  /** Absent: in memory. */
  dataDir?: string | undefined;
  /** In memory, from this dump (see WorkerStart). */
  templateFile?: string | undefined;
  /** The worker's module; the bundled server passes its own copy's (see server.ts). */
  workerFile?: URL | undefined;
}

/**
 * Starts PGlite in its own thread, listening on a Unix socket in a folder only this user can
 * enter (no port for anyone else on the machine to reach). If the thread dies while open, the
 * process exits: every request would otherwise fail until someone restarted it.
 */
export async function startEmbeddedServer(options: EmbeddedServerOptions): Promise<EmbeddedServer> {
  const folder = await mkdtemp(join(tmpdir(), 'twang-db-'));
  const workerFile = options.workerFile ?? DEFAULT_WORKER;
  const start: WorkerStart = {
    dataDir: options.dataDir,
    templateFile: options.templateFile,
    socketPath: join(folder, `.s.PGSQL.${SOCKET_PORT}`),
  };
  const worker = workerFile.pathname.endsWith('.ts')
    ? // The sources' worker is TypeScript: tests and tsx scripts have it loaded through tsx,
      // registered inside the thread (Node 20 does not pass a loader on to workers).
      new Worker(
        `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(workerFile.href)}); })`,
        { eval: true, workerData: start },
      )
    : new Worker(workerFile, { workerData: start });
  // A process that exits without closing (a stop that timed out, a failed start) leaves no folder.
  const removeFolder = () => rmSync(folder, { recursive: true, force: true });
  process.once('exit', removeFolder);
  let closing = false;
  const replies = listen(worker);
  const first = await replies.next();
  if (first.type !== 'ready') {
    await worker.terminate();
    process.off('exit', removeFolder);
    await rm(folder, { recursive: true, force: true });
    throw new Error(`The embedded database could not start: ${describe(first)}`);
  }
  worker.on('exit', (code) => {
    if (closing) return;
    console.error(`The embedded database's thread stopped (exit code ${code}); Twang stops.`);
    process.exit(1);
  });
  return {
    host: folder,
    port: SOCKET_PORT,
    user: first.user,
    database: first.database,
    close: async () => {
      closing = true;
      worker.postMessage({ type: 'close' } satisfies WorkerRequest);
      const last = await replies.next();
      await worker.terminate();
      process.off('exit', removeFolder);
      await rm(folder, { recursive: true, force: true });
      if (last.type === 'failed')
        throw new Error(`The embedded database did not close: ${last.message}`);
    },
  };
}

/** The worker's replies one at a time; its error or exit counts as a failure. */
function listen(worker: Worker): { next: () => Promise<WorkerReply> } {
  const queued: WorkerReply[] = [];
  const waiters: ((reply: WorkerReply) => void)[] = [];
  const deliver = (reply: WorkerReply) => {
    const waiter = waiters.shift();
    if (waiter) waiter(reply);
    else queued.push(reply);
  };
  worker.on('message', (reply: WorkerReply) => deliver(reply));
  worker.on('error', (error) => deliver({ type: 'failed', message: error.message }));
  worker.on('exit', (code) => deliver({ type: 'failed', message: `its thread exited (${code})` }));
  return {
    next: () => {
      const reply = queued.shift();
      return reply ? Promise.resolve(reply) : new Promise((resolve) => waiters.push(resolve));
    },
  };
}

function describe(reply: WorkerReply): string {
  return reply.type === 'failed' ? reply.message : `unexpected ${reply.type}`;
}
