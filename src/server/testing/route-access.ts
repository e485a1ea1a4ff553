import type { FastifyInstance } from 'fastify';
import type { Access } from '../lib/route-rules.js';

/** Each API route's declared access, by `METHOD /api/path/:param`. */
export const accessByRoute = (app: FastifyInstance): Map<string, Access> =>
  new Map(app.routeRules().map((rule) => [`${rule.method} ${rule.url}`, rule.access]));
