import { isDatabaseUnavailable } from '../db/pg-errors.js';
import { ConfigError, type Config } from '../env.js';
import {
  causeChain,
  isPostgresError,
  safeErrorLine,
  safeMessage,
  stackFrames,
} from '../lib/safe-errors.js';

type Settings = Pick<Config, 'PORT' | 'HOST' | 'DATABASE_URL'> | null;

/** Thrown when the child that prepares a new embedded database failed: it said why already. */
export class FirstRunError extends Error {
  override name = 'FirstRunError';
}

/**
 * What to print when the server cannot start. For the causes an operator meets (a bad setting,
 * a taken port, a database that does not answer or refuses the login, a bad DATABASE_URL) one
 * line that says what to do; for anything else one line of what failed, without the values it
 * was given, and the stack's frames. Never a query's parameters, a password or a hash
 * (lib/safe-errors.ts).
 */
export function startupErrorText(error: unknown, settings: Settings): string {
  return knownCause(error, settings) ?? unexpected('Twang could not start', error);
}

/** An error after start-up that nothing handled: the same care, then the process ends. */
export function crashText(error: unknown): string {
  return unexpected('Twang stopped on an unexpected error', error);
}

function unexpected(what: string, error: unknown): string {
  return [`${what}: ${safeErrorLine(error)}`, ...stackFrames(error)].join('\n');
}

function codeOf(error: unknown): unknown {
  return (error as { code?: unknown } | null)?.code;
}

function knownCause(error: unknown, settings: Settings): string | null {
  if (error instanceof ConfigError) return error.message;
  if (error instanceof FirstRunError) {
    return `Twang could not start: ${error.message} (the lines above say why).`;
  }
  const code = codeOf(error);
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
  if (settings?.DATABASE_URL && /^postgres(ql)?:\/\//.test(settings.DATABASE_URL)) {
    return postgresCause(error, settings.DATABASE_URL);
  }
  return null;
}

/** Node's codes for a server certificate TLS would not accept. */
const CERTIFICATE_CODES =
  /^(ERR_TLS_CERT_ALTNAME_INVALID|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_(VERIFY_LEAF_SIGNATURE|GET_ISSUER_CERT(_LOCALLY)?)|CERT_\w+)$/;

/** Why PostgreSQL could not be used, in terms of DATABASE_URL; null for anything else. */
function postgresCause(error: unknown, url: string): string | null {
  const place = placeOf(url);
  const start = 'Twang could not start:';
  const chain = causeChain(error);
  const codes = chain.map(codeOf);
  if (codes.includes('ERR_INVALID_URL') || chain.some((item) => item instanceof URIError)) {
    return (
      `${start} DATABASE_URL is not a valid URL. Write it as ` +
      'postgres://user:password@host:5432/database, with any special character of the password ' +
      'percent-encoded.'
    );
  }
  if (isDatabaseUnavailable(error)) {
    const code = codes.find((item) => typeof item === 'string') ?? 'no answer';
    return `${start} ${place.name} does not answer (${String(code)}). Start it, or check DATABASE_URL.`;
  }
  if (chain.some((item) => /does not support SSL/i.test(safeMessage(item)))) {
    return (
      `${start} ${place.name} does not accept SSL connections, which DATABASE_URL asks for ` +
      '(sslmode). Remove sslmode from DATABASE_URL, or turn SSL on in PostgreSQL.'
    );
  }
  const certificate = codes.find(
    (item) => typeof item === 'string' && CERTIFICATE_CODES.test(item),
  );
  if (certificate) {
    return (
      `${start} the certificate of ${place.name} was not accepted (${String(certificate)}). ` +
      'Check sslmode and sslrootcert in DATABASE_URL.'
    );
  }
  const refusal = chain.find(isPostgresError);
  if (!refusal) return null;
  if (refusal.code === '3D000') {
    return (
      `${start} ${place.name} has no database ${place.database}. ` +
      'Create it (createdb), or check the database name in DATABASE_URL.'
    );
  }
  if (refusal.code.startsWith('28')) {
    return (
      `${start} ${place.name} refused the login (${safeMessage(refusal)}). ` +
      'Check the user name and password in DATABASE_URL.'
    );
  }
  if (refusal.code === '42501') {
    return (
      `${start} the role in DATABASE_URL may not do what start-up needs ` +
      `(${safeMessage(refusal)}). Give it the rights to create tables and the extensions ` +
      'pg_trgm and unaccent (README: Running on PostgreSQL), or create them as a superuser.'
    );
  }
  return (
    `${start} ${place.name} refused a query during start-up ` +
    `(${refusal.code}: ${safeMessage(refusal)}).`
  );
}

/** Where DATABASE_URL points, for the line: host and port, and the database's name. */
function placeOf(url: string): { name: string; database: string } {
  try {
    const parsed = new URL(url);
    const database = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
    return {
      name: `PostgreSQL at ${parsed.hostname || 'localhost'}:${parsed.port || '5432'}`,
      database: database ? `"${database}"` : 'of that name',
    };
  } catch {
    return { name: 'the PostgreSQL server in DATABASE_URL', database: 'of that name' };
  }
}
