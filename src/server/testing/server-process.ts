import { spawn } from 'node:child_process';
import { expect } from 'vitest';

/**
 * The real server process (src/server/server.ts) for tests of how it starts and fails: with only
 * the settings given (none of the shell's), its output kept.
 */
export function startServer(
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], {
    env: {
      PATH: process.env.PATH,
      HOST: '127.0.0.1',
      SEED: 'none',
      LOG_LEVEL: 'warn',
      CLIENT_DIR: './no-client-here',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}

export const lines = (text: string) => text.split('\n').filter((line) => line.trim() !== '');

/**
 * What no output of a failed start may hold: a password hash, a query's parameters, a stack
 * trace, and the given secrets (passwords of the settings, say).
 */
export function expectNothingSecret(output: string, secrets: string[]): void {
  expect(output).not.toMatch(/\$argon2/);
  expect(output).not.toMatch(/params:/);
  expect(output).not.toMatch(/^\s+at /m);
  expect(output).not.toMatch(/node_modules/);
  expect(output).not.toMatch(/password: Tw[A-Za-z0-9_-]{16}9/);
  for (const secret of secrets) expect(output).not.toContain(secret);
}
