import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Scripts small enough to go into the page itself. theme-init.js must run before the first
 * paint, so as a file it blocks the page for a request of its own (~40 ms of a phone's largest
 * paint in Lighthouse); inlined, the page policy allows exactly these bytes by their hash.
 */
const INLINED = ['theme-init.js'];

export interface InlinedScripts {
  html: string;
  /** CSP sources for the inlined scripts: `'sha256-…'`. */
  hashes: string[];
  /**
   * app-start.js, which a page the server drew carries instead of the app's module script
   * (seo/index-template.ts): null when the build has none, and the page loads the app at once.
   */
  appStart: string | null;
}

/** index.html with each `<script src="/name">` of INLINED replaced by the file's contents. */
export function inlineScripts(root: string, html: string): InlinedScripts {
  const hashes: string[] = [];
  let page = html;
  for (const name of INLINED) {
    const tag = `<script src="/${name}"></script>`;
    const file = join(root, name);
    if (!page.includes(tag) || !existsSync(file)) continue;
    const source = readFileSync(file, 'utf8');
    // A script element ends at the first "</script", whatever the JavaScript around it says.
    if (/<\/script/i.test(source)) continue;
    page = page.replace(tag, () => `<script>${source}</script>`);
    hashes.push(hashOf(source));
  }
  const startFile = join(root, APP_START);
  const start = existsSync(startFile) ? readFileSync(startFile, 'utf8') : null;
  const appStart = start && !/<\/script/i.test(start) ? start : null;
  if (appStart) hashes.push(hashOf(appStart));
  return { html: page, hashes, appStart };
}

const APP_START = 'app-start.js';

const hashOf = (source: string) =>
  `'sha256-${createHash('sha256').update(source).digest('base64')}'`;
