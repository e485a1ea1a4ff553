import { describe, expect, it } from 'vitest';
import { answerProblem } from './answer-check.js';

const envelope = {
  type: 'object',
  properties: {
    status: { type: 'integer' },
    data: { type: 'object', properties: { isLiked: { type: 'boolean' } }, required: ['isLiked'] },
    message: { type: 'string' },
  },
  required: ['status', 'data', 'message'],
  additionalProperties: false,
};
const operation = {
  responses: {
    '200': { content: { 'application/json': { schema: envelope } } },
    '304': {},
  },
};

describe('answerProblem', () => {
  it('accepts an answer that fits its documented status and schema', () => {
    const body = JSON.stringify({ status: 200, data: { isLiked: true }, message: 'Liked' });
    expect(answerProblem(operation, 200, body)).toBeNull();
    expect(answerProblem(operation, 304, '')).toBeNull();
  });

  it('names a status the document does not give', () => {
    expect(answerProblem(operation, 418, '{}')).toBe(
      'status 418 is not documented (documented: 200, 304)',
    );
  });

  it('names what in the body does not fit', () => {
    const body = JSON.stringify({ status: 200, data: { isLiked: 'yes' }, message: 'Liked' });
    expect(answerProblem(operation, 200, body)).toMatch(
      /^a body that does not fit .*\/data\/isLiked/,
    );
    expect(answerProblem(operation, 200, 'not json')).toMatch(/^a body that is not JSON/);
    expect(answerProblem(operation, 304, '{}')).toMatch(/documented without one/);
  });
});
