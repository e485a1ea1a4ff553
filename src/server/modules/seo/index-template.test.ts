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
    const page = prepareIndexTemplate(BUILT)('<meta name="x">', rendered);
    expect(page).toContain(
      '<script type="module" fetchpriority="low" crossorigin src="/assets/index-a.js">',
    );
    expect(page).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin');
    expect(page).toContain('<link rel="stylesheet" crossorigin href="/assets/app-c.css">');
    expect(page).toContain('<div id="root"><main>Hello</main></div>');
  });

  it('leaves the bare app, which draws the page itself, at the usual priority', () => {
    const page = prepareIndexTemplate(BUILT)('<meta name="x">');
    expect(page).not.toContain('fetchpriority');
    expect(page).toContain('<meta name="x">');
    expect(page).not.toContain('<title>');
  });
});
