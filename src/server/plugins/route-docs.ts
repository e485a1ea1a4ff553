import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { z } from 'zod';
import { errorEnvelope } from '@shared/api-envelope.js';
import { apiMessages } from '@shared/messages/api.js';
import type { Access } from '../lib/route-rules.js';

/** The bearer token POST /api/login answers with (app.ts names the scheme). */
const BEARER = [{ bearer: [] }];

/** What an answer means when the route does not say it more precisely itself. */
const MEANING: Record<number, string> = {
  200: 'Done: `data` holds the answer.',
  201: 'Created: `data` holds what was made.',
  400: 'Bad input: `message` names the field, or gives the reason.',
  403: 'Not allowed: `message` says why.',
  404: 'Not found: `message` says what is missing.',
  409: 'Conflict with what is stored: `message` says which.',
  413: 'The body is over 64 KB.',
  429: 'Too many requests or attempts: retry after the seconds in the `Retry-After` header.',
  502: 'YouTube did not answer usably (timeout, network failure, 5xx or bad JSON).',
  503: 'The database is not answering, or the server is overloaded or shutting down: retry later (after `Retry-After` seconds when given).',
};

const NUL_REFUSED =
  'The address (or a body sent anyway) is not valid: a NUL character, text that is not UTF-8, bad JSON, or JSON nested too deeply.';
const SIGN_IN_AGAIN =
  'No token, or one that expired or was revoked: sign in again (POST /api/login). The answer carries `WWW-Authenticate: Bearer realm="twang"`.';
const NOT_ADMIN = 'Signed in, but not an administrator.';
const NOT_MODIFIED =
  'Not modified: the copy the client holds (the ETag it sent in If-None-Match) is current; no body.';

/**
 * The refusals every route of its kind can give, from its input and its access rule: a route
 * declares only its own (errorResponses in lib/route-schema.ts). Every API route is rate limited
 * and needs the database, so 429 and 503 are everyone's.
 */
function commonRefusals(
  schema: FastifySchema,
  access: Access,
  method: string,
): Record<number, string> {
  const refusals: Record<number, string> = {};
  // Any address may carry a NUL (refused by request-text.ts), so any call can answer 400. Every call
  // but GET reads a body, even one the route ignores: bad JSON is a 400 too, a big one 413.
  refusals[400] = schema.body || schema.querystring || schema.params ? MEANING[400]! : NUL_REFUSED;
  const readsBody = method !== 'GET';
  if (access !== 'public') refusals[401] = SIGN_IN_AGAIN;
  if (access === 'admin') refusals[403] = NOT_ADMIN;
  if (readsBody) refusals[413] = MEANING[413]!;
  refusals[429] = MEANING[429]!;
  refusals[503] = MEANING[503]!;
  return refusals;
}

/**
 * What the common refusals say, as the server words them (error-handler.ts, the access and
 * rate-limit plugins), for the reference's examples.
 */
const REFUSAL_MESSAGES: Record<number, string> = {
  400: 'id must be a positive whole number',
  401: apiMessages.signInRequired,
  403: apiMessages.adminRequired,
  413: 'The request body is too large.',
  429: apiMessages.tooManyRequests,
  502: apiMessages.youtubeUnavailable,
  503: 'The service is briefly unavailable (our database is not answering). Please try again in a moment.',
};

/**
 * A refusal's envelope with an example: the status, no data, and a message. A route's own
 * refusals are described by a sentence of the kind the answer carries ("No tag has that id."),
 * which stands for the message; the common ones get the server's own words.
 */
function withRefusalExample(answer: z.ZodType, status: number, ownRefusal: boolean): z.ZodType {
  if (status < 400 || answer.meta()?.examples) return answer;
  const { description } = answer;
  const message =
    (ownRefusal ? description : REFUSAL_MESSAGES[status]) ?? description ?? 'See `message`.';
  return answer.meta({ description, examples: [{ status, data: null, message }] });
}

/**
 * The answer schema of a common refusal, made once for all the routes that give it: describing
 * a zod schema copies it, and doing so afresh for each refusal of each route took 30 ms of a
 * 1 s cold start.
 */
const commonRefusalAnswers = new Map<string, z.ZodType>();
function commonRefusal(status: number, text: string): z.ZodType {
  const key = `${status} ${text}`;
  let answer = commonRefusalAnswers.get(key);
  if (!answer) {
    answer = withRefusalExample(errorEnvelope.describe(text), status, false);
    commonRefusalAnswers.set(key, answer);
  }
  return answer;
}

const NOT_MODIFIED_ANSWER = z.null().describe(NOT_MODIFIED);

/**
 * A stable name for each call, for generated clients: 'PUT /api/users/liked/add-video' is
 * putUsersLikedAddVideo, 'GET /api/users/:id' getUsersById.
 */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, '')
    .split(/[/-]/)
    .filter(Boolean)
    .map((word) => (word.startsWith(':') ? `by-${word.slice(1)}` : word))
    .flatMap((word) => word.split('-'));
  const capitalized = words.map((word) => word.charAt(0).toUpperCase() + word.slice(1));
  return [method.toLowerCase(), ...capitalized].join('');
}

/**
 * A route's schema as the OpenAPI document should show it: the security its access rule needs
 * (not restated by each route, so the two never disagree), the common refusals, and a description
 * on every response (none is left as swagger's "Default Response").
 */
export function documentRoute(
  schema: FastifySchema,
  access: Access,
  method: string,
  operationId: string,
): FastifySchema {
  const routeAnswers = schema.response as Record<string, unknown> | undefined;
  const refusals = commonRefusals(schema, access, method);
  const response: Record<string, unknown> = {};
  for (const [status, answer] of Object.entries({ ...routeAnswers })) {
    if (!(answer instanceof z.ZodType)) {
      response[status] = answer;
      continue;
    }
    const described = answer.description
      ? answer
      : answer.describe(refusals[Number(status)] ?? MEANING[Number(status)] ?? 'See `message`.');
    response[status] = withRefusalExample(described, Number(status), true);
  }
  for (const [status, text] of Object.entries(refusals)) {
    response[status] ??= commonRefusal(Number(status), text);
  }
  // Every successful read carries an ETag, and a client sending it back gets 304 (api-etag.ts).
  if (method === 'GET') response[304] ??= NOT_MODIFIED_ANSWER;
  const security = access === 'public' ? [] : BEARER;
  return { operationId, ...schema, security, response };
}

/** Applies documentRoute to every API route as it is added (before swagger reads it). */
export function registerRouteDocs(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url?.startsWith('/api/') || !route.schema || route.schema.hide) return;
    const first = [route.method].flat()[0] ?? 'GET';
    const method = first === 'HEAD' ? 'GET' : first;
    const access = route.config?.access ?? 'admin';
    route.schema = documentRoute(route.schema, access, method, operationIdOf(method, route.url));
  });
}
