import type { FastifyInstance, FastifyRequest } from 'fastify';
import { apiMessages } from '@shared/messages/api.js';
import { forbidden, unauthorized } from '../lib/http-errors.js';
import { tooManyAttempts } from '../modules/abuse/failure-limiter.js';
import { bearerToken } from '../modules/auth/bearer-token.js';
import { hashToken, type AuthenticatedUser } from '../modules/auth/session-repository.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller, or null for a visitor. */
    user: AuthenticatedUser | null;
    /** Set when a token was sent but no longer opens a session. */
    staleToken: boolean;
  }
}

/**
 * The session behind a token's hash. One not kept here costs a database lookup, which the
 * general per-address limit would only refuse after it (its hook runs with each route's, after
 * this one): on a route under that limit, an address already at it is refused first, so a flood
 * of made-up tokens there stops costing the database once it passes the limit. A route with a
 * limit of its own (progress reports: per fan) is not under the general one, so its callers are
 * looked up as before.
 */
async function sessionOf(app: FastifyInstance, request: FastifyRequest, tokenHash: string) {
  const kept = app.viewerCache.keptSession(tokenHash);
  if (kept) return kept;
  const address = request.ip as string | undefined;
  if (address !== undefined && !request.routeOptions.config.rateLimit) {
    // The counts unreadable (Redis away): look the session up, as the limit then lets it through.
    const reached = await app.abuse.general.reached(address).catch(() => null);
    if (reached) throw tooManyAttempts(reached.resetInMs, apiMessages.tooManyRequests);
  }
  return app.viewerCache.session(tokenHash);
}

/**
 * Resolves the bearer token on every API request. A missing or stale token leaves a visitor:
 * pages that work signed out (home, videos) keep working, and the routes that need a user say 401.
 */
export function registerAuthentication(app: FastifyInstance): void {
  app.decorateRequest('user', null);
  app.decorateRequest('staleToken', false);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (!header || !request.url.startsWith('/api/')) return;
    const token = bearerToken(header);
    const session = token ? await sessionOf(app, request, hashToken(token)) : null;
    let user = session?.user ?? null;
    // An administrator held to enrol a second factor is no administrator anywhere but on the
    // enrolment's routes: public reads show them what a fan sees (no private videos).
    if (user?.mustEnrol && !request.routeOptions.config.duringEnrolment) {
      user = { ...user, isAdmin: false };
    }
    request.user = user;
    request.staleToken = user === null;
  });
}

/**
 * A 401 about Twang's own session carries `WWW-Authenticate: Bearer` (RFC 6750), so clients can
 * tell it from a 401 about someone else's credentials (YouTube's) and forget the session only then.
 */
export function requireUser(request: FastifyRequest): AuthenticatedUser {
  if (request.user) return request.user;
  const failure = unauthorized(
    request.staleToken ? apiMessages.sessionExpired : apiMessages.signInRequired,
  );
  failure.headers['www-authenticate'] = request.staleToken
    ? 'Bearer realm="twang", error="invalid_token"'
    : 'Bearer realm="twang"';
  throw failure;
}

/**
 * The signed-in caller, for a handler of a route whose access rule is 'user' or 'admin': the
 * rule has admitted them before the handler runs, so this only refuses if the rule was 'public'.
 */
export const callerOf = (request: FastifyRequest): AuthenticatedUser => requireUser(request);

export function requireAdmin(request: FastifyRequest): AuthenticatedUser {
  const user = requireUser(request);
  if (!user.isAdmin) throw forbidden(apiMessages.adminRequired);
  return user;
}

/** A user may act on their own account only, whatever id the request names. */
export function requireSelf(request: FastifyRequest, userId: number): AuthenticatedUser {
  const user = requireUser(request);
  if (user.id !== userId) throw forbidden(apiMessages.notYourAccount);
  return user;
}

/** Their own account, or any account for an administrator. */
export function requireSelfOrAdmin(request: FastifyRequest, userId: number): AuthenticatedUser {
  const user = requireUser(request);
  if (user.id !== userId && !user.isAdmin) throw forbidden(apiMessages.notYourAccount);
  return user;
}
