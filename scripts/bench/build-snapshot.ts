/**
 * A copy of the build for the run. The bench runs for minutes while anyone may rebuild dist/
 * (the served file names change with every build, and a server started earlier then answers the
 * bundle's old path with the page instead of the script). The copy sits in dist/bench-build:
 * inside the repository, so the server's imports still find node_modules, and where builds,
 * lint and git already leave generated files alone.
 */
import { cpSync, existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './children.js';

export interface BuildSnapshot {
  /** The copied dist/server/server.js. */
  serverEntry: string;
  /** The copied dist/client, for CLIENT_DIR and the browser bench. */
  clientDir: string;
}

export function snapshotBuild(): BuildSnapshot {
  const dist = join(REPO_ROOT, 'dist');
  if (!existsSync(join(dist, 'server/server.js')) || !existsSync(join(dist, 'client/index.html'))) {
    throw new Error('no build in dist/: run `npm run build` first (npm run bench does)');
  }
  const target = join(dist, 'bench-build');
  rmSync(target, { recursive: true, force: true });
  // server/ imports ../shared/; everything the build made is copied, but not the copy itself.
  for (const part of readdirSync(dist).filter((name) => name !== 'bench-build')) {
    // Source maps are a third of the build and nothing at run time reads them. Only scripts'
    // and styles' maps: the demo database's pg_filenode.map files are PostgreSQL's own.
    cpSync(join(dist, part), join(target, part), {
      recursive: true,
      filter: (source) => !/\.(js|css)\.map$/.test(source),
    });
  }
  return {
    serverEntry: join(target, 'server/server.js'),
    clientDir: join(target, 'client'),
  };
}
