/**
 * Issue 28's drop: the mixed read row with 500 progress reports/s sent beside it, from the
 * bench's own process. The bench's sender takes CPU from the same two cores as the server, so the
 * row is measured twice: once with the reports sent to the bare ceiling server (the sender's cost
 * alone), once with them sent to Twang. What differs is the server's handling of the reports.
 */
import { Agent } from 'node:http';
import { atMost, info, percentChange, type Figure } from './figures.js';
import { send } from './http.js';
import { measureEndpoint, type BenchContext, type Row } from './measure.js';
import type { Endpoint } from './endpoint.js';
import type { RequestSpec } from './scenario.js';
import type { BenchServer } from './server-process.js';

/** The bar: the mixed read row drops by no more than this with reports running beside. */
export const MIXED_DROP_MAX_PERCENT = 5;
const REPORTS_PER_SECOND = 500;

/**
 * Progress reports sent at `perSecond`, in bursts every 50 ms, until stopped. `aimAt` sends the
 * next ones elsewhere; only the answers of `judgedOrigin` count (202, or refused).
 */
function backgroundReports(
  judgedOrigin: string,
  firstOrigin: string,
  reports: RequestSpec[],
  perSecond: number,
): { aimAt: (origin: string) => void; stop: () => Promise<{ sent: number; refused: number }> } {
  const TICK_MS = 50;
  const perTick = Math.max(1, Math.round((perSecond * TICK_MS) / 1000));
  let target = firstOrigin;
  let next = 0;
  let sent = 0;
  let refused = 0;
  const inFlight = new Set<Promise<void>>();
  // Players and the app report every 10-15 s over a connection they keep; a new connection per
  // report would measure TCP set-up on both sides, not the report.
  const agent = new Agent({ keepAlive: true, maxSockets: 50 });
  const timer = setInterval(() => {
    for (let i = 0; i < perTick; i++) {
      const spec = reports[next++ % reports.length]!;
      const judged = target === judgedOrigin;
      const request = send(target, spec, 10_000, agent).then(
        (response) => {
          if (!judged) return;
          sent += 1;
          if (response.status !== 202) refused += 1;
        },
        () => {
          if (judged) refused += 1;
        },
      );
      inFlight.add(request);
      void request.finally(() => inFlight.delete(request));
    }
  }, TICK_MS);
  return {
    aimAt(origin) {
      target = origin;
    },
    async stop() {
      clearInterval(timer);
      await Promise.all(inFlight);
      agent.destroy();
      return { sent, refused };
    },
  };
}

/** The two rows (reports to the ceiling server, then to Twang) and the drop between them. */
export async function measureReportsBesideReads(
  context: BenchContext,
  server: BenchServer,
  phase: string,
  mixed: Endpoint,
  reports: RequestSpec[],
): Promise<{ rows: Row[]; figures: Figure[] }> {
  const bare = context.ceiling.origin;
  const name = `${mixed.name} + ${REPORTS_PER_SECOND} progress reports/s`;
  const toBare = backgroundReports(server.origin, bare, reports, REPORTS_PER_SECOND);
  let control: Row;
  try {
    control = await measureEndpoint(context, server, phase, {
      ...mixed,
      name: `${name} to a bare server`,
    });
  } finally {
    await toBare.stop();
  }
  const toServer = backgroundReports(server.origin, server.origin, reports, REPORTS_PER_SECOND);
  let busy: Row;
  let counts: { sent: number; refused: number };
  try {
    busy = await measureEndpoint(context, server, phase, {
      ...mixed,
      name,
      // The ceiling is measured with the same sender beside it: the reports go to it meanwhile.
      beforeCeiling: (ceilingOrigin) => toServer.aimAt(ceilingOrigin),
    });
  } finally {
    counts = await toServer.stop();
  }
  const perSecond = (row: Row) => row.result.requestsPerSecond;
  const figures: Figure[] = [];
  if (control.ratio > 0) {
    figures.push(
      atMost(
        `mixed read row's share of its ceiling, drop when the ${REPORTS_PER_SECOND} progress reports/s go to Twang instead of a bare server (${counts.sent} sent, ${counts.refused} refused)`,
        Math.max(0, 100 * (1 - busy.ratio / control.ratio)),
        MIXED_DROP_MAX_PERCENT,
        '%',
      ),
      info(
        `mixed read row with ${REPORTS_PER_SECOND} progress reports/s, raw`,
        `${perSecond(control).toFixed(0)} req/s with them sent to a bare server → ${perSecond(busy).toFixed(0)} to Twang (${percentChange(perSecond(control), perSecond(busy))}; share ${control.ratio.toFixed(2)} → ${busy.ratio.toFixed(2)})`,
      ),
    );
  }
  return { rows: [control, busy], figures };
}
