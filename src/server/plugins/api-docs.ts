import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { registerRouteDocs } from './route-docs.js';

/** The human reference (Swagger UI); its assets, and the document it reads, live below it. */
export const DOCS_PATH = '/api/docs';
/** The document for tools, at an address that does not depend on content negotiation. */
export const OPENAPI_JSON_PATH = `${DOCS_PATH}/openapi.json`;

/** The OpenAPI document's introduction: what every call shares (docs/api.md says more). */
const API_DESCRIPTION = [
  'JSON under `/api`, for the website and the mobile app. Every body, answers and refusals alike,',
  'is the envelope `{ "status": <http status>, "data": <payload or null>, "message": <text> }`.',
  '',
  'Sign in with `POST /api/login` (or `POST /api/register`): the answer is 201 and the token comes',
  'in the `authorization` response header as `Bearer <token>`. Send it back as',
  '`authorization: Bearer <token>` on every call marked with the bearer lock: those answer 401',
  'without it, and administrator calls answer 403 to other accounts. Calls without the lock work',
  'signed out; with a token they add `isLiked` to videos and artists, and a stale token is ignored.',
  '',
  'Every call is rate limited (429 with `Retry-After`) and answers 503 while the database is away.',
  `The document itself: \`GET ${OPENAPI_JSON_PATH}\`.`,
].join('\n');

/**
 * Browsers ask for HTML and get the reference UI; everything else (tools, curl, the clients that
 * read `GET /api/docs` as JSON before the UI existed) gets the document.
 */
const wantsPage = (request: FastifyRequest) => /\btext\/html\b/.test(request.headers.accept ?? '');

/**
 * The Swagger UI's files, in its package. The plugin is bundled with the server (loaded apart,
 * its own copies of yaml and @fastify/static took ~0.3 s of a start on a slow machine), where it
 * can no longer find them beside itself: it is told where they are.
 */
const SWAGGER_UI_FILES = join(
  dirname(createRequire(import.meta.url).resolve('@fastify/swagger-ui/package.json')),
  'static',
);

/**
 * The OpenAPI document generated from the routes' zod schemas (documented by route-docs.ts), the
 * Swagger UI reading it at /api/docs, and the document at a stable address. Register before the
 * routes, so that each is documented as it is added.
 */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      // 3.1: its schemas are JSON Schema, so zod's nullable unions are valid as generated.
      openapi: '3.1.0',
      info: { title: 'Twang API', version: '1.0.0', description: API_DESCRIPTION },
      // Relative: the document describes whichever site serves it.
      servers: [{ url: '/', description: 'This site' }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  registerRouteDocs(app);

  const sendDocument = async (_request: FastifyRequest, reply: FastifyReply) =>
    reply.type('application/json; charset=utf-8').send(app.swagger());
  // The reference is for everyone: the page, its assets and the document, as the plugin adds them.
  await app.register(async (reference) => {
    reference.addHook('onRoute', (route) => {
      route.config = { ...route.config, access: 'public' };
    });
    await reference.register(swaggerUi, {
      routePrefix: DOCS_PATH,
      baseDir: SWAGGER_UI_FILES,
      logo: { type: 'image/svg+xml', content: readFileSync(join(SWAGGER_UI_FILES, 'logo.svg')) },
      // No call to validator.swagger.io: the page loads nothing from other sites (security-headers.ts).
      validatorUrl: false,
      uiConfig: { deepLinking: true, tryItOutEnabled: false },
      uiHooks: {
        preHandler: async (request, reply) => {
          if (request.routeOptions.url === DOCS_PATH && !wantsPage(request)) {
            return sendDocument(request, reply);
          }
          // With baseDir the plugin also serves its folder at /api/docs/* (for files a document
          // refers to; Twang's has none): only /api/docs/static/ serves it.
          if (request.routeOptions.url === `${DOCS_PATH}/*`) {
            reply.callNotFound();
            return reply;
          }
          return undefined;
        },
      },
    });
  });
  app.get(
    OPENAPI_JSON_PATH,
    { schema: { hide: true }, config: { access: 'public' } },
    sendDocument,
  );
}
