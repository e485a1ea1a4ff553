/**
 * npm run docs:access — writes the table of who may call each route into docs/api.md, from
 * src/server/access-table.ts (src/server/access-table-docs.test.ts fails while it is stale).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { accessTableBlock, currentAccessTableBlock } from '../src/server/access-table-docs.js';

const file = 'docs/api.md';
const markdown = await readFile(file, 'utf8');
const current = currentAccessTableBlock(markdown);
if (current === null) throw new Error(`${file} has no access-table markers`);
await writeFile(file, markdown.replace(current, accessTableBlock()));
console.info(`${file}: access table written`);
