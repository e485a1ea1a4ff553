import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { serializeError } from './safe-errors.js';

/** What never reaches a log line, wherever it appears one level down (`*.x`) or in headers. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers.authorization',
  'headers.authorization',
  '*.authorization',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.recoveryCode',
  '*.code',
  '*.token',
  '*.passwordHash',
  '*.tokenHash',
];

/** Somewhere log lines can go: standard output by default, a buffer in tests. */
export interface LogStream {
  write: (line: string) => void;
}

export function loggerOptions(level: string, stream?: LogStream) {
  const options = {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    // An error's values stay out: a failed query's parameters, the row PostgreSQL quotes.
    serializers: { err: serializeError },
  };
  return stream ? { ...options, stream } : options;
}

const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * Each request's id: the load balancer's `x-request-id` when it sends a sane one (so one id
 * follows a request through every hop), else a new UUID. Answers and log lines carry it.
 */
export function requestIdOf(request: IncomingMessage): string {
  const header = request.headers['x-request-id'];
  return typeof header === 'string' && SAFE_REQUEST_ID.test(header) ? header : randomUUID();
}
