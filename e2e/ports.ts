import { execFileSync } from 'node:child_process';

/**
 * The run's four ports: the site, the SMTP catcher, the catcher's mail view and the fake
 * YouTube. Other servers may hold any fixed port on the machine, so a run asks the system for
 * free ones (E2E_PORT picks a base instead: base, base+1000, +1001, +1002). The choice goes into
 * the environment, which the web server, the global setup and every worker inherit, so all of
 * them read the same four.
 */
const NAMES = ['E2E_PORT', 'E2E_SMTP_PORT', 'E2E_MAIL_PORT', 'E2E_YOUTUBE_PORT'] as const;

/** Ports free right now: a short child process listens on port 0 for each, then lets them go. */
function freePorts(count: number): number[] {
  const script = `
    const net = require('node:net');
    const servers = Array.from({ length: ${count} }, () => net.createServer());
    let waiting = servers.length;
    for (const server of servers) {
      server.listen(0, '127.0.0.1', () => {
        if (--waiting > 0) return;
        console.log(servers.map((each) => each.address().port).join(' '));
        for (const each of servers) each.close();
      });
    }`;
  return execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' })
    .trim()
    .split(' ')
    .map(Number);
}

if (NAMES.some((name) => !process.env[name])) {
  const base = process.env.E2E_PORT;
  const ports = base
    ? [0, 1000, 1001, 1002].map((offset) => Number(base) + offset)
    : freePorts(NAMES.length);
  NAMES.forEach((name, i) => (process.env[name] = String(ports[i])));
}

export const E2E_PORT = Number(process.env.E2E_PORT);
export const SMTP_PORT = Number(process.env.E2E_SMTP_PORT);
export const MAIL_HTTP_PORT = Number(process.env.E2E_MAIL_PORT);
/** The fake YouTube (Data API + oEmbed) the back-office imports from. */
export const YOUTUBE_PORT = Number(process.env.E2E_YOUTUBE_PORT);
