import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { seededRandom } from '@server/setup/demo-catalogue.js';

const PALETTES = [
  ['#7c2d12', '#f59e0b'],
  ['#1e3a8a', '#60a5fa'],
  ['#14532d', '#84cc16'],
  ['#581c87', '#f472b6'],
  ['#78350f', '#fde68a'],
  ['#0f172a', '#f97316'],
  ['#3f1d0b', '#d97706'],
  ['#134e4a', '#5eead4'],
] as const;

/** A 16:9 poster for a demo episode: gradient, a stage light and a guitar-neck stripe. */
function videoArt(seed: number): string {
  const random = seededRandom(seed);
  const [dark, light] = PALETTES[seed % PALETTES.length]!;
  const x = Math.round(60 + random() * 360);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="270" viewBox="0 0 480 270">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${light}"/></linearGradient>
<radialGradient id="l" cx="${x / 480}" cy="0.1" r="0.6"><stop offset="0" stop-color="#fff" stop-opacity="0.55"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>
<rect width="480" height="270" fill="url(#g)"/><rect width="480" height="270" fill="url(#l)"/>
<rect x="0" y="200" width="480" height="70" fill="#000" opacity="0.35"/>
<g stroke="#fff" stroke-opacity="0.5">${[0, 1, 2, 3, 4, 5].map((i) => `<line x1="0" y1="${212 + i * 9}" x2="480" y2="${212 + i * 9}"/>`).join('')}</g>
<text x="24" y="60" font-family="Georgia,serif" font-size="34" fill="#fff" fill-opacity="0.9">EP ${seed}</text></svg>`;
}

/** A square portrait placeholder for a demo artist: initials-free silhouette in the palette. */
function artistArt(seed: number): string {
  const [dark, light] = PALETTES[(seed * 3) % PALETTES.length]!;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="320" viewBox="0 0 320 320">
<rect width="320" height="320" fill="${dark}"/><circle cx="160" cy="124" r="62" fill="${light}"/>
<path d="M60 320c8-70 50-112 100-112s92 42 100 112z" fill="${light}"/>
<path d="M88 86h144l-14-34c-30-14-86-14-116 0z" fill="#1c1917" opacity="0.85"/></svg>`;
}

/** GET /media/demo/{video|artist}/{n}.svg: artwork for the demo catalogue, so it works offline. */
export async function demoMediaRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/media/demo/:kind/:file',
    {
      schema: {
        hide: true,
        params: z.object({
          kind: z.enum(['video', 'artist']),
          file: z.string().regex(/^\d{1,6}\.svg$/, 'file must look like 12.svg'),
        }),
      },
    },
    async (request, reply) => {
      const seed = Number.parseInt(request.params.file, 10);
      const svg = request.params.kind === 'video' ? videoArt(seed) : artistArt(seed);
      return reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(svg);
    },
  );
}
