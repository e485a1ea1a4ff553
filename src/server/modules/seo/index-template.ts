/** Where the server writes a page's head tags; index.html carries it in its <head>. */
export const HEAD_MARKER = '<!--app-head-->';

/**
 * Turns the built index.html into a function of the head tags. The file's own <title> and
 * description are the fallback for `vite dev`; here they are taken out so a page never has two.
 * A build without the marker still gets the tags, just before </head>.
 */
export function prepareIndexTemplate(html: string): (head: string) => string {
  let template = html;
  if (!template.includes(HEAD_MARKER)) {
    template = template.replace('</head>', `${HEAD_MARKER}\n  </head>`);
  }
  template = template
    .replace(/[ \t]*<title>[^<]*<\/title>[ \t]*\r?\n?/i, '')
    .replace(/[ \t]*<meta\s+name="description"[^>]*>[ \t]*\r?\n?/i, '');
  const [before, after] = splitOnce(template, HEAD_MARKER);
  return (head) => `${before}${head}${after}`;
}

function splitOnce(text: string, marker: string): [string, string] {
  const at = text.indexOf(marker);
  return at < 0 ? [text, ''] : [text.slice(0, at), text.slice(at + marker.length)];
}
