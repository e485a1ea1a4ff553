import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RenderPage } from '@shared/server-render.js';

/**
 * The client's render entry, built beside the client (`vite build --ssr` writes dist/ssr next to
 * dist/client). Loaded on first use, not at start: React's server renderer takes ~60 ms to load,
 * which a cold start would otherwise wait for. Null without that build: pages go out unrendered,
 * and the app draws them in the browser.
 */
export function pageRenderer(clientDir: string): () => Promise<RenderPage | null> {
  const file = resolve(clientDir, '..', 'ssr', 'entry-server.js');
  let loading: Promise<RenderPage | null> | null = null;
  // Asked on every page request: the file is looked for once, not per request.
  return () => {
    loading ??= existsSync(file)
      ? import(pathToFileURL(file).href).then(
          (module: { renderPage: RenderPage }) => module.renderPage,
        )
      : Promise.resolve(null);
    return loading;
  };
}
