import { defineConfig } from '@playwright/test';
import { E2E_PORT as PORT, SMTP_PORT } from './e2e/ports.js';
import { SITE_ENV } from './e2e/site-settings.js';
import { YOUTUBE_ENV } from './e2e/youtube.js';

/** End-to-end tests: the production build on an in-memory database, driven in Debian's Chromium. */
export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/global-setup.ts',
  outputDir: process.env.E2E_OUTPUT ?? 'test-results/e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [
    [process.env.CI ? 'line' : 'list'],
    ['json', { outputFile: process.env.E2E_REPORT ?? 'test-results/playwright.json' }],
  ],
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    // E2E_SERVER / E2E_CLIENT_DIR let a run use the sources and its own client build.
    command: process.env.E2E_SERVER ?? 'node dist/server/server.js',
    url: `http://127.0.0.1:${PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATABASE_URL: 'memory://',
      SEED: 'demo',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: 'e2e-admin@example.com',
      ADMIN_PASSWORD: 'E2e-admin-Pass1',
      CLIENT_DIR: process.env.E2E_CLIENT_DIR ?? './dist/client',
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      // The browser keeps this machine busy: a mailing would crawl at its busy pace (decision 0020).
      NEWSLETTER_BUSY_MAILS_PER_SECOND: '300',
      // Every browser test comes from one address; the limits have their own API tests.
      RATE_LIMIT_SCALE: '100',
      // A CI machine running the browser and the server on two cores stalls now and then.
      LOAD_SHED_MAX_DELAY_MS: '5000',
      // Due scheduled work (a premiere's 5-second publishing tick) is claimed within a second.
      JOBS_POLL_MS: '1000',
      ...YOUTUBE_ENV,
      // A brand and links of its own, as a real install has (tests expect these, not defaults).
      ...SITE_ENV,
    },
  },
});
