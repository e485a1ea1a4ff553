/**
 * The bench's child processes (server, load, ceiling): forked with the tsx loader when they are
 * TypeScript, tracked so that every one is ended on the way out, on an error and on Ctrl-C.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

const running = new Set<ChildProcess>();

export function track(child: ChildProcess): ChildProcess {
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
}

export function isRunning(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null;
}

/** Ends every child still running, by its own pid. */
export function killAllChildren(signal: NodeJS.Signals = 'SIGKILL'): void {
  for (const child of running) {
    if (isRunning(child)) child.kill(signal);
  }
}

/** Forks a TypeScript file of this folder with an IPC channel. */
export function forkScript(file: string): ChildProcess {
  const child = fork(fileURLToPath(new URL(file, import.meta.url)), [], {
    cwd: REPO_ROOT,
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return track(child);
}

/** Waits for the first IPC message that `accept` recognises; fails if the child exits first. */
export function nextMessage<T>(
  child: ChildProcess,
  accept: (message: unknown) => T | undefined,
  what: string,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: unknown) => {
      const value = accept(message);
      if (value === undefined) return;
      cleanup();
      resolve(value);
    };
    const onExit = (code: number | null, signal: string | null) => {
      cleanup();
      reject(new Error(`${what}: the process exited (code ${code}, signal ${signal})`));
    };
    const cleanup = () => {
      child.off('message', onMessage);
      child.off('exit', onExit);
    };
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

/**
 * Asking a child something and waiting for its answer: each request is sent with the next id, and
 * its answer is the first message carrying that id (a child's other messages have none).
 */
export function childRequests<Request extends { id: number }, Reply extends { id: number }>(
  child: ChildProcess,
  what: string,
): (request: Omit<Request, 'id'>) => Promise<Reply> {
  let nextId = 1;
  return (request) => {
    const id = nextId;
    nextId += 1;
    const reply = nextMessage(
      child,
      (message) => ((message as Partial<Reply>).id === id ? (message as Reply) : undefined),
      what,
    );
    child.send({ id, ...request });
    return reply;
  };
}

export function exited(child: ChildProcess): Promise<void> {
  if (!isRunning(child)) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Closes the channel (the child exits on it), and kills it if it lingers. */
export async function endChild(child: ChildProcess): Promise<void> {
  if (child.connected) child.disconnect();
  const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
  await exited(child);
  clearTimeout(timer);
}
