const BEARER = /^Bearer\s+([A-Za-z0-9_-]{16,128})$/i;

/** The session token an Authorization header carries, or undefined when it carries none. */
export function bearerToken(header: string): string | undefined {
  return BEARER.exec(header)?.[1];
}
