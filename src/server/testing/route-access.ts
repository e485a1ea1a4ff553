import type { FastifyInstance } from 'fastify';
import type { Access } from '../lib/route-rules.js';

/** Each API route's declared access, by `METHOD /api/path/:param`. */
export const accessByRoute = (app: FastifyInstance): Map<string, Access> =>
  new Map(app.routeRules().map((rule) => [`${rule.method} ${rule.url}`, rule.access]));

/** An OpenAPI path (`/api/videos/{id}`) as a request's: every parameter filled with a valid value. */
export const concretePath = (path: string): string =>
  path
    .replace('{letter}', 'B')
    .replace('{query}', 'twang')
    .replace('{text}', 'twang')
    .replace(/\{\w+\}/g, '1');
