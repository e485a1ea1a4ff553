/** What the embedded database's thread is started with (its workerData). */
export interface WorkerStart {
  /** Absent: in memory. */
  dataDir?: string | undefined;
  /** In memory, from this dump of a database (PGlite's dumpDataDir): tests' migrated template. */
  templateFile?: string | undefined;
  socketPath: string;
}

export type WorkerRequest = { type: 'close' };

export type WorkerReply =
  | { type: 'ready'; user: string; database: string }
  | { type: 'closed' }
  | { type: 'failed'; message: string };
