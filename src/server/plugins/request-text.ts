import { isUtf8 } from 'node:buffer';
import type { FastifyInstance } from 'fastify';
import { requestMessages } from '@shared/messages/request.js';
import { badRequest } from '../lib/http-errors.js';
import { findBrokenText, MAX_JSON_DEPTH, nestsDeeperThan } from '../lib/json-text.js';

/**
 * What no field of any route accepts, refused here once instead of in every route, each with a
 * 400 naming the problem:
 * - a NUL (PostgreSQL text cannot hold one, so it would fail inside the database);
 * - text that is not whole Unicode: bytes that are not UTF-8, or half of a surrogate pair (JSON's
 *   "\ud800"), which would otherwise be stored as U+FFFD instead of what was sent;
 * - a body nested deeper than any call needs, which code walking it recursively (JSON.stringify,
 *   a schema) could not get through without running out of stack.
 * A path parameter with bytes that are not UTF-8 is the router's to refuse (app.ts's frameworkErrors).
 */
export function registerRequestText(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (/%00/i.test(request.url)) throw badRequest(requestMessages.nul);
    const parameter = brokenQueryParameter(request.url);
    if (parameter !== null) throw badRequest(requestMessages.brokenText(parameter));
  });
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const bytes = typeof body === 'string' ? Buffer.from(body) : body;
    const text = bytes.toString('utf8');
    if (/\\u0000/i.test(text)) return done(badRequest(requestMessages.nul), undefined);
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
      return done(badRequest(requestMessages.bodyTooDeep(MAX_JSON_DEPTH)), undefined);
    }
    const bytesWereUtf8 = isUtf8(bytes);
    parseJson(request, text, (error, value) => {
      if (error) return done(error, undefined);
      const broken = findBrokenText(value, bytesWereUtf8);
      if (broken) {
        const where = broken.path === '' ? 'the body' : broken.path;
        const message = broken.inName
          ? requestMessages.brokenFieldName(where)
          : requestMessages.brokenText(where);
        return done(badRequest(message), undefined);
      }
      // Bytes that are not UTF-8 outside any string already made the JSON invalid.
      if (!bytesWereUtf8) return done(badRequest(requestMessages.bodyNotUtf8), undefined);
      done(null, value);
    });
  });
}

/** A query part as the query parser reads it (a stray '%' as itself, '+' as a space); null if it cannot be. */
function decodedPart(part: string): string | null {
  try {
    return decodeURIComponent(part.replace(/\+/g, ' ').replace(/%(?![0-9A-Fa-f]{2})/g, '%25'));
  } catch {
    return null;
  }
}

/**
 * The name of the first query parameter whose percent-encoded bytes are not UTF-8 (the query
 * parser would keep such a value as its raw '%FF' text); null when there is none.
 */
function brokenQueryParameter(url: string): string | null {
  const start = url.indexOf('?');
  if (start === -1 || !url.includes('%', start)) return null;
  for (const pair of url.slice(start + 1).split('&')) {
    const equals = pair.indexOf('=');
    const key = decodedPart(equals === -1 ? pair : pair.slice(0, equals));
    if (key === null) return 'A query parameter name';
    if (equals !== -1 && decodedPart(pair.slice(equals + 1)) === null) return key;
  }
  return null;
}
