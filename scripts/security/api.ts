/** A small client of the Twang API for the security scripts, and the seeding they share. */
import { randomBytes } from 'node:crypto';
import { startYoutubeFake, type YoutubeFake } from '@server/testing/youtube-fake-server.js';

export interface ApiAnswer<T> {
  status: number;
  data: T | null;
  message: string;
  authorization: string | null;
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  timeoutMs?: number;
}

interface Envelope {
  data?: unknown;
  message?: unknown;
}

export async function call<T>(
  origin: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  options: CallOptions = {},
): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(origin + path, {
    method,
    headers,
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
  });
  const text = await response.text();
  let envelope: Envelope = {};
  try {
    envelope = JSON.parse(text) as Envelope;
  } catch {
    // not JSON: keep the status
  }
  return {
    status: response.status,
    data: (envelope.data ?? null) as T | null,
    message: typeof envelope.message === 'string' ? envelope.message : text.slice(0, 200),
    authorization: response.headers.get('authorization'),
  };
}

/** Like call(), but anything but the expected status is an error naming the request. */
export async function expectStatus<T>(
  expected: number,
  origin: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  options: CallOptions = {},
): Promise<ApiAnswer<T>> {
  const answer = await call<T>(origin, method, path, options);
  if (answer.status !== expected) {
    throw new Error(
      `${method} ${path}: expected ${expected}, got ${answer.status} "${answer.message}"`,
    );
  }
  return answer;
}

export interface Account {
  id: number;
  email: string;
  token: string;
}

interface SessionData {
  userid: number;
}

function tokenOf(answer: ApiAnswer<SessionData>): Account['token'] {
  const token = /^Bearer (\S+)$/.exec(answer.authorization ?? '')?.[1];
  if (!token) throw new Error('the answer carried no bearer token');
  return token;
}

export const ADMIN_PASSWORD = `Adm1n-${randomBytes(6).toString('hex')}`;

export async function login(origin: string, email: string, password: string): Promise<Account> {
  const answer = await expectStatus<SessionData>(201, origin, 'POST', '/api/login', {
    body: { email, password },
  });
  return { id: answer.data!.userid, email, token: tokenOf(answer) };
}

export interface Fan extends Account {
  password: string;
}

export async function registerFan(origin: string, label: string): Promise<Fan> {
  const email = `${label}-${randomBytes(4).toString('hex')}@example.com`;
  const password = `Fan-${randomBytes(6).toString('hex')}A1`;
  const answer = await expectStatus<SessionData>(201, origin, 'POST', '/api/register', {
    body: {
      firstName: 'Fan',
      lastName: label,
      zipCode: '37203',
      birthday: '1990-05-17',
      email,
      password,
      newsletter: '0',
    },
  });
  return { id: answer.data!.userid, email, password, token: tokenOf(answer) };
}

/** The fake YouTube of the test suite, with the settings a server needs to import from it. */
export async function startFakeYoutube(): Promise<{
  fake: YoutubeFake;
  env: Record<string, string>;
}> {
  const fake = await startYoutubeFake();
  return {
    fake,
    env: {
      YOUTUBE_API_URL: fake.apiUrl,
      YOUTUBE_OEMBED_URL: fake.oembedUrl,
      YOUTUBE_API_KEY: fake.apiKey,
      YOUTUBE_CHANNEL_ID: fake.channelId,
    },
  };
}

interface ImportResult {
  added: number;
}

/** Imports the fake channel (about 120 episodes) and answers the ids of the public videos. */
export async function importChannel(origin: string, admin: Account): Promise<number[]> {
  const answer = await expectStatus<ImportResult>(200, origin, 'GET', '/api/admin/videos/import', {
    token: admin.token,
    timeoutMs: 120_000,
  });
  const added = answer.data!.added;
  if (added < 10) throw new Error(`the channel import added only ${added} videos`);
  const publicIds: number[] = [];
  for (let id = 1; id <= added + 5; id++) {
    const video = await call(origin, 'GET', `/api/videos/${id}`);
    if (video.status === 200) publicIds.push(id);
  }
  return publicIds;
}
