import type { ApiEnvelope } from '../../shared/api-envelope.js';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Fetches an API path and unwraps the envelope; a non-2xx answer throws ApiError with its message. */
export async function apiGet<T>(path: string, signal?: AbortSignal): Promise<T> {
  const response = await fetch(`/api${path}`, { signal, headers: { accept: 'application/json' } });
  const body = (await response.json().catch(() => null)) as ApiEnvelope<T> | null;
  if (!response.ok || !body) {
    throw new ApiError(response.status, body?.message ?? `Request failed (${response.status})`);
  }
  return body.data;
}
