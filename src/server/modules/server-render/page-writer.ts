import type { FastifyRequest } from 'fastify';
import { firstReadOf, pageLink } from '@shared/page-paths.js';
import type { HomeData } from '@shared/schemas/public-catalogue.js';
import type { ApiAnswer } from '@shared/server-render.js';
import { renderHead } from '../seo/head-tags.js';
import { modulePreloadTags, type RenderedMarkup } from '../seo/index-template.js';
import { describePage, plainPageMeta, type DescribedPage } from '../seo/page-meta.js';
import { homeImagePreload } from './page-preloads.js';
import type { PageServing } from './page-serving.js';
import type { RenderAnswers } from './render-answers.js';

const TITLE = /<title>[^<]*<\/title>/;

/** A page's document: index.html with its head, and its markup if it was rendered. */
export interface WrittenPage {
  html: string;
  /** Whether a visitor may see a page at this path (describePage decides): else a 404. */
  found: boolean;
}

/**
 * Writes the page at `path`: index.html with the page's head tags, its preloads, and its markup
 * where the server rendered it. The head is made from the page's first API read as `answers`
 * gives it: the very answer the render read, parsed once, or asked for here when nothing was
 * rendered.
 */
export async function writePage(
  serving: PageServing,
  request: FastifyRequest,
  path: string,
  answers: RenderAnswers,
  rendered?: RenderedMarkup,
): Promise<WrittenPage> {
  const hints = serving.preloadsFor(path);
  const { described, first } = await describe(serving, request, path, answers);
  const image = path === pageLink.home && first ? homeImageOf(first) : '';
  // A rendered page carries its data; only the bare app has its first fetch started early.
  const data = rendered ? '' : hints.data;
  // The page's own title ("About | Twang") where the app rendered one.
  const ownTitle = rendered?.title;
  const tags = renderHead(described.meta);
  const meta = ownTitle ? tags.replace(TITLE, () => ownTitle) : tags;
  const head = [meta, serving.siteConfigScript, data, image].filter(Boolean).join('\n    ');
  // A drawn page starts its own chunks with the app; the bare app preloads them at once.
  const headEnd = hints.styles + (rendered ? '' : modulePreloadTags(hints.scripts));
  const html = serving.template(
    rendered ? { head, headEnd, page: rendered, pageScripts: hints.scripts } : { head, headEnd },
  );
  return { html, found: described.found };
}

/**
 * The page's head, from its first API read (answered from the page cache) where it makes one,
 * and that answer, for what else the head shows.
 */
async function describe(
  serving: PageServing,
  request: FastifyRequest,
  path: string,
  answers: RenderAnswers,
): Promise<{ described: DescribedPage; first?: ApiAnswer }> {
  try {
    const read = firstReadOf(path);
    const first = read ? await answers.answer(read) : undefined;
    return { described: await describePage(serving.app.db, serving.site, path, first), first };
  } catch (error) {
    // A preview is a nicety: the page itself must still load when the lookup fails.
    request.log.warn({ err: error }, 'page meta lookup failed');
    return { described: { meta: plainPageMeta(serving.site), found: true } };
  }
}

/** The home page's featured picture, preloaded from the home's answer (the one it shows). */
function homeImageOf(first: ApiAnswer): string {
  return first.status === 200 ? homeImagePreload(first.envelope.data as HomeData) : '';
}
