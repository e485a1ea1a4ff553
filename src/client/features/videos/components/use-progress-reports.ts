import { useEffect, useMemo } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { getSession } from '@client/lib/session.js';
import { PLAYER_STATE, type YoutubePlayer } from '@client/lib/youtube-iframe-api.js';
import { keepLocalPosition, sendProgressReport } from '../api/watch-progress.js';
import { PlaybackMeter } from './playback-meter.js';

/** While playing, a report this often (the contract asks for one every 10–15 s). */
export const REPORT_EVERY_MS = 12_000;

export interface ProgressReporter {
  /** The player whose position is reported, once it is ready. */
  attach(player: YoutubePlayer): void;
  /** The player's onStateChange. */
  stateChanged(state: number): void;
  /** The page is being left, or hidden (a phone may never say it was left). */
  leaving(): void;
  /** The player goes away (another video, another page): a last report, then nothing. */
  detach(): void;
}

/**
 * Reports what a player plays: every REPORT_EVERY_MS while playing, on pause, at the end, and
 * when the page is left. A visitor's position is also kept in this browser, their only resume
 * point. Nothing is sent until the player knows the video's length, nor twice for the same
 * position with nothing played between.
 */
export function createProgressReporter(
  videoId: number,
  onReported: () => void = () => undefined,
  meter = new PlaybackMeter(),
): ProgressReporter {
  let player: YoutubePlayer | null = null;
  let timer: ReturnType<typeof setInterval> | undefined;
  let lastPosition = -1;

  const stopTimer = () => {
    clearInterval(timer);
    timer = undefined;
  };
  const report = ({ leaving = false, ended = false } = {}) => {
    if (!player) return;
    const duration = player.getDuration();
    if (!(duration > 0)) return;
    const body = meter.take(ended ? duration : player.getCurrentTime(), duration);
    if (body.played === 0 && body.position === lastPosition) return;
    lastPosition = body.position;
    if (!getSession()) keepLocalPosition(videoId, body.position, body.duration);
    sendProgressReport(videoId, body, { leaving });
    onReported();
  };

  return {
    attach(ready) {
      player = ready;
    },
    stateChanged(state) {
      if (state === PLAYER_STATE.PLAYING) {
        meter.playing();
        timer ??= setInterval(() => report(), REPORT_EVERY_MS);
        return;
      }
      // Buffering plays nothing; the reports go on, as the video has not stopped.
      meter.stopped();
      if (state === PLAYER_STATE.PAUSED || state === PLAYER_STATE.ENDED) {
        stopTimer();
        report({ ended: state === PLAYER_STATE.ENDED });
      }
    },
    leaving() {
      report({ leaving: true });
    },
    detach() {
      stopTimer();
      meter.stopped();
      report({ leaving: true });
      player = null;
    },
  };
}

/** Viewer data a report changes (Continue Watching, history) is read again when next shown. */
const markViewerDataStale = (queryClient: QueryClient) => () =>
  void queryClient.invalidateQueries({ queryKey: ['viewer'], refetchType: 'none' });

/** A reporter for this video, told when the page is left or hidden. */
export function useProgressReports(videoId: number): ProgressReporter {
  const queryClient = useQueryClient();
  const reporter = useMemo(
    () => createProgressReporter(videoId, markViewerDataStale(queryClient)),
    [videoId, queryClient],
  );
  useEffect(() => {
    const hidden = () => {
      if (document.visibilityState === 'hidden') reporter.leaving();
    };
    const leave = () => reporter.leaving();
    window.addEventListener('pagehide', leave);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      window.removeEventListener('pagehide', leave);
      document.removeEventListener('visibilitychange', hidden);
    };
  }, [reporter]);
  return reporter;
}
