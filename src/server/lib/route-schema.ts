import { errorEnvelope } from '../../shared/api-envelope.js';

/** OpenAPI: the route takes the bearer token from POST /api/login. */
export const bearerSecurity = [{ bearer: [] }];

/** The error statuses a route may answer, each with the envelope, for its response schema. */
export function errorResponses<S extends number>(
  ...statuses: S[]
): Record<S, typeof errorEnvelope> {
  return Object.fromEntries(statuses.map((status) => [status, errorEnvelope])) as Record<
    S,
    typeof errorEnvelope
  >;
}
