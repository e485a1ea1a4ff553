import { vi } from 'vitest';

/** The fetch fake renderPage installs. */
export type FetchMock = ReturnType<typeof vi.fn>;

/** The calls made to `path` (query string ignored) with `method`, oldest first. */
export function callsTo(fetchMock: FetchMock, method: string, path: string) {
  return fetchMock.mock.calls.filter(([url, init]) => {
    const address = new URL(String(url), 'http://localhost');
    return (
      address.pathname === `/api${path}` && ((init as RequestInit)?.method ?? 'GET') === method
    );
  });
}

/** The JSON body of the latest such call: undefined when none was made, null without a body. */
export function sentBody(fetchMock: FetchMock, method: string, path: string): unknown {
  const call = callsTo(fetchMock, method, path).at(-1);
  if (!call) return undefined;
  const init = call[1] as RequestInit | undefined;
  return init?.body ? (JSON.parse(String(init.body)) as unknown) : null;
}

/** What a fake API route answers (renderPage's `api` functions). */
export interface FakeReply {
  status: number;
  data: unknown;
  message?: string;
}

/** A fake API answer refusing with `status` and `message`. */
export const fail = (status: number, message: string) => (): FakeReply => ({
  status,
  data: null,
  message,
});

/** Holds the next fetch until the returned function is called, so a pending state can be seen. */
export function holdNextFetch(fetchMock: FetchMock) {
  const original = fetchMock.getMockImplementation() as (...args: unknown[]) => Promise<Response>;
  let release = () => undefined as void;
  fetchMock.mockImplementationOnce(
    (...args: unknown[]) =>
      new Promise((resolve) => {
        release = () => resolve(original(...args));
      }),
  );
  return () => release();
}

/**
 * Holds every call made from now on, by replacing the global fetch itself (so it works whatever
 * wraps the fake); the returned function lets the latest held call through.
 */
export function holdEveryFetch() {
  const original = globalThis.fetch;
  let release = () => undefined as void;
  vi.stubGlobal(
    'fetch',
    vi.fn(
      (...args: Parameters<typeof fetch>) =>
        new Promise<Response>((resolve) => {
          release = () => resolve(original(...args));
        }),
    ),
  );
  return () => release();
}

/**
 * Wraps the fake so every answer carries `authorization: Bearer <token>`, as login and register
 * answers do; `gate` holds answers back until it resolves. Returns the wrapper (it is also
 * installed as fetch); the calls stay recorded on `fetchMock` as well.
 */
export function answerWithToken(fetchMock: FetchMock, token: string, gate?: Promise<void>) {
  const fakeFetch = fetchMock as unknown as typeof fetch;
  const wrapped = vi.fn(async (input: string, init?: RequestInit) => {
    if (gate) await gate;
    const response = await fakeFetch(input, init);
    const headers = new Headers(response.headers);
    headers.set('authorization', `Bearer ${token}`);
    return new Response(response.body, { status: response.status, headers });
  });
  vi.stubGlobal('fetch', wrapped);
  return wrapped;
}
