/**
 * Preloaded into the server by the bench (`node --import ./scripts/bench/loop-delay-probe.mjs
 * dist/server/server.js`): measures how long the event loop is held up. On SIGUSR2 it writes the
 * delays seen since the previous SIGUSR2 (p50, p99, max in ms) as JSON to BENCH_LOOP_DELAY_FILE,
 * then starts afresh, so the bench signals once after warm-up and once after the measured load.
 * Without that variable it does nothing.
 */
import { renameSync, writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.BENCH_LOOP_DELAY_FILE;
if (file) {
  // 5 ms sampling: fine enough for a 50 ms target, cheap enough not to show in the figures.
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  let seq = 0;
  const ms = (ns) => Math.round(ns / 1e4) / 100;
  process.on('SIGUSR2', () => {
    seq += 1;
    const report = {
      seq,
      samples: histogram.count,
      p50Ms: histogram.count > 0 ? ms(histogram.percentile(50)) : 0,
      p99Ms: histogram.count > 0 ? ms(histogram.percentile(99)) : 0,
      maxMs: histogram.count > 0 ? ms(histogram.max) : 0,
      meanMs: histogram.count > 0 ? ms(histogram.mean) : 0,
    };
    // Written aside then renamed, so the bench never reads half a file.
    writeFileSync(`${file}.tmp`, JSON.stringify(report));
    renameSync(`${file}.tmp`, file);
    histogram.reset();
  });
}
