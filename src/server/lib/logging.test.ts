import { describe, expect, it } from 'vitest';
import { insertUser } from '../modules/users/users-repository.js';
import { buildUser, callApi, signedInUser } from '../testing/factories.js';
import { useTestApp } from '../testing/use-test-app.js';

const lines: Record<string, unknown>[] = [];
const { t } = useTestApp({
  env: { LOG_LEVEL: 'info' },
  logStream: { write: (line) => lines.push(JSON.parse(line) as Record<string, unknown>) },
});

describe('logs', () => {
  it('give every request an id, answer it in x-request-id, and keep a sane one sent by a proxy', async () => {
    const mine = await t.app.inject({ method: 'GET', url: '/api/home' });
    const id = mine.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines.some((line) => line.requestId === id)).toBe(true);
    const relayed = await t.app.inject({
      method: 'GET',
      url: '/api/home',
      headers: { 'x-request-id': 'lb-1234abcd' },
    });
    expect(relayed.headers['x-request-id']).toBe('lb-1234abcd');
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/home',
      headers: { 'x-request-id': 'bad id\nwith a line break' },
    });
    expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('have one line per request with its status and time; files and health checks only at debug', async () => {
    const forRequest = (id: unknown) => lines.filter((line) => line.requestId === id);
    const api = await t.app.inject({ method: 'GET', url: '/api/videos/999999' });
    const apiLines = forRequest(api.headers['x-request-id']);
    expect(apiLines.map((line) => line.msg)).toEqual(['request']);
    expect(apiLines[0]).toMatchObject({
      msg: 'request',
      method: 'GET',
      url: '/api/videos/999999',
      status: 404,
    });
    expect(typeof apiLines[0]!.ms).toBe('number');
    for (const url of ['/healthz', '/robots.txt']) {
      const routine = await t.app.inject({ method: 'GET', url });
      expect(routine.statusCode, url).toBe(200);
      expect(forRequest(routine.headers['x-request-id']), url).toEqual([]);
    }
  });

  it('never carry tokens, passwords, codes or hashes', async () => {
    const user = await signedInUser(t.app);
    await callApi(t.app, 'PUT', '/api/users/password', {
      token: user.token,
      body: { userId: user.id, currentPassword: user.password, newPassword: 'Another-Pass-9' },
    });
    const other = await buildUser(t.db);
    await callApi(t.app, 'POST', '/api/login', {
      body: { email: other.email, password: 'Wrong-Pass-1' },
    });
    // What a handler might log by mistake is censored too.
    t.app.log.error(
      {
        req: { headers: { authorization: `Bearer ${user.token}` } },
        body: { password: 'Leaky-Pass-1', recoveryCode: 'ABCDE-12345', token: user.token },
        user: { passwordHash: '$argon2id$leak', tokenHash: 'deadbeef' },
      },
      'a careless log line',
    );
    const text = lines.map((line) => JSON.stringify(line)).join('\n');
    for (const secret of [
      user.token,
      user.password,
      'Another-Pass-9',
      'Wrong-Pass-1',
      'Leaky-Pass-1',
      'ABCDE-12345',
      '$argon2id$leak',
      'deadbeef',
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain('[redacted]');
  });
});

describe('an error in the log', () => {
  it('carries what failed and where, never the values of a failed query or the row it quotes', async () => {
    const hash = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo';
    const taken = await buildUser(t.db);
    const failure = await insertUser(t.db, {
      email: taken.email,
      passwordHash: hash,
      firstName: 'Leaky',
      lastName: 'Row',
    }).catch((error: unknown) => error as Error);
    expect(failure).toBeInstanceOf(Error);
    lines.length = 0;
    t.app.log.error({ err: failure }, 'a failed insert');
    const [line] = lines as { err?: Record<string, unknown> }[];
    const text = JSON.stringify(line);
    for (const leak of [hash, 'argon2', 'params', taken.email, 'Leaky', 'Key (email)']) {
      expect(text).not.toContain(leak);
    }
    expect(line?.err).toMatchObject({
      type: 'DrizzleQueryError',
      message: expect.stringMatching(/^Failed query: insert into "users"/),
      cause: {
        errorCode: '23505',
        constraint: 'users_email_unique',
        message: 'duplicate key value violates unique constraint "users_email_unique"',
      },
    });
    expect(String(line?.err?.stack)).toMatch(/^DrizzleQueryError: Failed query:.*\n\s+at /);
  });
});
