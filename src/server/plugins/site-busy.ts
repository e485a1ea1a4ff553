import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Whether the site is busy serving (this process's event loop, or the machine's CPUs, near
     * full): work nobody waits for, such as a mailing, slows down meanwhile.
     */
    siteBusy: () => boolean;
  }
}

/** How often the load is judged. */
const SAMPLE_MS = 500;
/** Busy stays busy this long after the last busy sample, so a pace does not flap each sample. */
const HOLD_MS = 2000;

export interface BusyLimits {
  /** The event loop's share of time spent working, past which it is busy. */
  maxLoopUtilisation: number;
  /** The machine's idle share of all its CPUs, below which it is busy. */
  minMachineIdle: number;
}

/**
 * A mailing alone (300 mails/s) keeps the loop ~35 % busy and the machine ~75 % idle on two
 * cores; a read load that saturates either leaves far less.
 */
const LIMITS: BusyLimits = { maxLoopUtilisation: 0.85, minMachineIdle: 0.2 };

function machineTimes(): { idle: number; total: number } {
  let idle = 0;
  let total = 0;
  for (const { times } of cpus()) {
    idle += times.idle;
    total += times.user + times.nice + times.sys + times.idle + times.irq;
  }
  return { idle, total };
}

/**
 * Background work shares the machine with the fans' requests (on a small host, with the database
 * too): it must not take their CPU. Two signals, either enough: this process's event loop
 * (the requests it serves) and the machine's idle CPU (the database, other instances, any other
 * process). A container's quota is not in the machine's figures; the loop's share still is.
 */
export function registerSiteBusy(app: FastifyInstance, limits: BusyLimits = LIMITS): void {
  let busyUntil = 0;
  let loop = performance.eventLoopUtilization();
  let machine = machineTimes();
  app.decorate('siteBusy', () => performance.now() < busyUntil);
  const timer = setInterval(() => {
    const loopNow = performance.eventLoopUtilization();
    const machineNow = machineTimes();
    const utilisation = performance.eventLoopUtilization(loopNow, loop).utilization;
    const elapsed = machineNow.total - machine.total;
    const idle = elapsed > 0 ? (machineNow.idle - machine.idle) / elapsed : 1;
    loop = loopNow;
    machine = machineNow;
    if (utilisation > limits.maxLoopUtilisation || idle < limits.minMachineIdle) {
      busyUntil = performance.now() + HOLD_MS;
    }
  }, SAMPLE_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
