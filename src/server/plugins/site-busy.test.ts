import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { registerSiteBusy } from './site-busy.js';

const apps: ReturnType<typeof Fastify>[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

function blockFor(ms: number) {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    // spin: the event loop does nothing else meanwhile
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('site busy', () => {
  it('is busy while the event loop works, and some seconds after', async () => {
    const app = Fastify();
    apps.push(app);
    // The machine's signal off: other test files share this machine's CPUs.
    registerSiteBusy(app, { maxLoopUtilisation: 0.85, minMachineIdle: 0 });
    await app.ready();
    await sleep(1200);
    expect(app.siteBusy()).toBe(false);
    // Long enough that the sample spanning it is far past 0.85 however late the timers fire.
    blockFor(2000);
    await sleep(30);
    expect(app.siteBusy()).toBe(true);
    await expect.poll(() => app.siteBusy(), { timeout: 6000, interval: 200 }).toBe(false);
  }, 15_000);

  it('is busy when the machine has less idle CPU than the limit', async () => {
    const app = Fastify();
    apps.push(app);
    // No machine is ever more than wholly idle: the limit is always crossed.
    registerSiteBusy(app, { maxLoopUtilisation: 1, minMachineIdle: 1.01 });
    await app.ready();
    expect(app.siteBusy()).toBe(false);
    await expect.poll(() => app.siteBusy(), { timeout: 3000, interval: 100 }).toBe(true);
  });
});
