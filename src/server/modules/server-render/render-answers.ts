import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { idParam } from '@shared/schemas/fields.js';
import { searchPageQuery, searchParams, tagPageQuery } from '@shared/schemas/public-catalogue.js';
import { matchPath } from '@shared/path-patterns.js';
import { API_READS, type ReadName } from '@shared/public-pages.js';
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
 * them would be, with no HTTP in between. Each path is answered and parsed once per render: the
 * page's head tags read the same answer (page-writer.ts). `dependsOn` gathers what the answers
 * show, so the rendered page is dropped with them.
 */
export interface RenderAnswers {
  answer(path: string): Promise<ApiAnswer>;
  dependsOn: Set<string>;
}

const envelope = (status: number, message: string): ApiAnswer => ({
  status,
  envelope: { status, data: null, message },
});

/** One API read, its parameters parsed as its route would. */
interface Read {
  notFoundMessage: string;
  /** The visitor's page, or null when the parameters name nothing or it does not exist. */
  page(
    app: FastifyInstance,
    params: Record<string, string>,
    query: URLSearchParams,
  ): Promise<Page | null>;
}

type Page = { body: Buffer; dependsOn: readonly string[] };

function read<P, T>(
  kind: PublicPage<P, T>,
  params: (path: Record<string, string>, query: URLSearchParams) => P | null,
): Read {
  return {
    notFoundMessage: kind.notFoundMessage,
    page: async (app, path, query) => {
      let parsedParams: P | null;
      try {
        parsedParams = params(path, query);
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

/** The page kind behind each of the public pages' reads, at the path API_READS gives it. */
const READS: Record<ReadName, Read> = {
  home: read(homePage, () => ({})),
  video: read(videoPage, (path) => {
    const id = parsed(idParam, path.id);
    return id === null ? null : { id };
  }),
  tag: read(tagPage, (path, query) => {
    const id = parsed(idParam, path.id);
    const paging = parsed(tagPageQuery, Object.fromEntries(query));
    return id === null || !paging ? null : { id, ...paging };
  }),
  search: read(searchPage, (path, query) => {
    const words = parsed(searchParams, { query: decodeURIComponent(path.query ?? '') });
    const paging = parsed(searchPageQuery, Object.fromEntries(query));
    return !words || !paging ? null : { ...words, ...paging };
  }),
};

const API_PREFIX = '/api';

/** Which read an API path is, with its path's parameters (not decoded), or null. */
function matchRead(pathname: string): { read: Read; params: Record<string, string> } | null {
  if (!pathname.startsWith(`${API_PREFIX}/`)) return null;
  const path = pathname.slice(API_PREFIX.length);
  for (const name of Object.keys(API_READS) as ReadName[]) {
    const params = matchPath(API_READS[name], path);
    if (params) return { read: READS[name], params };
  }
  return null;
}

export function renderAnswers(app: FastifyInstance): RenderAnswers {
  const dependsOn = new Set<string>();
  const answered = new Map<string, Promise<ApiAnswer>>();
  const answer = async (path: string): Promise<ApiAnswer> => {
    const url = new URL(path, 'http://twang.local');
    if (url.pathname === '/api/config')
      return { status: 200, envelope: ok(siteConfigOf(app.config)) };
    const match = matchRead(url.pathname);
    // The public pages read nothing else; a page that starts to will show its error here.
    if (!match) return envelope(404, `No API route GET ${url.pathname}.`);
    const page = await match.read.page(app, match.params, url.searchParams);
    if (!page) return envelope(404, match.read.notFoundMessage);
    for (const dependency of page.dependsOn) dependsOn.add(dependency);
    return { status: 200, envelope: JSON.parse(page.body.toString()) as ApiAnswer['envelope'] };
  };
  return {
    dependsOn,
    answer(path) {
      let answering = answered.get(path);
      if (!answering) {
        answering = answer(path);
        answered.set(path, answering);
      }
      return answering;
    },
  };
}
