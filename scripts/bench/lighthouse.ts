/**
 * Lighthouse 12 on Debian's Chromium, performance category only. One headless browser serves
 * every run (Lighthouse resets storage and cache before each); it is started here rather than
 * through chrome-launcher so the project depends on nothing Lighthouse merely happens to pull in.
 *
 * `npx tsx scripts/bench/lighthouse.ts URL [mobile|desktop]` prints one run's figures and the
 * audits that cost it points: the quick loop for working on a page.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import lighthouse, { desktopConfig, type Result } from 'lighthouse';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export type Preset = 'mobile' | 'desktop';

export interface LighthouseFigures {
  /** 0–100. */
  performance: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  fcpMs: number;
  /** Audits scored below 0.9 that weigh on the score or name savings: what to fix next. */
  findings: string[];
}

export interface Browser {
  port: number;
  close: () => Promise<void>;
}

/** Starts headless Chromium with a debugging port and waits until it listens. */
export async function launchChromium(): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), 'twang-lighthouse-'));
  const child = spawn(
    CHROMIUM,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--no-first-run',
      '--no-default-browser-check',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`${CHROMIUM} did not start: ${seen}`)), 20_000);
    child.stderr.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(seen);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
  return {
    port,
    close: async () => {
      child.kill('SIGTERM');
      const gone = await Promise.race([
        exited.then(() => true),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 5_000)),
      ]);
      if (!gone) {
        child.kill('SIGKILL');
        await exited;
      }
      // Its helper processes can still be writing the profile's cache a moment after it exits
      // (CI saw ENOTEMPTY on Default/Cache): rm retries those with a growing wait.
      rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    },
  };
}

/** One Lighthouse navigation of `url` with the preset's throttling and screen. */
export async function runLighthouse(
  url: string,
  preset: Preset,
  browser: Browser,
): Promise<LighthouseFigures> {
  const result = await lighthouse(
    url,
    {
      port: browser.port,
      logLevel: 'error',
      output: 'json',
      onlyCategories: ['performance'],
      // Only the report shows it; taking it costs seconds a run and no metric depends on it.
      disableFullPageScreenshot: true,
    },
    preset === 'desktop' ? desktopConfig : undefined,
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: numeric('largest-contentful-paint'),
    cls: numeric('cumulative-layout-shift'),
    tbtMs: numeric('total-blocking-time'),
    fcpMs: numeric('first-contentful-paint'),
    findings: findingsOf(lhr),
  };
}

function findingsOf(lhr: Result): string[] {
  return Object.values(lhr.audits)
    .filter((audit) => audit.score !== null && audit.score < 0.9)
    .filter(
      (audit) =>
        audit.scoreDisplayMode !== 'informative' && audit.scoreDisplayMode !== 'notApplicable',
    )
    .map((audit) => {
      const shown = audit.displayValue ? ` (${audit.displayValue})` : '';
      return `${audit.id}: score ${audit.score}${shown}`;
    });
}

export function formatFigures(figures: LighthouseFigures): string {
  return [
    `perf ${String(figures.performance).padStart(3)}`,
    `LCP ${(figures.lcpMs / 1000).toFixed(2)} s`,
    `FCP ${(figures.fcpMs / 1000).toFixed(2)} s`,
    `CLS ${figures.cls.toFixed(3)}`,
    `TBT ${Math.round(figures.tbtMs)} ms`,
  ].join('  ');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [url, preset = 'mobile'] = process.argv.slice(2);
  if (!url || (preset !== 'mobile' && preset !== 'desktop')) {
    console.error('usage: tsx scripts/bench/lighthouse.ts URL [mobile|desktop]');
    process.exit(2);
  }
  const browser = await launchChromium();
  try {
    const figures = await runLighthouse(url, preset, browser);
    console.log(`${url} ${preset}: ${formatFigures(figures)}`);
    for (const finding of figures.findings) console.log(`  ${finding}`);
  } finally {
    await browser.close();
  }
}
