import { describe, expect, it } from 'vitest';
import { HEAD_MARKER, prepareIndexTemplate } from './index-template.js';

/** index.html as Vite builds it: the entry, its preloads and its stylesheet in the head. */
const BUILT = `<!doctype html>
<html>
  <head>
    <title>Twang</title>
    ${HEAD_MARKER}
    <script type="module" crossorigin src="/assets/index-a.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/app-b.js">
    <link rel="stylesheet" crossorigin href="/assets/app-c.css">
  </head>
  <body><div id="root"></div></body>
</html>`;

const rendered = { html: '<main>Hello</main>', title: null, stateScript: '<script></script>' };

describe('the page template', () => {
  it("fetches a drawn page's app scripts at low priority, after its styles and pictures", () => {
    const page = prepareIndexTemplate(BUILT)({ head: '<meta name="x">', page: rendered });
    expect(page).toContain(
      '<script type="module" fetchpriority="low" crossorigin src="/assets/index-a.js">',
    );
    expect(page).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin');
    expect(page).toContain('<link rel="stylesheet" crossorigin href="/assets/app-c.css">');
    expect(page).toContain('<div id="root"><main>Hello</main></div>');
  });

  it("starts a drawn page's app from app-start.js, with the entry's and the page's chunks", () => {
    const start = 'startTheApp();';
    const page = prepareIndexTemplate(
      BUILT,
      start,
    )({
      head: '<meta name="x">',
      page: rendered,
      pageScripts: ['/assets/home-d.js'],
    });
    expect(page).not.toContain('<script type="module"');
    expect(page).not.toContain('modulepreload');
    expect(page).toContain(
      `<script data-entry="/assets/index-a.js" data-preload="/assets/app-b.js /assets/home-d.js">${start}</script>`,
    );
    expect(page).toContain('<link rel="stylesheet" crossorigin href="/assets/app-c.css">');
    // The bare app loads as built.
    const bare = prepareIndexTemplate(BUILT, start)({ head: '<meta name="x">' });
    expect(bare).toContain('<script type="module" crossorigin src="/assets/index-a.js"></script>');
    expect(bare).not.toContain(start);
  });

  it('leaves the bare app, which draws the page itself, at the usual priority', () => {
    const page = prepareIndexTemplate(BUILT)({ head: '<meta name="x">' });
    expect(page).not.toContain('fetchpriority');
    expect(page).toContain('<meta name="x">');
    expect(page).not.toContain('<title>');
  });

  it("puts a page's own styles at the end of its head, after the built stylesheet", () => {
    const styles = '<link rel="stylesheet" href="/assets/page-e.css">';
    const built = '<link rel="stylesheet" crossorigin href="/assets/app-c.css">';
    for (const page of [
      prepareIndexTemplate(BUILT)({ head: '', headEnd: styles, page: rendered }),
      prepareIndexTemplate(BUILT, 'startTheApp();')({ head: '', headEnd: styles, page: rendered }),
      prepareIndexTemplate(BUILT)({ head: '', headEnd: styles }),
    ]) {
      expect(page).toMatch(/page-e\.css">\s*<\/head>/);
      expect(page.indexOf(built)).toBeLessThan(page.indexOf(styles));
      expect(page.split(styles)).toHaveLength(2);
    }
  });
});
