import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isSharedMessage } from '@shared/messages/all-messages.js';
import { startsWithFieldLabel } from '@shared/messages/field-labels.js';
import { isDatabaseUnavailable } from '../db/pg-errors.js';
import { HttpError, unknownFieldMessage } from '../lib/http-errors.js';

const INTERNAL_ERROR = 'Something went wrong on our side. Please try again later.';
const SERVICE_UNAVAILABLE =
  'The service is briefly unavailable (our database is not answering). Please try again in a moment.';

interface ValidationItem {
  keyword: string;
  instancePath: string;
  message?: string | undefined;
  params: Record<string, unknown>;
}

/** Turns one schema issue into a sentence that names the field, unless it is already a spec text. */
export function describeValidationIssue(item: ValidationItem, context: string): string {
  const message = item.message ?? 'is invalid';
  if (isSharedMessage(message)) return message;
  const field = item.instancePath.replace(/^\//, '').replaceAll('/', '.') || context;
  if (item.keyword === 'unrecognized_keys') {
    const keys = Array.isArray(item.params.keys) ? item.params.keys.join(', ') : '';
    return unknownFieldMessage(context, keys);
  }
  // Our schemas' own messages already name the field, by its name or by the label the forms
  // give it ('Birthday must be a date as YYYY-MM-DD').
  if (message.startsWith(`${field} `) || startsWithFieldLabel(message)) return message;
  if (item.keyword === 'invalid_type' && message.startsWith('Invalid input')) {
    if (message.endsWith('received undefined')) return `${field} is required`;
    return `${field} must be ${String(item.params.expected ?? 'of another type')}`;
  }
  return `${field}: ${message}`;
}

/** One place decides what a client sees of an error: a clear 4xx message, or a bare 5xx. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = error.validationContext ?? 'request';
      const message = describeValidationIssue(error.validation[0]!, context);
      return reply.code(400).send({ status: 400, data: null, message });
    }
    if (error instanceof HttpError) {
      // YouTube failing, a setting missing, load shed or shutting down: the message says which.
      if (error.statusCode >= 500) request.log.warn({ err: error }, 'refused on the server side');
      return reply
        .code(error.statusCode)
        .headers(error.headers)
        .send({ status: error.statusCode, data: null, message: error.message });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', '5')
        .send({ status: 503, data: null, message: SERVICE_UNAVAILABLE });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ status, data: null, message: clientErrorMessage(error) });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ status: 500, data: null, message: INTERNAL_ERROR });
  });
}

/** Fastify's own 4xx messages are clear, but a few mention internals; those get plain words. */
function clientErrorMessage(error: FastifyError): string {
  if (error instanceof SyntaxError) return 'The request body is not valid JSON.';
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'The request body is not valid JSON.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Send the request body as application/json.';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is empty; send a JSON object.';
    default:
      return error.message;
  }
}
