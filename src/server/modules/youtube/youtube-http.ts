import { z } from 'zod';
import { YoutubeAuthError, YoutubeQuotaError, YoutubeUnavailableError } from './youtube-errors.js';

export interface JsonAnswer {
  status: number;
  /** The parsed body, or undefined when an error answer was not JSON (oEmbed answers plain text). */
  body: unknown;
}

/**
 * One GET with a hard deadline covering the headers and the body, so a stalled YouTube can never
 * hold a request open. `what` names the call in error messages; the URL is never in them because
 * it carries the API key.
 */
export async function getJson(url: URL, timeoutMs: number, what: string): Promise<JsonAnswer> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  let status: number;
  let text: string;
  try {
    const response = await fetch(url, {
      signal: controller.signal,
      headers: { accept: 'application/json' },
    });
    status = response.status;
    text = await response.text();
  } catch (error) {
    const reason = controller.signal.aborted
      ? `no answer within ${timeoutMs} ms`
      : 'network failure';
    throw new YoutubeUnavailableError(`YouTube ${what}: ${reason}`, { cause: error });
  } finally {
    clearTimeout(timer);
  }
  if (status >= 500) throw new YoutubeUnavailableError(`YouTube ${what} answered ${status}`);
  try {
    return { status, body: JSON.parse(text) as unknown };
  } catch {
    if (status >= 200 && status < 300) {
      throw new YoutubeUnavailableError(`YouTube ${what} answered a body that is not JSON`);
    }
    return { status, body: undefined };
  }
}

/** Google's documented error body: {error: {code, message, errors: [{reason, domain, message}]}}. */
const googleError = z.object({
  error: z.object({
    code: z.number().optional(),
    message: z.string().optional(),
    errors: z.array(z.object({ reason: z.string().optional() })).optional(),
    details: z.array(z.object({ reason: z.string().optional() }).loose()).optional(),
  }),
});

function errorReasons(body: unknown): string[] {
  const parsed = googleError.safeParse(body);
  if (!parsed.success) return [];
  const { errors = [], details = [] } = parsed.data.error;
  return [...errors, ...details].map((item) => item.reason ?? '').filter(Boolean);
}

const BAD_KEY_REASONS = new Set(['keyInvalid', 'API_KEY_INVALID', 'keyExpired', 'API_KEY_EXPIRED']);
/** The Data API's daily quota (quotaExceeded) and its older spelling (dailyLimitExceeded). */
const QUOTA_REASONS = new Set(['quotaExceeded', 'dailyLimitExceeded']);

/**
 * The Data API's answer checked against the documented shape: 401/403 (quota included, as a
 * YoutubeQuotaError) and a bad key are credential problems; any other failure or an unexpected shape means YouTube is unusable.
 * A 404 is returned as null for the caller to judge.
 */
export function readDataApiAnswer<T extends z.ZodType>(
  answer: JsonAnswer,
  schema: T,
  what: string,
): z.infer<T> | null {
  const { status, body } = answer;
  if (status === 200) {
    const parsed = schema.safeParse(body);
    if (parsed.success) return parsed.data;
    throw new YoutubeUnavailableError(`YouTube ${what} answered an unexpected shape`);
  }
  const reasons = errorReasons(body);
  const detail = reasons.length > 0 ? ` (${reasons.join(', ')})` : '';
  if (status === 403 && reasons.some((r) => QUOTA_REASONS.has(r))) {
    throw new YoutubeQuotaError(`YouTube ${what} is over its quota: ${status}${detail}`, 'youtube');
  }
  if (
    status === 401 ||
    status === 403 ||
    (status === 400 && reasons.some((r) => BAD_KEY_REASONS.has(r)))
  ) {
    throw new YoutubeAuthError(`YouTube ${what} refused our credentials: ${status}${detail}`);
  }
  if (status === 404) return null;
  throw new YoutubeUnavailableError(`YouTube ${what} answered ${status}${detail}`);
}
