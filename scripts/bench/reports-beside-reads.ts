/**
 * Issue 28's drop: the mixed read row with 500 progress reports/s sent beside it, from the
 * bench's own process. The sender takes CPU from the same two cores as the server, so the row is
 * measured with the reports sent to the bare ceiling server (which answers them as Twang does, a
 * 202 with a short envelope, and so carries the sender's cost and little else) and with them sent
 * to Twang, in the order control, Twang, Twang, control, so that a machine getting faster or
 * slower through the four rows weighs on both sides alike.
 */
import { Agent } from 'node:http';
import { atMost, info, type Figure } from './figures.js';
import { send } from './http.js';
import { measureEndpoint, type BenchContext, type Row } from './measure.js';
import type { Endpoint } from './endpoint.js';
import { BACKGROUND_HEADER, type RequestSpec } from './scenario.js';
import type { BenchServer } from './server-process.js';

/** The bar: the mixed read row drops by no more than this with reports running beside. */
export const MIXED_DROP_MAX_PERCENT = 5;
const REPORTS_PER_SECOND = 500;
/** Past this many unanswered reports the sender skips (and counts) the next instead of queuing. */
const MAX_IN_FLIGHT = 1_000;

interface Counts {
  sent: number;
  refused: number;
}

/**
 * Progress reports sent at `perSecond`, in bursts every 50 ms, until stopped. `aimAt` sends the
 * next ones elsewhere; only those sent to `judgedOrigin` are counted (refused: not a 202, failed
 * or skipped).
 */
function backgroundReports(
  judgedOrigin: string,
  firstOrigin: string,
  reports: RequestSpec[],
  perSecond: number,
): { aimAt: (origin: string) => void; stop: () => Promise<Counts> } {
  const TICK_MS = 50;
  const perTick = Math.max(1, Math.round((perSecond * TICK_MS) / 1000));
  let target = firstOrigin;
  let next = 0;
  const counts: Counts = { sent: 0, refused: 0 };
  const inFlight = new Set<Promise<void>>();
  // Players and the app report every 10-15 s over a connection they keep; a new connection per
  // report would measure TCP set-up on both sides, not the report.
  const agent = new Agent({ keepAlive: true, maxSockets: 50 });
  const timer = setInterval(() => {
    for (let i = 0; i < perTick; i++) {
      const spec = reports[next++ % reports.length]!;
      const judged = target === judgedOrigin;
      if (judged) counts.sent += 1;
      // A server that stops answering must not grow the queue without end (a request's time
      // limit starts only once it has a socket).
      if (inFlight.size >= MAX_IN_FLIGHT) {
        if (judged) counts.refused += 1;
        continue;
      }
      const marked = { ...spec, headers: { ...spec.headers, [BACKGROUND_HEADER]: 'report' } };
      const request = send(target, marked, 10_000, agent).then(
        (response) => {
          if (judged && response.status !== 202) counts.refused += 1;
        },
        () => {
          if (judged) counts.refused += 1;
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
      return counts;
    },
  };
}

/** The four rows (control, Twang, Twang, control) and the drop between the two kinds. */
export async function measureReportsBesideReads(
  context: BenchContext,
  server: BenchServer,
  phase: string,
  mixed: Endpoint,
  reports: RequestSpec[],
): Promise<{ rows: Row[]; figures: Figure[] }> {
  const bare = context.ceiling.origin;
  const name = `${mixed.name} + ${REPORTS_PER_SECOND} progress reports/s`;
  const total: Counts = { sent: 0, refused: 0 };
  const row = async (toTwang: boolean, round: number): Promise<Row> => {
    const first = toTwang ? server.origin : bare;
    const sender = backgroundReports(server.origin, first, reports, REPORTS_PER_SECOND);
    try {
      return await measureEndpoint(context, server, phase, {
        ...mixed,
        name: `${name}${toTwang ? '' : ' to a bare server'} (${round})`,
        // Each ceiling is measured with the same sender beside it: the reports go to it meanwhile.
        beforeCeiling: (ceilingOrigin) => sender.aimAt(ceilingOrigin),
      });
    } finally {
      const counts = await sender.stop();
      total.sent += counts.sent;
      total.refused += counts.refused;
    }
  };
  const controlFirst = await row(false, 1);
  const twangFirst = await row(true, 1);
  const twangSecond = await row(true, 2);
  const controlSecond = await row(false, 2);
  const controls = [controlFirst, controlSecond];
  const twangs = [twangFirst, twangSecond];
  const mean = (rows: Row[], of: (row: Row) => number) =>
    rows.reduce((sum, each) => sum + of(each), 0) / rows.length;
  const share = (each: Row) => each.ratio;
  const perSecond = (each: Row) => each.result.requestsPerSecond;
  const figures: Figure[] = [];
  if (mean(controls, share) > 0) {
    const listed = (rows: Row[], of: (row: Row) => number, digits: number) =>
      rows.map((each) => of(each).toFixed(digits)).join(', ');
    figures.push(
      atMost(
        `mixed read row's share of its ceiling, drop when the ${REPORTS_PER_SECOND} progress reports/s go to Twang instead of a bare server (${total.sent} sent, ${total.refused} refused)`,
        Math.max(0, 100 * (1 - mean(twangs, share) / mean(controls, share))),
        MIXED_DROP_MAX_PERCENT,
        '%',
      ),
      info(
        `mixed read row with ${REPORTS_PER_SECOND} progress reports/s, each row`,
        `to a bare server ${listed(controls, perSecond, 0)} req/s (shares ${listed(controls, share, 2)}); to Twang ${listed(twangs, perSecond, 0)} req/s (shares ${listed(twangs, share, 2)})`,
      ),
    );
  }
  return { rows: [controlFirst, twangFirst, twangSecond, controlSecond], figures };
}
