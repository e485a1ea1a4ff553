import { describe, expect, it } from 'vitest';
import { buildUser } from '../testing/factories.js';
import { useTestApp } from '../testing/use-test-app.js';

const { t } = useTestApp({ env: { CORS_ORIGINS: 'https://app.twang.example' } });

const loginFrom = async (origin: string) => {
  const user = await buildUser(t.db);
  return t.app.inject({
    method: 'POST',
    url: '/api/login',
    headers: { origin },
    payload: { email: user.email, password: user.password },
  });
};

describe('CORS', () => {
  it('lets a configured origin read the answer and its authorization header', async () => {
    const res = await loginFrom('https://app.twang.example');
    expect(res.statusCode).toBe(201);
    expect(res.headers['access-control-allow-origin']).toBe('https://app.twang.example');
    expect(res.headers['access-control-expose-headers']).toBe('authorization');
  });

  it('gives any other origin nothing to read', async () => {
    const res = await loginFrom('https://evil.example');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['access-control-expose-headers']).toBeUndefined();
  });

  it('answers a preflight only for the configured origin', async () => {
    const preflight = (origin: string) =>
      t.app.inject({
        method: 'OPTIONS',
        url: '/api/users',
        headers: {
          origin,
          'access-control-request-method': 'PUT',
          'access-control-request-headers': 'authorization, content-type',
        },
      });
    const allowed = await preflight('https://app.twang.example');
    expect(allowed.headers['access-control-allow-origin']).toBe('https://app.twang.example');
    expect(String(allowed.headers['access-control-allow-headers'])).toContain('authorization');
    const refused = await preflight('https://evil.example');
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
  });
});
