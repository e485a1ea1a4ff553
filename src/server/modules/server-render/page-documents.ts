import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PAGE_STATE_ID, type RenderPage } from '@shared/server-render.js';
import { hasSiteFooter, isServerRendered, isSitePath } from '@shared/page-paths.js';
import type { CachedPage } from '../public-pages/page-cache.js';
import type { RenderedMarkup } from '../seo/index-template.js';
import { renderAnswers } from './render-answers.js';

/** What a page's document says about itself: its HTTP status. */
export interface DocumentInfo {
  status: 200 | 404;
}

/** A page as the client-app plugin writes it: index.html with its head, and its markup if any. */
export type WritePage = (
  request: FastifyRequest,
  path: string,
  rendered?: RenderedMarkup,
) => Promise<{ html: string; found: boolean }>;

export interface PageDocuments {
  /**
   * The page's whole HTML, rendered on the server and kept in the page cache like the API answers
   * it was made from, and dropped with them; null when the page is drawn in the browser (the
   * back-office) or the render is not built or fails: the caller sends the bare app. `address`
   * is the path with what of its query the page shows (`drawnAddress`: a search's ?page=).
   */
  get(request: FastifyRequest, address: string): Promise<CachedPage<DocumentInfo> | null>;
}

/**
 * Every path no page lives at shows the same not-found page: one document for all of them (two:
 * a path that names the back-office has no footer).
 */
const notFoundKey = (path: string) => `html:not-found${hasSiteFooter(path) ? '' : ':no-footer'}`;

const pathOf = (address: string) => address.split('?')[0] ?? address;

export function pageDocuments(
  app: FastifyInstance,
  renderer: () => Promise<RenderPage | null>,
  write: WritePage,
): PageDocuments {
  const build = async (request: FastifyRequest, address: string, render: RenderPage) => {
    const path = pathOf(address);
    const answers = renderAnswers(app);
    const rendered = await render(address, (apiPath) => answers.answer(apiPath));
    const stateScript = `<script type="application/json" id="${PAGE_STATE_ID}">${rendered.state}</script>`;
    const page = await write(request, path, {
      html: rendered.html,
      title: rendered.title,
      stateScript,
    });
    const status = page.found && !answers.missing ? 200 : 404;
    return {
      document: page.html,
      data: { status } satisfies DocumentInfo,
      dependsOn: answers.dependsOn,
    };
  };

  return {
    async get(request, address) {
      const path = pathOf(address);
      if (!isServerRendered(path)) return null;
      const render = await renderer();
      if (!render) return null;
      const key = isSitePath(path) ? `html:${address}` : notFoundKey(path);
      try {
        return await app.pageCache.get<DocumentInfo>(key, {
          build: () => build(request, address, render),
          message: '',
        });
      } catch (error) {
        // The app can still draw the page in the browser (and show its own error there).
        request.log.warn({ err: error }, 'server render failed');
        return null;
      }
    },
  };
}
