import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/use-test-app.js';

const { t } = useTestApp();

const get = (url: string, accept?: string) =>
  t.app.inject({ method: 'GET', url, headers: accept ? { accept } : {} });

/** What a browser sends for a page. */
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

function directives(policy: unknown): Map<string, string> {
  return new Map(
    String(policy)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name = '', ...values]) => [name, values.join(' ')]),
  );
}

describe('GET /api/docs', () => {
  it('shows a browser the reference page, which runs no inline script', async () => {
    const res = await get('/api/docs', BROWSER_ACCEPT);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('<div id="swagger-ui"></div>');
    const scripts = res.body.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((tag) => !/\bsrc="\/api\/docs\/static\//.test(tag))).toEqual([]);
    expect(res.body).not.toMatch(/\son[a-z]+=/i);
  });

  it('serves every script and stylesheet the page names, under the same policy', async () => {
    const page = await get('/api/docs', BROWSER_ACCEPT);
    const assets = [...page.body.matchAll(/(?:src|href)="(\/api\/docs\/static\/[^"]+)"/g)].map(
      (match) => match[1]!,
    );
    expect(assets).toContain('/api/docs/static/swagger-initializer.js');
    for (const asset of assets) {
      const res = await get(asset);
      expect(res.statusCode, asset).toBe(200);
      expect(res.headers['content-security-policy'], asset).toBe(
        page.headers['content-security-policy'],
      );
    }
  });

  it('serves its files under /api/docs/static/ alone: elsewhere below /api/docs is not found', async () => {
    expect((await get('/api/docs/static/logo.svg')).statusCode).toBe(200);
    for (const url of ['/api/docs/logo.svg', '/api/docs/index.html', '/api/docs/nope']) {
      const res = await get(url, BROWSER_ACCEPT);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ status: 404, data: null });
    }
  });

  it("loads only this site's scripts, styles and data, and nothing may frame it", async () => {
    const policy = directives(
      (await get('/api/docs', BROWSER_ACCEPT)).headers['content-security-policy'],
    );
    expect(policy.get('default-src')).toBe("'none'");
    expect(policy.get('script-src')).toBe("'self'");
    expect(policy.get('style-src')?.split(' ')[0]).toBe("'self'");
    expect(policy.get('style-src')).not.toContain('unsafe-inline');
    expect(policy.get('connect-src')).toBe("'self'");
    expect(policy.get('frame-ancestors')).toBe("'none'");
  });

  it("allows by its hash each inline style the page's scripts render (Swagger UI's logo), and no other", async () => {
    const page = await get('/api/docs', BROWSER_ACCEPT);
    const allowed = directives(page.headers['content-security-policy'])
      .get('style-src')
      ?.split(' ');
    const scripts = [...page.body.matchAll(/<script src="([^"]+)"/g)].map((match) => match[1]!);
    const inlineStyles: string[] = [];
    for (const script of scripts) {
      const source = (await get(script)).body;
      // React renders a <style> element from createElement("style", null, "<its CSS>").
      for (const [, literal] of source.matchAll(
        /createElement\("style",null,("(?:[^"\\]|\\.)*")\)/g,
      )) {
        inlineStyles.push(JSON.parse(literal!) as string);
      }
    }
    // None found would mean the scripts changed shape, not that they have no inline style.
    expect(inlineStyles.length).toBeGreaterThan(0);
    const hashes = inlineStyles.map(
      (css) => `'sha256-${createHash('sha256').update(css).digest('base64')}'`,
    );
    expect(allowed?.slice(1).sort()).toEqual([...new Set(hashes)].sort());
  });

  it('keeps the strict API policy on every other API answer', async () => {
    for (const url of ['/api/config', '/api/home', '/api/docsx', '/api/users/1']) {
      const policy = directives((await get(url)).headers['content-security-policy']);
      expect(policy.get('default-src'), url).toBe("'none'");
      expect(policy.has('script-src'), url).toBe(false);
    }
  });

  it('answers the document itself to tools that ask for JSON (or for anything)', async () => {
    for (const accept of ['application/json', '*/*', undefined]) {
      const res = await get('/api/docs', accept);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json<{ openapi: string }>().openapi).toMatch(/^3\.\d+\.\d+$/);
    }
  });
});

describe('GET /api/docs/openapi.json', () => {
  it('is the OpenAPI 3 document of every API call, for tools and whoever is signed in or not', async () => {
    const res = await get('/api/docs/openapi.json', BROWSER_ACCEPT);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const doc = res.json<{ openapi: string; info: { title: string }; paths: object }>();
    expect(doc.openapi).toMatch(/^3\.\d+\.\d+$/);
    expect(doc.info.title).toBe('Twang API');
    expect(Object.keys(doc.paths)).toContain('/api/users/liked/add-video');
    expect(doc).toEqual((await get('/api/docs/json')).json());
  });
});
