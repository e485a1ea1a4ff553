import { readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';

/**
 * Reads settings from a `.env` file (KEY=value lines, as `.env.example` lists them) into the
 * environment when the file exists. A variable already set in the environment wins, so a
 * deployment's own settings are never overridden by a file left in the folder. Returns the names
 * taken from the file.
 */
export function loadEnvFile(path: string, env: NodeJS.ProcessEnv = process.env): string[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const taken: string[] = [];
  for (const [name, value] of Object.entries(parseEnv(text))) {
    if (env[name] !== undefined) continue;
    env[name] = value;
    taken.push(name);
  }
  return taken;
}
