/**
 * npm run docs:access — writes the table of who may call each route into docs/api.md, from each
 * route's `config.access` (src/server/lib/access-table-docs.test.ts fails while it is stale).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { accessTableBlock, currentAccessTableBlock } from '@server/lib/access-table-docs.js';
import { withOfflineApp } from './lib/offline-app.js';

const file = 'docs/api.md';
const markdown = await readFile(file, 'utf8');
const current = currentAccessTableBlock(markdown);
if (current === null) throw new Error(`${file} has no access-table markers`);
const block = await withOfflineApp((app) => accessTableBlock(app.routeRules()));
await writeFile(file, markdown.replace(current, block));
console.info(`${file}: access table written`);
