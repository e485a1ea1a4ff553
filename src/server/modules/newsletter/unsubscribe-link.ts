/** The page (GET) and one-click (POST, RFC 8058) address of an unsubscribe token. */
export const UNSUBSCRIBE_PATH = '/unsubscribe';

export function unsubscribeUrl(publicUrl: string, token: string): string {
  const url = new URL(UNSUBSCRIBE_PATH, publicUrl);
  url.searchParams.set('token', token);
  return url.toString();
}
