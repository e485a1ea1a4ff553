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

/** What a page adds to index.html. */
export interface PageParts {
  /** The head tags, where index.html has HEAD_MARKER. */
  head: string;
  /** Tags at the end of the head, after the built stylesheet: the page's own styles. */
  headEnd?: string;
  /** A server-rendered page's markup and state. */
  page?: RenderedMarkup;
  /** The addresses of a server-rendered page's own script chunks. */
  pageScripts?: readonly string[];
}

/** index.html as a function of what a page adds to it. */
export type IndexTemplate = (parts: PageParts) => string;

/**
 * Turns the built index.html into a function of the head tags. The file's own <title> and
 * description are the fallback for `vite dev`; here they are taken out so a page never has two.
 * A build without the marker still gets the tags, just before </head>.
 *
 * A page the server drew shows without its scripts, so it does not ask for them up front: with
 * `appStart` (public/app-start.js), its module script and preloads give way to that small
 * inline script, which asks for them once the page's largest paint is on screen. Without it, the
 * scripts are asked for at once, at low priority.
 */
export function prepareIndexTemplate(html: string, appStart: string | null = null): IndexTemplate {
  let template = html;
  if (!template.includes(HEAD_MARKER)) {
    template = template.replace('</head>', `${HEAD_MARKER}\n  </head>`);
  }
  template = template
    .replace(/[ \t]*<title>[^<]*<\/title>[ \t]*\r?\n?/i, '')
    .replace(/[ \t]*<meta\s+name="description"[^>]*>[ \t]*\r?\n?/i, '');
  const [before, after] = splitOnce(template, HEAD_MARKER);
  const [beforeRoot, afterRoot] = splitOnce(after, ROOT_ELEMENT);
  const drawn = drawnPageParts([before, beforeRoot], appStart);
  // The head's end is found in the template's small parts: a replace over the whole page copied
  // it twice (~50 KB of garbage a first-time video page).
  return ({ head, headEnd = '', page, pageScripts = [] }) =>
    page && afterRoot
      ? `${drawn.before}${head}${atHeadEnd(drawn.beforeRoot(pageScripts), headEnd)}<div id="root">${page.html}</div>\n    ${page.stateScript}${afterRoot}`
      : `${before}${head}${atHeadEnd(after, headEnd)}`;
}

function atHeadEnd(html: string, tags: string): string {
  return tags ? html.replace('</head>', () => `${tags}</head>`) : html;
}

const MODULE_SCRIPT = /[ \t]*<script type="module"[^>]*\bsrc="([^"]+)"[^>]*><\/script>[ \t]*\r?\n?/;
const MODULE_PRELOAD = /[ \t]*<link rel="modulepreload"[^>]*\bhref="([^"]+)"[^>]*>[ \t]*\r?\n?/g;

/** The template around the head tags, for a page the server drew. */
function drawnPageParts(
  [before, beforeRoot]: [string, string],
  appStart: string | null,
): { before: string; beforeRoot: (pageScripts: readonly string[]) => string } {
  const entry = MODULE_SCRIPT.exec(beforeRoot)?.[1];
  if (!appStart || !entry) {
    const low = atLowPriority(beforeRoot);
    return { before: atLowPriority(before), beforeRoot: (scripts) => withPreloads(low, scripts) };
  }
  const preloads = [...beforeRoot.matchAll(MODULE_PRELOAD)].map((match) => match[1]!);
  const rest = beforeRoot.replace(MODULE_PRELOAD, '');
  return {
    before,
    beforeRoot: (pageScripts) =>
      rest.replace(MODULE_SCRIPT, () => {
        const chunks = [...preloads, ...pageScripts].join(' ');
        return `    <script data-entry="${entry}" data-preload="${chunks}">${appStart}</script>\n`;
      }),
  };
}

/** The app's module script and preloads asked for after the page's styles and pictures. */
function atLowPriority(html: string): string {
  return html.replace(
    /<(script type="module"|link rel="modulepreload")(?![^>]*fetchpriority)/g,
    '<$1 fetchpriority="low"',
  );
}

/** The page's own chunks preloaded after the entry's, for a template that loads scripts itself. */
function withPreloads(html: string, pageScripts: readonly string[]): string {
  return atHeadEnd(html, modulePreloadTags(pageScripts));
}

/** Preloads of a page's own chunks, at low priority: the app needs them after its entry. */
export function modulePreloadTags(scripts: readonly string[]): string {
  return scripts
    .map(
      (href) => `  <link rel="modulepreload" crossorigin fetchpriority="low" href="${href}" />\n  `,
    )
    .join('');
}

function splitOnce(text: string, marker: string): [string, string] {
  const at = text.indexOf(marker);
  return at < 0 ? [text, ''] : [text.slice(0, at), text.slice(at + marker.length)];
}
