import { beforeAll, describe, expect, it } from 'vitest';
import { checkBodyExamples } from './lib/route-schema.js';
import { answerProblem, schemaProblem } from './testing/answer-check.js';
import { accessByRoute } from './testing/route-access.js';
import { useTestApp } from './testing/use-test-app.js';

/**
 * Walks the generated OpenAPI document: what an app developer reads there must say what each
 * call is, who may make it, and every answer it can give. A route added without a summary, or
 * with an answer left as swagger's "Default Response", fails here.
 */

/** An OpenAPI media type: its schema, and one example or named ones. */
interface Media {
  schema?: object;
  example?: unknown;
  examples?: Record<string, { value?: unknown }>;
}

interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: unknown[];
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { description?: string; content?: Record<string, Media> }>;
}

const examplesOf = (media: Media): unknown[] => [
  ...(media.example === undefined ? [] : [media.example]),
  ...Object.values(media.examples ?? {}).map((named) => named.value),
];

let operations: { key: string; access: string; op: Operation }[];

const { t } = useTestApp();
beforeAll(async () => {
  const accessOf = accessByRoute(t.app);
  const doc = t.app.swagger() as unknown as { paths: Record<string, Record<string, Operation>> };
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => {
      const upper = method.toUpperCase();
      return {
        key: `${upper} ${path}`,
        access: accessOf.get(`${upper} ${path.replace(/\{(\w+)\}/g, ':$1')}`) ?? 'none',
        op,
      };
    }),
  );
});

/** The operations failing a check, by key, so a failure names them all at once. */
function failing(check: (op: Operation, access: string) => boolean): string[] {
  return operations.filter(({ op, access }) => !check(op, access)).map(({ key }) => key);
}

const has = (op: Operation, status: number) => String(status) in op.responses;
const needsToken = (op: Operation) => (op.security ?? []).some((scheme) => 'bearer' in scheme);

describe('the OpenAPI document', () => {
  it('covers the API', () => {
    expect(operations.length).toBeGreaterThanOrEqual(45);
  });

  it('gives every operation a summary and a tag', () => {
    expect(failing((op) => Boolean(op.summary?.trim()))).toEqual([]);
    expect(failing((op) => (op.tags ?? []).length > 0)).toEqual([]);
  });

  it('names every operation once, for generated clients', () => {
    const ids = operations.map(({ op }) => op.operationId ?? '');
    expect(failing((op) => Boolean(op.operationId))).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("asks for the bearer token exactly where the route's access rule does", () => {
    expect(failing((op, access) => needsToken(op) === (access !== 'public'))).toEqual([]);
    expect(failing((op, access) => access !== 'public' || op.security?.length === 0)).toEqual([]);
  });

  it('documents 401 on user and admin routes, and 403 on admin routes', () => {
    expect(failing((op, access) => access === 'public' || has(op, 401))).toEqual([]);
    expect(failing((op, access) => access !== 'admin' || has(op, 403))).toEqual([]);
  });

  it('documents 400, 429 and 503 everywhere (a NUL in any address is a 400)', () => {
    expect(failing((op) => has(op, 400) && has(op, 429) && has(op, 503))).toEqual([]);
  });

  it('describes every answer, never "Default Response", each with its envelope', () => {
    const vague: string[] = [];
    for (const { key, op } of operations) {
      for (const [status, response] of Object.entries(op.responses)) {
        const text = response.description?.trim() ?? '';
        if (!text || text === 'Default Response') vague.push(`${key} ${status}`);
        // 304 (a conditional read whose copy is current) has no body; a download is CSV.
        const csvDownload = status === '200' && response.content?.['text/csv'];
        if (status !== '304' && !csvDownload && !response.content?.['application/json']) {
          vague.push(`${key} ${status} has no schema`);
        }
      }
    }
    expect(vague).toEqual([]);
  });

  it('documents a success answer on every call that can succeed', () => {
    const refusedAlways = new Set(['GET /api/search']);
    // 202: a progress report, accepted and written within a second.
    const succeeds = (op: Operation) => has(op, 200) || has(op, 201) || has(op, 202);
    expect(failing(succeeds).filter((key) => !refusedAlways.has(key))).toEqual([]);
  });

  it('shows an example of every success answer, fitting its schema and status', () => {
    const faults: string[] = [];
    for (const { key, op } of operations) {
      for (const [status, response] of Object.entries(op.responses)) {
        if (!status.startsWith('2')) continue;
        const csv = response.content?.['text/csv'];
        if (csv) {
          // A download's example is its text: a header line, then rows.
          const texts = [
            ...examplesOf(csv),
            ...((csv.schema as { examples?: unknown[] } | undefined)?.examples ?? []),
          ];
          if (
            texts.length === 0 ||
            texts.some((text) => typeof text !== 'string' || !text.includes('\n'))
          ) {
            faults.push(`${key} ${status}: no CSV example`);
          }
          continue;
        }
        const media = response.content?.['application/json'];
        const examples = media ? examplesOf(media) : [];
        if (examples.length === 0) faults.push(`${key} ${status}: no example`);
        for (const example of examples) {
          const problem = answerProblem(op, Number(status), JSON.stringify(example));
          if (problem) faults.push(`${key} ${status}: ${problem}`);
          if ((example as { status?: unknown }).status !== Number(status)) {
            faults.push(`${key} ${status}: the example's envelope says another status`);
          }
        }
      }
    }
    expect(faults).toEqual([]);
  });

  it('shows an example of every refusal, fitting its schema and status', () => {
    const faults: string[] = [];
    for (const { key, op } of operations) {
      for (const [status, response] of Object.entries(op.responses)) {
        if (Number(status) < 400) continue;
        const media = response.content?.['application/json'];
        const examples = media ? examplesOf(media) : [];
        if (examples.length === 0) faults.push(`${key} ${status}: no example`);
        for (const example of examples) {
          const problem = media?.schema ? schemaProblem(media.schema, example) : null;
          if (problem) faults.push(`${key} ${status}: ${problem}`);
          const { status: said, message } = example as { status?: unknown; message?: unknown };
          if (said !== Number(status)) faults.push(`${key} ${status}: another status`);
          if (typeof message !== 'string' || message === '')
            faults.push(`${key} ${status}: no message`);
        }
      }
    }
    expect(faults).toEqual([]);
  });

  it('shows an example of every request body, fitting its schema', () => {
    const faults: string[] = [];
    for (const { key, op } of operations) {
      if (!op.requestBody) continue;
      const media = op.requestBody.content['application/json'];
      const examples = media ? examplesOf(media) : [];
      if (examples.length === 0 || !media?.schema) faults.push(`${key}: no body example`);
      for (const example of examples) {
        const problem = media?.schema ? schemaProblem(media.schema, example) : null;
        if (problem) faults.push(`${key}: ${problem} in ${JSON.stringify(example)}`);
      }
    }
    expect(faults).toEqual([]);
  });

  it('shows only request body examples that the route itself accepts', () => {
    // The JSON Schema above cannot say all zod checks: a strong password, an old enough birthday.
    const { checked, refused } = checkBodyExamples();
    expect(checked).toBeGreaterThan(10);
    expect(refused).toEqual([]);
  });

  it("documents 403 where a handler refuses someone else's account or likes", () => {
    const ownerOnly = operations.filter(({ key }) =>
      /^(GET|PUT|DELETE) \/api\/users(\/\{id\}|\/password|\/liked\/|\/\{id\}\/liked-)?/.test(key),
    );
    expect(ownerOnly.filter(({ op }) => !has(op, 403)).map(({ key }) => key)).toEqual([]);
  });
});
