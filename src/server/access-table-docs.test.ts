import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { ACCESS } from './access-table.js';
import { accessTableBlock, currentAccessTableBlock } from './access-table-docs.js';

describe("docs/api.md's table of who may call what", () => {
  it('is the access table as it is now', async () => {
    const current = currentAccessTableBlock(await readFile('docs/api.md', 'utf8'));
    const expected = accessTableBlock();
    expect(
      current,
      `docs/api.md differs from src/server/access-table.ts: run npm run docs:access, or paste\n${expected}\n`,
    ).toBe(expected);
  });

  it('lists every route once, with the token the likes and the account save need', () => {
    const table = accessTableBlock();
    expect(table.match(/^\| `/gm)).toHaveLength(Object.keys(ACCESS).length);
    expect(table).toMatch(
      /^\| `PUT \/api\/users\/liked\/add-video` +\| a signed-in user +\| yes +\|$/m,
    );
    expect(table).toMatch(/^\| `PUT \/api\/users` +\| a signed-in user +\| yes +\|$/m);
    expect(table).toMatch(/^\| `GET \/api\/home` +\| anyone +\| no +\|$/m);
  });
});
