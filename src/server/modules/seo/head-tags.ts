import { scriptSafeJson } from '@shared/script-safe-json.js';

/** What a shared page tells link previews and search engines about itself. */
export interface PageMeta {
  /** The document title. */
  title: string;
  description: string;
  /** The page's absolute address; without one the page gets no canonical or preview tags. */
  url?: string;
  preview?: {
    type: 'website' | 'video.other' | 'profile';
    /** The title without the brand, as previews show the site's name beside it. */
    title: string;
    siteName: string;
    image?: string;
    /** An embeddable player (video pages). */
    video?: string;
  };
  /** schema.org data; written as JSON-LD, which browsers never run. */
  jsonLd?: Record<string, unknown>;
  /** A page that is not there (answered 404): search engines must not index it. */
  noindex?: boolean;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
}

/** Previews show a line or two; longer descriptions are cut at a word, whitespace folded. */
export function previewText(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

const meta = (attribute: 'name' | 'property', key: string, content: string) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;

/** The tags that go into the page's <head>, every value escaped. */
export function renderHead(page: PageMeta): string {
  const lines = [
    `<title>${escapeHtml(page.title)}</title>`,
    meta('name', 'description', page.description),
  ];
  if (page.noindex) lines.push(meta('name', 'robots', 'noindex'));
  if (page.url) lines.push(`<link rel="canonical" href="${escapeHtml(page.url)}" />`);
  const preview = page.preview;
  if (page.url && preview) {
    lines.push(
      meta('property', 'og:type', preview.type),
      meta('property', 'og:title', preview.title),
      meta('property', 'og:description', page.description),
      meta('property', 'og:url', page.url),
      meta('property', 'og:site_name', preview.siteName),
    );
    if (preview.image) lines.push(meta('property', 'og:image', preview.image));
    if (preview.video) {
      lines.push(
        meta('property', 'og:video', preview.video),
        meta('property', 'og:video:type', 'text/html'),
      );
    }
    lines.push(
      meta('name', 'twitter:card', preview.image ? 'summary_large_image' : 'summary'),
      meta('name', 'twitter:title', preview.title),
      meta('name', 'twitter:description', page.description),
    );
    if (preview.image) lines.push(meta('name', 'twitter:image', preview.image));
  }
  if (page.jsonLd) {
    lines.push(`<script type="application/ld+json">${scriptSafeJson(page.jsonLd)}</script>`);
  }
  return lines.join('\n    ');
}
