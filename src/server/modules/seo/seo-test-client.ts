import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A stand-in for the built client: an index.html with the head marker, in a temporary folder.
 * Given a render entry's source, it is the built pair instead: `dir` is its `client/` and the
 * entry is `ssr/entry-server.js` beside it, where the server looks for it.
 */
export function makeClientDir(renderEntry?: string): { dir: string; remove: () => void } {
  const root = mkdtempSync(join(tmpdir(), 'twang-seo-'));
  const dir = renderEntry === undefined ? root : join(root, 'client');
  if (renderEntry !== undefined) {
    mkdirSync(dir);
    mkdirSync(join(root, 'ssr'));
    writeFileSync(join(root, 'ssr', 'entry-server.js'), renderEntry);
  }
  writeFileSync(
    join(dir, 'index.html'),
    [
      '<!doctype html>',
      '<html lang="en">',
      '  <head>',
      '    <meta charset="UTF-8" />',
      '    <meta name="description" content="Build-time description" />',
      '    <title>Build-time title</title>',
      '    <!--app-head-->',
      '    <script src="/theme-init.js"></script>',
      '  </head>',
      '  <body><div id="root"></div></body>',
      '</html>',
    ].join('\n'),
  );
  return { dir, remove: () => rmSync(root, { recursive: true, force: true }) };
}

/** The content of every `<meta {attribute}="{key}" content="...">` in the page, raw (escaped). */
export function metaContents(html: string, key: string): string[] {
  const pattern = new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)" />`, 'g');
  return [...html.matchAll(pattern)].map((match) => match[1]!);
}

export function jsonLdBlocks(html: string): string[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => match[1]!,
  );
}
