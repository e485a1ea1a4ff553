import fc from 'fast-check';
import { apiMessages } from '@shared/messages/api.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './testing/use-test-app.js';

/**
 * Property-based fuzz of every route in the OpenAPI document, as an administrator (so bodies get
 * past the access check and reach validation and the handlers): whatever the body, path and query,
 * the answer is never a 5xx and every refusal is an envelope with a message. Only the routes that
 * call YouTube may answer 502, which here means "YouTube could not be reached", or 503 naming the
 * setting the test app lacks (YOUTUBE_API_KEY).
 */

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface Route {
  method: Method;
  path: string;
}

const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
const CALLS_YOUTUBE = new Set(['GET /api/admin/videos/import', 'POST /api/admin/videos']);
const NOT_CONFIGURED = new Set<string>([apiMessages.youtubeNoApiKey, apiMessages.youtubeNoChannel]);
/** Ends the caller's own session, which would turn the rest of the run into 401s. */
const SKIPPED = new Set(['POST /api/logout']);

const FIELDS = [
  'id',
  'userId',
  'email',
  'password',
  'title',
  'description',
  'link',
  'name',
  'img_path',
  'featured',
  'tagid',
  'epid',
  'episodeId',
  'artistId',
  'firstName',
  'lastName',
  'zip_code',
  'zipCode',
  'birthday',
  'newsletter',
  'currentPassword',
  'newPassword',
  'recoveryCode',
  'public_state',
  'episode_number',
  'isAdmin',
  // Aliases, read beside their fields (shared/schemas/read-shape.ts).
  'first_name',
  'last_name',
  'zipcode',
  'artistid',
  'image',
  'tags',
  'epnum',
  '__proto__',
  'constructor',
];
const NASTY = [
  "' OR '1'='1",
  '1; DROP TABLE users; --',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '../../etc/passwd',
  '%00',
  '\u0000',
  '\uFFFF',
  '😀🎸',
  'ﷺ',
  '\u202Eevil',
  '${7*7}',
  '{{7*7}}',
  'javascript:alert(1)',
  '-1',
  '0',
  '1e308',
  'NaN',
  'null',
  'true',
  '[]',
  '{}',
];

const text = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom(...NASTY),
  fc.string({ minLength: 3000, maxLength: 6000 }),
);
/**
 * Arrays nested inside one another, up to 30,000 deep: sent as text (see `bodyText`), since
 * JSON.stringify itself runs out of stack on the deepest.
 */
const DEEP = /"\u{1F573}deep:(\d+)"/gu;
const deep = fc
  .oneof(fc.integer({ min: 2, max: 40 }), fc.integer({ min: 5000, max: 30_000 }))
  .map((depth) => `\u{1F573}deep:${depth}`);
const bodyText = (payload: unknown) =>
  JSON.stringify(payload).replace(DEEP, (_marker, depth: string) => {
    const levels = Number(depth);
    return `${'['.repeat(levels)}${']'.repeat(levels)}`;
  });

const value: fc.Arbitrary<unknown> = fc.oneof(
  text,
  deep,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(text, fc.integer(), fc.constant(null)), { maxLength: 5 }),
  fc.dictionary(fc.constantFrom(...FIELDS), text, { maxKeys: 3 }),
);
const body = fc.oneof(
  fc.dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: 8 }),
  fc.jsonValue({ maxDepth: 3 }),
  fc.constant(undefined),
);
const query = fc.dictionary(
  fc.constantFrom('page', 'pageSize', 'q', 'days', 'link', 'x'),
  fc.oneof(text, fc.integer().map(String)),
  { maxKeys: 3 },
);

function parseJson(text: string): { message?: unknown; data?: unknown } | null {
  try {
    return JSON.parse(text) as { message?: unknown; data?: unknown };
  } catch {
    return null;
  }
}

let routes: Route[];

const { t, admin } = useTestApp({ signIn: { admin: 'admin' } });
beforeAll(async () => {
  const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  routes = Object.entries(doc.paths)
    .flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => ({ method: method.toUpperCase() as Method, path })),
    )
    .filter((route) => !SKIPPED.has(`${route.method} ${route.path}`));
});

describe('fuzzing every route', () => {
  it(`never answers 5xx, and refuses with an envelope (${RUNS} runs a route)`, async () => {
    const failures: string[] = [];
    let requests = 0;
    for (const route of routes) {
      const name = `${route.method} ${route.path}`;
      await fc
        .assert(
          fc.asyncProperty(
            fc.array(text, { minLength: 2, maxLength: 2 }),
            query,
            body,
            async (params, search, payload) => {
              let used = 0;
              const url =
                route.path.replace(/\{\w+\}/g, () => encodeURIComponent(params[used++ % 2] ?? '')) +
                (Object.keys(search).length > 0
                  ? `?${new URLSearchParams(search as Record<string, string>)}`
                  : '');
              const response = await t.app.inject({
                method: route.method,
                url,
                headers: { authorization: `Bearer ${admin.token}` },
                ...(payload === undefined || route.method === 'GET'
                  ? {}
                  : {
                      payload: bodyText(payload),
                      headers: {
                        authorization: `Bearer ${admin.token}`,
                        'content-type': 'application/json',
                      },
                    }),
              });
              requests += 1;
              const status = response.statusCode;
              const envelope = parseJson(response.body);
              // YouTube unreachable (502), or its key or channel not configured here (503).
              const youtube =
                status === 502 || (status === 503 && NOT_CONFIGURED.has(String(envelope?.message)));
              const allowed = status < 500 || (youtube && CALLS_YOUTUBE.has(name));
              // A download (CSV) answers its text; every refusal is still an envelope.
              const download =
                status < 400 && String(response.headers['content-type']).startsWith('text/csv');
              const wellFormed =
                (download && !/at \w+ \(|node_modules/.test(response.body)) ||
                (typeof envelope?.message === 'string' &&
                  envelope.message.length > 0 &&
                  (status < 400 || envelope.data === null) &&
                  !/at \w+ \(|node_modules|SELECT |INSERT |UPDATE /.test(response.body));
              if (!allowed || !wellFormed) {
                failures.push(
                  `${name} ${url.slice(0, 120)} -> ${status} ${response.body.slice(0, 200)}`,
                );
                return false;
              }
              return true;
            },
          ),
          { numRuns: RUNS, endOnFailure: true },
        )
        // A property that returned false is in `failures`; one that threw is recorded here.
        .catch((error: unknown) => {
          if (!failures.some((line) => line.startsWith(name)))
            failures.push(`${name}: ${String(error)}`);
        });
    }
    console.info(
      `fuzz: ${routes.length} routes, ${requests} requests, ${failures.length} bad answers`,
    );
    expect(failures).toEqual([]);
  }, 600_000);
});
