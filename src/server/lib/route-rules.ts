import type { FastifyInstance, RouteOptions } from 'fastify';

/**
 * Who may call a route: anyone, a signed-in user, or an administrator. Enforced before the body
 * is validated (plugins/access-control.ts), so a visitor learns nothing about a route's input.
 * Ownership ("only your own account") is checked in the handlers.
 */
export type Access = 'public' | 'user' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Required on every /api route: the app refuses to start without it. */
    access?: Access;
  }
  interface FastifyInstance {
    /** Every API route with the rules it declares, in the order they were added. */
    routeRules: () => RouteRule[];
  }
}

export interface RouteRule {
  method: string;
  url: string;
  access: Access;
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A request to a route that writes: POST, PUT or DELETE under /api. */
export const isApiWrite = (request: { method: string; url: string }): boolean =>
  !READS.has(request.method) && request.url.startsWith('/api/');

/**
 * Collects each API route's rules as it is added, and refuses to start while one declares no
 * access: a route nobody decided about is a hole, not a default.
 */
export function registerRouteRules(app: FastifyInstance): void {
  // The options themselves: a plugin's own onRoute hook may still fill in its routes' config
  // after this one has run (plugins/api-docs.ts makes the reference's routes public).
  const added: { method: string; route: RouteOptions }[] = [];
  app.addHook('onRoute', (route) => {
    if (!route.url?.startsWith('/api/')) return;
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') added.push({ method, route });
    }
  });
  app.decorate('routeRules', () =>
    added.map(({ method, route }) => ({
      method,
      url: route.url,
      access: route.config?.access ?? 'admin',
    })),
  );
  app.addHook('onReady', async () => {
    const undecided = added.filter(({ route }) => !route.config?.access);
    if (undecided.length > 0) {
      const names = undecided.map(({ method, route }) => `${method} ${route.url}`).join(', ');
      throw new Error(`API routes without an access rule (config.access): ${names}`);
    }
  });
}
