import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.js';
import { artists, tags, videoTags, videos } from '../db/schema.js';
import { hashPassword } from '../modules/auth/password-hashing.js';
import { insertUser, type NewUser, type UserRow } from '../modules/users/users-repository.js';

let sequence = 0;
const next = () => ++sequence;

export const TEST_PASSWORD = 'Twangy-Pass1';

/** A stored user with the known TEST_PASSWORD unless overridden. */
export async function buildUser(
  db: Database,
  overrides: Partial<Omit<NewUser, 'passwordHash'>> & { password?: string } = {},
): Promise<UserRow & { password: string }> {
  const n = next();
  const { password = TEST_PASSWORD, ...rest } = overrides;
  const row = await insertUser(db, {
    email: `person${n}-${randomBytes(3).toString('hex')}@example.com`,
    firstName: `First${n}`,
    lastName: `Last${n}`,
    zipcode: '37203',
    birthday: '1990-05-17',
    newsletter: true,
    passwordHash: await hashPassword(password),
    ...rest,
  });
  return { ...row, password };
}

export interface Caller {
  id: number;
  email: string;
  password: string;
  token: string;
  isAdmin: boolean;
}

/** A stored user, signed in through POST /api/login. */
export async function signedInUser(
  app: FastifyInstance,
  overrides: Partial<Omit<NewUser, 'passwordHash'>> = {},
): Promise<Caller> {
  const user = await buildUser(app.db, overrides);
  const token = await login(app, user.email, user.password);
  return { id: user.id, email: user.email, password: user.password, token, isAdmin: user.isAdmin };
}

export const signedInAdmin = (app: FastifyInstance) => signedInUser(app, { isAdmin: true });

export async function login(
  app: FastifyInstance,
  email: string,
  password: string,
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email, password },
  });
  const header = response.headers.authorization;
  if (response.statusCode !== 201 || typeof header !== 'string') {
    throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  }
  return header.replace(/^Bearer /, '');
}

export async function buildTag(db: Database, name = `Tag ${next()}`) {
  const [row] = await db.insert(tags).values({ name }).returning();
  return row!;
}

export async function buildVideo(
  db: Database,
  overrides: Partial<typeof videos.$inferInsert> & { tagIds?: number[] } = {},
) {
  const n = next();
  const { tagIds = [], ...rest } = overrides;
  const [row] = await db
    .insert(videos)
    .values({
      youtubeId: randomBytes(8).toString('base64url').slice(0, 11),
      title: `Video ${n}`,
      description: `Description of video ${n}`,
      thumbnail: '',
      episodeNumber: n,
      isPublic: true,
      publishedAt: new Date(Date.UTC(2024, 0, 1) + n * 60_000),
      ...rest,
    })
    .returning();
  if (tagIds.length > 0) {
    await db.insert(videoTags).values(tagIds.map((tagId) => ({ videoId: row!.id, tagId })));
  }
  return row!;
}

/** An artist with its own tag (named after it unless tagId is given). */
export async function buildArtist(
  db: Database,
  overrides: Partial<typeof artists.$inferInsert> = {},
) {
  const n = next();
  const name = overrides.name ?? `Artist ${n}`;
  const tagId = overrides.tagId ?? (await buildTag(db, name)).id;
  const [row] = await db
    .insert(artists)
    .values({
      name,
      description: `Biography of ${name}`,
      imageUrl: `https://images.example.com/${n}.jpg`,
      featured: false,
      ...overrides,
      tagId,
    })
    .returning();
  return row!;
}

export interface ApiResponse {
  statusCode: number;
  headers: Record<string, unknown>;
  body: { status: number; data: unknown; message: string };
}

/** A POST /api/register body the API accepts, under a fresh email unless overridden. */
export const registration = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Loretta',
  lastName: 'Lynn',
  zipCode: '37203',
  birthday: '1990-04-14',
  email: `loretta-${randomBytes(4).toString('hex')}@example.com`,
  password: 'CoalMiner1',
  newsletter: '1',
  ...overrides,
});

/** POST /api/register with `registration(overrides)`, from `ip` when given. */
export const register = (
  app: FastifyInstance,
  overrides: Record<string, unknown> = {},
  ip?: string,
): Promise<ApiResponse> =>
  callApi(app, 'POST', '/api/register', { body: registration(overrides), ip });

/** One API call through inject, with an optional bearer token and JSON body. */
export async function callApi(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: { token?: string; body?: unknown; ip?: string } = {},
): Promise<ApiResponse> {
  const response = await app.inject({
    method,
    url,
    ...(options.ip ? { remoteAddress: options.ip } : {}),
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  });
  // A CSV download is no envelope: its text is the data. Anything else must be JSON.
  const csv = String(response.headers['content-type'] ?? '').startsWith('text/csv');
  return {
    statusCode: response.statusCode,
    headers: response.headers,
    body: csv
      ? { status: response.statusCode, data: response.body, message: '' }
      : (response.json() as ApiResponse['body']),
  };
}
