import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { idParam } from '@shared/schemas/fields.js';
import { searchPageQuery, searchParams, tagPageQuery } from '@shared/schemas/public-catalogue.js';
import type { ApiAnswer } from '@shared/server-render.js';
import { ok } from '@server/lib/reply.js';
import { homePage } from '../home/home-page.js';
import { cachedPublicPage, type PublicPage } from '../public-pages/public-page.js';
import { searchPage } from '../search/search-page.js';
import { siteConfigOf } from '../site/site-config.js';
import { tagPage } from '../tags/tag-page.js';
import { videoPage } from '../videos/video-page.js';

/**
 * The API reads a server render makes, answered from the page cache as a visitor's request for
 * them would be, with no HTTP in between. `dependsOn` gathers what the answers show, so the
 * rendered page is dropped with them.
 */
export interface RenderAnswers {
  answer(path: string): Promise<ApiAnswer>;
  dependsOn: Set<string>;
  /** True when an answer said the page's subject does not exist: the page is a 404. */
  missing: boolean;
}

const envelope = (status: number, message: string): ApiAnswer => ({
  status,
  body: JSON.stringify({ status, data: null, message }),
});

/** One API read, its parameters parsed as its route would. */
interface Read {
  pattern: RegExp;
  notFoundMessage: string;
  /** The visitor's page, or null when the parameters name nothing or it does not exist. */
  page(app: FastifyInstance, match: RegExpExecArray, query: URLSearchParams): Promise<Page | null>;
}

type Page = { body: Buffer; dependsOn: ReadonlySet<string> };

function read<P, T>(
  pattern: RegExp,
  kind: PublicPage<P, T>,
  params: (match: RegExpExecArray, query: URLSearchParams) => P | null,
): Read {
  return {
    pattern,
    notFoundMessage: kind.notFoundMessage,
    page: async (app, match, query) => {
      let parsedParams: P | null;
      try {
        parsedParams = params(match, query);
      } catch {
        return null; // A malformed escape in the words.
      }
      return parsedParams === null ? null : cachedPublicPage(app, kind, parsedParams);
    },
  };
}

const parsed = <S extends z.ZodType>(schema: S, value: unknown): z.output<S> | null => {
  const result = schema.safeParse(value);
  return result.success ? result.data : null;
};

const READS: Read[] = [
  read(/^\/api\/home$/, homePage, () => ({})),
  read(/^\/api\/videos\/([^/]+)$/, videoPage, (match) => {
    const id = parsed(idParam, match[1]);
    return id === null ? null : { id };
  }),
  read(/^\/api\/tag\/([^/]+)$/, tagPage, (match, query) => {
    const id = parsed(idParam, match[1]);
    const paging = parsed(tagPageQuery, Object.fromEntries(query));
    return id === null || !paging ? null : { id, ...paging };
  }),
  read(/^\/api\/search\/([^/]+)$/, searchPage, (match, query) => {
    const words = parsed(searchParams, { query: decodeURIComponent(match[1] ?? '') });
    const paging = parsed(searchPageQuery, Object.fromEntries(query));
    return !words || !paging ? null : { ...words, ...paging };
  }),
];

export function renderAnswers(app: FastifyInstance): RenderAnswers {
  const result: RenderAnswers = {
    dependsOn: new Set(),
    missing: false,
    async answer(path) {
      const url = new URL(path, 'http://twang.local');
      if (url.pathname === '/api/config') {
        return { status: 200, body: JSON.stringify(ok(siteConfigOf(app.config))) };
      }
      for (const read of READS) {
        const match = read.pattern.exec(url.pathname);
        if (!match) continue;
        const page = await read.page(app, match, url.searchParams);
        if (!page) {
          result.missing = true;
          return envelope(404, read.notFoundMessage);
        }
        for (const dependency of page.dependsOn) result.dependsOn.add(dependency);
        return { status: 200, body: page.body.toString() };
      }
      // The public pages read nothing else; a page that starts to will show its error here.
      return envelope(404, `No API route GET ${url.pathname}.`);
    },
  };
  return result;
}
