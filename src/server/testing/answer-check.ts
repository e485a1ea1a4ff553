import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';

interface DocumentedResponse {
  content?: Record<string, { schema?: object }>;
}
interface Operation {
  responses: Record<string, DocumentedResponse>;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
}

// Formats (email, uri, date) are zod's to check on input; answers are checked for their shape.
const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: false });
const validators = new WeakMap<object, ValidateFunction>();

function validatorOf(schema: object): ValidateFunction {
  let validate = validators.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    validators.set(schema, validate);
  }
  return validate;
}

/** What is wrong with a value by one of the document's schemas (the first fault), or null. */
export function schemaProblem(schema: object, value: unknown): string | null {
  const validate = validatorOf(schema);
  if (validate(value)) return null;
  const [first] = validate.errors ?? [];
  return `${first?.instancePath || '/'} ${first?.message ?? ''}`;
}

/**
 * What is wrong with an answer by the OpenAPI document, or null: a status the operation does not
 * document, or a body that does not fit the schema documented for that status.
 */
export function answerProblem(
  operation: Operation,
  status: number,
  body: string,
  contentType = 'application/json',
): string | null {
  const documented = operation.responses[String(status)];
  if (!documented) {
    return `status ${status} is not documented (documented: ${Object.keys(operation.responses).join(', ')})`;
  }
  // A download (CSV) is documented under its own media type: text, not JSON, to check.
  const mediaType = contentType.split(';')[0]!.trim();
  if (mediaType !== 'application/json' && documented.content?.[mediaType]) return null;
  const schema = documented.content?.['application/json']?.schema;
  if (!schema) return body === '' ? null : `a body, where ${status} is documented without one`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return `a body that is not JSON: ${body.slice(0, 80)}`;
  }
  const problem = schemaProblem(schema, parsed);
  return (
    problem && `a body that does not fit the documented schema: ${problem} (${body.slice(0, 200)})`
  );
}

/** The answer's text: cached pages are sent as stored bytes, compressed when the client asked. */
function bodyText(reply: FastifyReply, payload: unknown): string | null {
  if (typeof payload === 'string') return payload;
  if (!Buffer.isBuffer(payload)) return null;
  const encoding = reply.getHeader('content-encoding');
  if (encoding === 'br') return brotliDecompressSync(payload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(payload).toString('utf8');
  return encoding ? null : payload.toString('utf8');
}

/**
 * Tests only: checks every API answer against the OpenAPI document the app generates, so the
 * reference cannot drift from what the server does. A mismatch is a console.error, which fails
 * the test that caused it (fail-on-console-error.ts) and names the call. Registered before the
 * API routes (AppOptions.beforeApiRoutes), and after api-etag.ts, so it sees the 304s too.
 */
export function registerAnswerCheck(app: FastifyInstance): void {
  let doc: OpenApiDocument | undefined;
  app.addHook('onSend', async (request, reply, payload) => {
    const url = request.routeOptions.url;
    if (!url?.startsWith('/api/')) return payload;
    doc ??= app.swagger() as unknown as OpenApiDocument;
    const method = request.method === 'HEAD' ? 'get' : request.method.toLowerCase();
    // The reference's own routes (the UI, the document) are hidden from it.
    const operation = doc.paths[url.replace(/:(\w+)/g, '{$1}')]?.[method];
    if (!operation) return payload;
    const status = reply.statusCode;
    let problem: string | null;
    if (request.method === 'HEAD') {
      // No body to check; the status still has to be one the document gives.
      problem = String(status) in operation.responses ? null : `status ${status} is not documented`;
    } else {
      const body = status === 304 ? '' : bodyText(reply, payload);
      // A stream is no API answer; reading it would consume it.
      if (body === null) return payload;
      const type = reply.getHeader('content-type');
      problem = answerProblem(operation, status, body, typeof type === 'string' ? type : undefined);
    }
    if (problem) console.error(`${request.method} ${url} answered ${problem}`);
    return payload;
  });
}
