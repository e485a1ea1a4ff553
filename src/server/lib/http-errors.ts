/**
 * Errors a handler throws on purpose. The error handler turns them into the envelope with their
 * status and message; anything else becomes a 500 whose details stay in the log.
 */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Please sign in to continue.') =>
  new HttpError(401, message);
export const forbidden = (message = 'You are not allowed to do that.') =>
  new HttpError(403, message);
export const notFound = (message = 'Not found.') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const badGateway = (message: string) => new HttpError(502, message);
/** The server lacks a setting the call needs: no one can fix that by signing in or retrying. */
export const notConfigured = (message: string) => new HttpError(503, message);

/** The words of a refused body field, the same whether the schema or a handler refuses it. */
export const unknownFieldMessage = (context: string, fields: string) =>
  `Unknown field in ${context}: ${fields}`;

/**
 * A read-only field sent back with the body (the object as read) is ignored when it repeats the
 * stored value; any other value would change what the write may not change, and is refused like
 * a field the route does not know.
 */
export function refuseChangedReadOnly<T>(field: string, sent: T | undefined, stored: T): void {
  if (sent !== undefined && sent !== stored) throw badRequest(unknownFieldMessage('body', field));
}
