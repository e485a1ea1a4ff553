import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const LOADER = fileURLToPath(new URL('./load-pg.ts', import.meta.url));

/** What a fresh Node process has loaded once pg is: fetch's implementation, and a navigator. */
function afterLoading(how: 'loadPg' | 'require'): { fetchLoaded: boolean; navigator: boolean } {
  const load =
    how === 'loadPg'
      ? `const { loadPg } = await import(${JSON.stringify(LOADER)}); const pg = loadPg();`
      : `const { createRequire } = await import('node:module'); const pg = createRequire(import.meta.url)('pg');`;
  const script = `${load}
    if (typeof pg.Pool !== 'function') throw new Error('no pg');
    console.log(JSON.stringify({
      fetchLoaded: process.moduleLoadList.some((name) => name.includes('undici')),
      navigator: 'navigator' in globalThis,
    }));`;
  const out = execFileSync(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', script],
    {
      encoding: 'utf8',
    },
  );
  return JSON.parse(out) as { fetchLoaded: boolean; navigator: boolean };
}

describe('loadPg', () => {
  const nodeHasNavigator = Number(process.versions.node.split('.')[0]) >= 21;

  it('gives pg without loading fetch, and leaves no navigator behind on Node 20', () => {
    expect(afterLoading('loadPg')).toEqual({ fetchLoaded: false, navigator: nodeHasNavigator });
  });

  it('is needed on Node 20: pg required plainly loads fetch there', () => {
    expect(afterLoading('require').fetchLoaded).toBe(!nodeHasNavigator);
  });
});
