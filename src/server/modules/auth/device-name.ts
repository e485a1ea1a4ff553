/**
 * A device as people name it, from its user agent: 'Chrome 131 on macOS', 'Safari on iOS'.
 * The mobile app and scripts send their own agents; those are shown as they are, shortened.
 */
export async function deviceName(userAgent: string): Promise<string> {
  if (!userAgent) return 'Unknown device';
  // Loaded on first use (a new sign-in to tell about, a list of sessions), not at start.
  const { default: Bowser } = await import('bowser');
  const { browser, os } = Bowser.parse(userAgent);
  const major = browser.version?.split('.')[0];
  const app = browser.name ? [browser.name, major].filter(Boolean).join(' ') : null;
  if (app && os.name) return `${app} on ${os.name}`;
  if (app) return app;
  return userAgent.length > 60 ? `${userAgent.slice(0, 57)}…` : userAgent;
}
