/** Where the server writes a page's head tags; index.html carries it in its <head>. */
export const HEAD_MARKER = '<!--app-head-->';

/** Where the app draws itself; a server-rendered page arrives already drawn inside it. */
const ROOT_ELEMENT = '<div id="root"></div>';

/** A server-rendered page: its markup, and the script carrying its state to the browser. */
export interface RenderedMarkup {
  html: string;
  /** The page's own <title> element, which stands in for the head's. */
  title: string | null;
  stateScript: string;
}

/** index.html as a function of the head tags and, for a server-rendered page, its markup. */
export type IndexTemplate = (head: string, page?: RenderedMarkup) => string;

/**
 * Turns the built index.html into a function of the head tags. The file's own <title> and
 * description are the fallback for `vite dev`; here they are taken out so a page never has two.
 * A build without the marker still gets the tags, just before </head>.
 */
export function prepareIndexTemplate(html: string): IndexTemplate {
  let template = html;
  if (!template.includes(HEAD_MARKER)) {
    template = template.replace('</head>', `${HEAD_MARKER}\n  </head>`);
  }
  template = template
    .replace(/[ \t]*<title>[^<]*<\/title>[ \t]*\r?\n?/i, '')
    .replace(/[ \t]*<meta\s+name="description"[^>]*>[ \t]*\r?\n?/i, '');
  const [before, after] = splitOnce(template, HEAD_MARKER);
  const [beforeRoot, afterRoot] = splitOnce(after, ROOT_ELEMENT);
  // A page that arrives drawn needs the app's scripts to take it over, not to show it.
  const [drawnBefore, drawnBeforeRoot] = [before, beforeRoot].map(scriptsAtLowPriority);
  return (head, page) =>
    page && afterRoot
      ? `${drawnBefore}${head}${drawnBeforeRoot}<div id="root">${page.html}</div>\n    ${page.stateScript}${afterRoot}`
      : `${before}${head}${after}`;
}

/**
 * The app's module script and its preloads fetched at low priority: on a slow connection the
 * page's stylesheets and pictures come first, and the browser does not count the scripts among
 * what the first paint waits for.
 */
function scriptsAtLowPriority(html: string): string {
  return html.replace(
    /<(script type="module"|link rel="modulepreload")(?![^>]*fetchpriority)/g,
    '<$1 fetchpriority="low"',
  );
}

function splitOnce(text: string, marker: string): [string, string] {
  const at = text.indexOf(marker);
  return at < 0 ? [text, ''] : [text.slice(0, at), text.slice(at + marker.length)];
}
