import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compressClient, describeSummary } from './scripts/compress-client.js';

/**
 * After the build is written (public/ copied in too), puts .br and .gz beside every
 * compressible file, so the server never compresses a static file per request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'twang:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      this.info(describeSummary(await compressClient(outDir)));
    },
  };
}

/** `@client/…`, `@server/…`, `@shared/…`: the folders under src (tsconfig.base.json's paths). */
export const SOURCE_ALIASES = {
  find: /^@(client|server|shared)\//,
  replacement: `${fileURLToPath(new URL('./src/', import.meta.url))}$1/`,
};

/**
 * React Router 7 exports only its development build (remix-run/react-router#12437, "temporary"):
 * dev warnings and checks included. Builds take the production one it ships beside it.
 */
const reactRouterProduction = fileURLToPath(
  new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

export default defineConfig(({ command, isSsrBuild }) => ({
  // The server's render entry (src/client/entry-server.tsx) is read from disk, never sent.
  plugins: isSsrBuild ? [react()] : [react(), precompress()],
  resolve: {
    alias: [
      SOURCE_ALIASES,
      ...(command === 'build'
        ? [{ find: /^react-router$/, replacement: reactRouterProduction }]
        : []),
    ],
  },
  // The server render bundles its packages, so it runs their production builds (React's are
  // chosen by NODE_ENV at run time otherwise, and the server does not set it) and React Router's
  // production build above.
  ssr: { noExternal: true },
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  build: isSsrBuild
    ? { outDir: 'dist/ssr', emptyOutDir: true, sourcemap: true, copyPublicDir: false }
    : {
        outDir: 'dist/client',
        emptyOutDir: true,
        sourcemap: true,
        // The server reads it to preload each public page's own chunks (plugins/page-preloads.ts).
        manifest: true,
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                {
                  // Everything the entry loads before it runs, as one file: left to itself the
                  // bundler makes a small chunk of each module the entry shares with a lazy page
                  // (about twenty), and each costs the first visit a request and its own
                  // compression.
                  name: 'app',
                  tags: ['$initial'],
                  // Not the entry itself, which stays the page's entry (Vite's manifest marks it,
                  // and the server's preloads skip what it loads).
                  test: (id: string) => !/(?:index\.html|src[\\/]client[\\/]main\.tsx)$/.test(id),
                },
                {
                  // What the public pages share (cards, page states, dialogs, useMutation): one chunk
                  // instead of a handful of 1–2 KB ones, each of which cost a first visit a request.
                  // Only these modules themselves: their own imports stay where they were, so
                  // nothing of the entry moves in here and the entry never loads this chunk.
                  name: 'page-kit',
                  test: /src[\\/]client[\\/](?:components[\\/](?:catalogue[\\/]|ui[\\/](?:modal|page-states|page-title))|lib[\\/]format)|[\\/]useMutation\.|[\\/]mutationObserver\./,
                  includeDependenciesRecursively: false,
                },
              ],
            },
          },
        },
      },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/media': 'http://localhost:3000' },
  },
}));
