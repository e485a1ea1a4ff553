import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { accessTableBlock, currentAccessTableBlock } from './access-table-docs.js';
import { useTestApp } from '../testing/use-test-app.js';

const { t } = useTestApp();

describe("docs/api.md's table of who may call what", () => {
  it("is the routes' access rules as they are now", async () => {
    const current = currentAccessTableBlock(await readFile('docs/api.md', 'utf8'));
    const expected = accessTableBlock(t.app.routeRules());
    expect(
      current,
      `docs/api.md differs from the routes' config.access: run npm run docs:access, or paste\n${expected}\n`,
    ).toBe(expected);
  });

  it('lists every route once, with the token the likes and the account save need', () => {
    const table = accessTableBlock(t.app.routeRules());
    expect(table.match(/^\| `/gm)).toHaveLength(t.app.routeRules().length);
    expect(table).toMatch(
      /^\| `PUT \/api\/users\/liked\/add-video` +\| a signed-in user +\| yes +\|$/m,
    );
    expect(table).toMatch(/^\| `PUT \/api\/users` +\| a signed-in user +\| yes +\|$/m);
    expect(table).toMatch(/^\| `GET \/api\/home` +\| anyone +\| no +\|$/m);
  });
});
