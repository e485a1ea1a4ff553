import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { SOURCE_ALIASES } from './vite.config.js';

const serverTests = ['src/server/**/*.test.ts', 'src/shared/**/*.test.ts'];

/** The API suite runs on PGlite always, and on PostgreSQL too when TEST_DATABASE_URL is set. */
const engines = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export default defineConfig({
  test: {
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
    projects: [
      {
        plugins: [react()],
        resolve: { alias: [SOURCE_ALIASES] },
        test: {
          name: 'client',
          include: ['src/client/**/*.test.tsx', 'src/client/**/*.test.ts'],
          environment: 'jsdom',
          setupFiles: ['src/client/testing/setup.ts'],
        },
      },
      ...engines.map((engine) => ({
        resolve: { alias: [SOURCE_ALIASES] },
        test: {
          name: engine,
          include: serverTests,
          // *.postgres.test.ts need a PostgreSQL server (to cut it off, for one); *.pglite.test.ts
          // are about the embedded database itself, whichever engine the API suite runs on.
          exclude: [
            engine === 'postgres' ? '**/*.pglite.test.ts' : '**/*.postgres.test.ts',
            '**/node_modules/**',
          ],
          environment: 'node',
          env: { TEST_DB: engine },
          globalSetup: ['src/server/testing/global-setup.ts'],
          setupFiles: ['src/server/testing/fail-on-console-error.ts'],
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      })),
    ],
  },
});
