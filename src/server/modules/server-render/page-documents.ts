import type { FastifyRequest } from 'fastify';
import { hasSiteFooter, isServerRendered, isSitePath } from '@shared/page-paths.js';
import { PAGE_STATE_ID, type RenderPage } from '@shared/server-render.js';
import type { CachedPage } from '../public-pages/page-cache.js';
import type { PageServing } from './page-serving.js';
import { writePage } from './page-writer.js';
import { renderAnswers } from './render-answers.js';

/** What a page's document says about itself: its HTTP status. */
export interface DocumentInfo {
  status: 200 | 404;
}

/**
 * Every path no page lives at shows the same not-found page: one document for all of them (two:
 * a path that names the back-office has no footer).
 */
const notFoundKey = (path: string) => `html:not-found${hasSiteFooter(path) ? '' : ':no-footer'}`;

const pathOf = (address: string) => address.split('?')[0] ?? address;

/** The client closed its connection: nobody is left to read its page. */
export const clientGone = (request: FastifyRequest) => request.raw.socket.destroyed;

/** A render given up before it started, its client gone while it waited for its turn. */
class RenderGivenUp extends Error {}

async function build(
  serving: PageServing,
  request: FastifyRequest,
  address: string,
  render: RenderPage,
) {
  const answers = renderAnswers(serving.app);
  const rendered = await render(address, (apiPath) => answers.answer(apiPath));
  const stateScript = `<script type="application/json" id="${PAGE_STATE_ID}">${rendered.state}</script>`;
  const page = await writePage(serving, request, pathOf(address), answers, {
    html: rendered.html,
    title: rendered.title,
    stateScript,
  });
  return {
    document: page.html,
    data: { status: page.found ? 200 : 404 } satisfies DocumentInfo,
    dependsOn: answers.dependsOn,
  };
}

/**
 * The page's whole HTML, rendered on the server and kept in the page cache like the API answers
 * it was made from, and dropped with them; null when the page is drawn in the browser (the
 * back-office) or the render is not built or fails: the caller sends the bare app. `address` is
 * the path with what of its query the page shows (`drawnAddress`: a search's ?page=).
 */
export async function pageDocument(
  serving: PageServing,
  request: FastifyRequest,
  address: string,
  /** Waited its turn once already, for a render that was given up: it goes first now. */
  again = false,
): Promise<CachedPage<DocumentInfo> | null> {
  const path = pathOf(address);
  if (!isServerRendered(path)) return null;
  const render = await serving.renderer();
  if (!render) return null;
  const key = isSitePath(path) ? `html:${address}` : notFoundKey(path);
  try {
    return await serving.app.pageCache.get<DocumentInfo>(key, {
      build: () =>
        serving.renders.run(
          () => {
            // Under a flood the queue is long, and a page nobody will read would hold up the
            // pages of the clients still waiting.
            if (clientGone(request)) throw new RenderGivenUp();
            return build(serving, request, address, render);
          },
          { first: again },
        ),
      message: '',
    });
  } catch (error) {
    if (error instanceof RenderGivenUp) {
      // Another client's render of this same page, given up: this client, still here, makes it.
      return clientGone(request) ? null : pageDocument(serving, request, address, true);
    }
    // The app can still draw the page in the browser (and show its own error there).
    request.log.warn({ err: error }, 'server render failed');
    return null;
  }
}
