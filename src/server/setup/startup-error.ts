import { isDatabaseUnavailable } from '../db/pg-errors.js';
import { ConfigError, type Config } from '../env.js';

/**
 * What to print when the server cannot start, in one line that says what to do, for the causes
 * an operator meets (a bad setting, a taken port, a database that does not answer); null for
 * anything else, which deserves its stack.
 */
export function startupErrorLine(
  error: unknown,
  settings: Pick<Config, 'PORT' | 'HOST' | 'DATABASE_URL'> | null,
): string | null {
  if (error instanceof ConfigError) return error.message;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'EADDRINUSE' && settings) {
    return (
      `Twang could not start: port ${settings.PORT} on ${settings.HOST} is already in use. ` +
      'Stop the program using it, or set PORT to another port.'
    );
  }
  if (code === 'EACCES' && settings) {
    return (
      `Twang could not start: no permission to listen on port ${settings.PORT}. ` +
      'Use a port above 1023, or set PORT.'
    );
  }
  if (settings?.DATABASE_URL?.startsWith('postgres') && isDatabaseUnavailable(error)) {
    const url = new URL(settings.DATABASE_URL);
    const where = `${url.hostname}:${url.port || '5432'}`;
    return (
      `Twang could not start: PostgreSQL at ${where} does not answer (${String(code ?? 'no answer')}). ` +
      'Start it, or check DATABASE_URL.'
    );
  }
  return null;
}
