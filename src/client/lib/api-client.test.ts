import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiCall } from './api-client.js';
import { clearSession, getSession, setSession } from './session.js';

const SESSION = { id: 1, firstName: 'Dolly', isAdmin: true, token: 'secret-token' };

function answer(status: number, message: string, headers: Record<string, string> = {}) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ status, data: null, message }, { status, headers })),
  );
}

afterEach(() => clearSession());

describe('apiCall', () => {
  it('sends the bearer token and unwraps the envelope', async () => {
    setSession(SESSION);
    answer(200, 'OK');
    const result = await apiCall('GET', '/home');
    expect(result).toMatchObject({ status: 200, data: null, message: 'OK' });
    const [, init] = vi.mocked(fetch).mock.calls[0]!;
    expect((init?.headers as Record<string, string>).authorization).toBe('Bearer secret-token');
  });

  it("takes a page's preloaded answer only when signed out (same credentials mode)", async () => {
    answer(200, 'OK');
    await apiCall('GET', '/home');
    setSession(SESSION);
    await apiCall('GET', '/home');
    const modes = vi.mocked(fetch).mock.calls.map(([, init]) => init?.credentials);
    // The server's <link rel="preload" as="fetch" crossorigin> is a same-origin-credentials request.
    expect(modes).toEqual(['same-origin', 'omit']);
  });

  it('forgets the session on a 401 that names the Bearer scheme', async () => {
    setSession(SESSION);
    answer(401, 'Your session has expired. Please sign in again.', {
      'www-authenticate': 'Bearer realm="twang", error="invalid_token"',
    });
    await expect(apiCall('GET', '/users/1')).rejects.toEqual(
      new ApiError(401, 'Your session has expired. Please sign in again.'),
    );
    expect(getSession()).toBeNull();
  });

  it("keeps the session on a 401 about someone else's credentials (YouTube's)", async () => {
    setSession(SESSION);
    answer(401, 'Please sign in to your YouTube account, then come back and try again.');
    await expect(apiCall('GET', '/admin/videos/import')).rejects.toBeInstanceOf(ApiError);
    expect(getSession()).toEqual(SESSION);
  });
});
