/**
 * Issue 28's drop: the mixed read row with 500 progress reports/s sent beside it, from the
 * bench's own process. The sender takes CPU from the same two cores as the server, so the row is
 * measured with the reports sent to the bare ceiling server (which answers them as Twang does, a
 * 202 with a short envelope, and so carries the sender's cost and little else) and with them sent
 * to Twang, in the order control, Twang, Twang, control, so that a machine getting faster or
 * slower weighs on both sides alike.
 *
 * Four rows, each with its ceiling, are printed; the judged drop comes from paired windows
 * after them: the same mixed load on Twang throughout, only the reports' destination switching,
 * twelve short windows in that order. Within one run the ceilings of the four rows read 30-50k
 * req/s on a 2-core machine, and a Twang row's share moved from 0.56 to 1.07: a figure of two
 * rows a side, each divided by its own ceiling, could not tell a few percent from that noise.
 */
import { Agent } from 'node:http';
import { sleep } from '../lib/server-child.js';
import { atMost, info, percentChange, type Figure } from './figures.js';
import { send } from './http.js';
import { measureEndpoint, type BenchContext, type Row } from './measure.js';
import type { Endpoint } from './endpoint.js';
import { BACKGROUND_HEADER, type RequestSpec } from './scenario.js';
import type { BenchServer } from './server-process.js';

/** The bar: the mixed read row drops by no more than this with reports running beside. */
const MIXED_DROP_MAX_PERCENT = 5;
const REPORTS_PER_SECOND = 500;
/** The paired windows' destinations (true: Twang), each half a row long, after one warm-up. */
const PAIRED_ORDER = [false, true, true, false, false, true, true, false, false, true, true, false];
/** After the reports switch, the server left finishes its batch before the next window. */
const SWITCH_SETTLE_MS = 1_200;
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

/**
 * The mixed load on Twang in windows, the reports sent to the bare server or to Twang in
 * PAIRED_ORDER: req/s of each window, by destination.
 */
async function pairedWindows(
  context: BenchContext,
  server: BenchServer,
  mixed: Endpoint,
  reports: RequestSpec[],
): Promise<{ control: number[]; twang: number[]; counts: Counts; seconds: number }> {
  const seconds = Math.max(1, Math.round(context.seconds / 2));
  const load = (durationSeconds: number) =>
    context.loader.run({
      origin: server.origin,
      connections: mixed.connections,
      durationSeconds,
      perConnection: mixed.perConnection,
    });
  const sender = backgroundReports(
    server.origin,
    context.ceiling.origin,
    reports,
    REPORTS_PER_SECOND,
  );
  const control: number[] = [];
  const twang: number[] = [];
  try {
    await load(context.warmupSeconds);
    for (const toTwang of PAIRED_ORDER) {
      sender.aimAt(toTwang ? server.origin : context.ceiling.origin);
      await sleep(SWITCH_SETTLE_MS);
      const result = await load(seconds);
      (toTwang ? twang : control).push(result.requestsPerSecond);
    }
  } catch (error) {
    await sender.stop();
    throw error;
  }
  return { control, twang, counts: await sender.stop(), seconds };
}

/** The four rows (control, Twang, Twang, control), then the paired windows the drop is judged by. */
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
  const mean = (values: number[]) => values.reduce((sum, each) => sum + each, 0) / values.length;
  const listed = (values: number[], digits: number) =>
    values.map((each) => each.toFixed(digits)).join(', ');
  const shares = (rows: Row[]) => rows.map((each) => each.ratio);
  const perSecond = (rows: Row[]) => rows.map((each) => each.result.requestsPerSecond);
  const paired = await pairedWindows(context, server, mixed, reports);
  total.sent += paired.counts.sent;
  total.refused += paired.counts.refused;
  const figures: Figure[] = [];
  if (mean(paired.control) > 0) {
    const drop = Math.max(0, 100 * (1 - mean(paired.twang) / mean(paired.control)));
    figures.push(
      atMost(
        `mixed read row's drop when the ${REPORTS_PER_SECOND} progress reports/s go to Twang instead of a bare server, ${PAIRED_ORDER.length} paired windows of ${paired.seconds} s (${total.sent} sent, ${total.refused} refused)`,
        drop,
        MIXED_DROP_MAX_PERCENT,
        '%',
      ),
      info(
        `mixed read row with ${REPORTS_PER_SECOND} progress reports/s, paired windows`,
        `reports to a bare server ${listed(paired.control, 0)} req/s; to Twang ${listed(paired.twang, 0)} req/s`,
      ),
    );
  }
  if (mean(shares(controls)) > 0) {
    figures.push(
      info(
        `mixed read row with ${REPORTS_PER_SECOND} progress reports/s, four rows and their ceilings`,
        `to a bare server ${listed(perSecond(controls), 0)} req/s (shares ${listed(shares(controls), 2)}); to Twang ${listed(perSecond(twangs), 0)} req/s (shares ${listed(shares(twangs), 2)}): share ${percentChange(mean(shares(controls)), mean(shares(twangs)))}`,
      ),
    );
  }
  console.log(
    `  paired windows: reports to a bare server ${listed(paired.control, 0)} req/s; to Twang ${listed(paired.twang, 0)} req/s`,
  );
  return { rows: [controlFirst, twangFirst, twangSecond, controlSecond], figures };
}
