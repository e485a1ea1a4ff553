import type { ProgressReport } from '../api/watch-progress.js';

/**
 * Counts the seconds a page view has played, by the clock while the player says it is playing:
 * a seek moves the position but plays nothing. Each report takes what was played since the
 * previous one (`played`) and the page view's running total (`total_played`), so the server
 * needs no state per page view to count a view.
 */
export class PlaybackMeter {
  private since: number | null = null;
  private unreported = 0;
  private total = 0;

  constructor(private readonly now: () => number = Date.now) {}

  get isPlaying(): boolean {
    return this.since !== null;
  }

  playing(): void {
    this.since ??= this.now();
  }

  stopped(): void {
    this.collect();
    this.since = null;
  }

  /** The report for a position now; what it counts is not counted again. */
  take(position: number, duration: number): ProgressReport {
    this.collect();
    const played = this.unreported / 1000;
    this.unreported = 0;
    this.total += played;
    return {
      position: round(Math.min(Math.max(position, 0), duration)),
      duration: round(duration),
      played: round(played),
      total_played: round(this.total),
    };
  }

  private collect(): void {
    if (this.since === null) return;
    const now = this.now();
    this.unreported += Math.max(0, now - this.since);
    this.since = now;
  }
}

const round = (seconds: number) => Math.round(seconds * 1000) / 1000;
