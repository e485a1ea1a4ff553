/** Shared bits of the security scripts: installing tools, timing and printing figures. */
import { spawnSync } from 'node:child_process';

export function onPath(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/** Installs a Debian package when its command is missing (apt-get, as root or through sudo). */
export function ensureDebianTool(command: string, pkg: string): void {
  if (onPath(command)) return;
  console.log(`  ${command} is not installed: apt-get install -y ${pkg} (this takes a minute)`);
  const asRoot = process.getuid?.() === 0;
  const run = (args: string[]) => {
    const [program, ...rest] = asRoot ? args : ['sudo', ...args];
    return spawnSync(program!, rest, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    }).status;
  };
  if (run(['apt-get', 'install', '-y', '-q', pkg]) !== 0) {
    run(['apt-get', 'update', '-q']);
    if (run(['apt-get', 'install', '-y', '-q', pkg]) !== 0) {
      throw new Error(`could not install ${pkg} with apt-get`);
    }
  }
  if (!onPath(command)) throw new Error(`${pkg} is installed but ${command} is not on PATH`);
}

export function seconds(startedAt: number): string {
  return `${((performance.now() - startedAt) / 1000).toFixed(1)} s`;
}

export function formatCount(value: number): string {
  return value.toLocaleString('en-US');
}

export function heading(text: string): void {
  console.log(`\n=== ${text} ===`);
}

/** What each part answers to run.ts: its figures, and whether every bar was met. */
export interface PartResult {
  name: string;
  passed: boolean;
  summary: string[];
}
