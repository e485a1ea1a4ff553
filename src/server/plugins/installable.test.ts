import { cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeClientDir } from '../modules/seo/seo-test-client.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';

/** The files the build copies as they are (Vite's public folder) and the page template. */
const PUBLIC_DIR = join(import.meta.dirname, '../../../public');
const INDEX = readFileSync(join(import.meta.dirname, '../../../index.html'), 'utf8');
const STYLES = readFileSync(join(import.meta.dirname, '../../client/styles.css'), 'utf8');

interface WebManifest {
  name: string;
  short_name: string;
  start_url: string;
  display: string;
  background_color: string;
  theme_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
}

const manifest = JSON.parse(
  readFileSync(join(PUBLIC_DIR, 'manifest.webmanifest'), 'utf8'),
) as WebManifest;

/** The value of a colour token in the light (first) or dark (second) theme block. */
function token(name: string, theme: 0 | 1): string {
  const values = [...STYLES.matchAll(new RegExp(`--${name}: (#[0-9a-f]{6});`, 'g'))];
  return values[theme]![1]!;
}

describe('the site can be installed and has an icon', () => {
  it('links an SVG favicon, the manifest and a theme colour for each colour scheme', () => {
    expect(INDEX).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml" />');
    expect(INDEX).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
    expect(INDEX).toContain(
      `<meta name="theme-color" content="${token('bg', 0)}" media="(prefers-color-scheme: light)" />`,
    );
    expect(INDEX).toContain(
      `<meta name="theme-color" content="${token('bg', 1)}" media="(prefers-color-scheme: dark)" />`,
    );
    expect(INDEX).not.toContain('data:,');
  });

  it('has a manifest a browser accepts: names, start, standalone, colours, existing icons', () => {
    expect(manifest).toMatchObject({
      name: 'Twang',
      short_name: 'Twang',
      start_url: '/',
      display: 'standalone',
      background_color: token('bg', 0),
      theme_color: token('accent-strong', 0),
    });
    expect(manifest.icons.map((icon) => icon.purpose).sort()).toEqual(['any', 'maskable']);
    for (const icon of manifest.icons) {
      const svg = readFileSync(join(PUBLIC_DIR, icon.src), 'utf8');
      expect(svg, icon.src).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox=/);
      expect(icon).toMatchObject({ sizes: 'any', type: 'image/svg+xml' });
    }
  });

  it('draws the favicon in both colour schemes', () => {
    const svg = readFileSync(join(PUBLIC_DIR, 'favicon.svg'), 'utf8');
    expect(svg).toContain('@media (prefers-color-scheme:dark)');
  });
});

describe('serving the icon and the manifest', () => {
  let t: TestApp;
  let client: ReturnType<typeof makeClientDir>;
  beforeAll(async () => {
    client = makeClientDir();
    for (const file of ['favicon.svg', 'icon-maskable.svg', 'manifest.webmanifest']) {
      cpSync(join(PUBLIC_DIR, file), join(client.dir, file));
    }
    t = await createTestApp({ env: { CLIENT_DIR: client.dir } });
  });
  afterAll(async () => {
    await t.close();
    client.remove();
  });

  it('answers the manifest as a manifest and the icon as SVG, not the page', async () => {
    const manifestAnswer = await t.app.inject({ url: '/manifest.webmanifest' });
    expect(manifestAnswer.statusCode).toBe(200);
    expect(manifestAnswer.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifestAnswer.json<WebManifest>().name).toBe('Twang');
    const icon = await t.app.inject({ url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toMatch(/^image\/svg\+xml/);
  });
});
