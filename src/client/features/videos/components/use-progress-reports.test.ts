import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setSession } from '@client/lib/session.js';
import type { YoutubePlayer } from '@client/lib/youtube-iframe-api.js';
import { localPosition } from '../api/watch-progress.js';
import { PlaybackMeter } from './playback-meter.js';
import { createProgressReporter, REPORT_EVERY_MS } from './use-progress-reports.js';

const PLAYING = 1;
const PAUSED = 2;
const ENDED = 0;

let clock = 0;
let position = 0;
const player = {
  getCurrentTime: () => position,
  getDuration: () => 600,
} as YoutubePlayer;

const fetchMock = vi.fn(
  async (_url: string, _init?: RequestInit) =>
    new Response(JSON.stringify({ status: 202, data: null, message: 'OK' })),
);
const beacon = vi.fn((_url: string, _body: Blob) => true);

/** The JSON bodies sent so far, by fetch or beacon. */
async function sent(): Promise<unknown[]> {
  const byFetch = fetchMock.mock.calls.map(([, init]) =>
    JSON.parse(String((init as RequestInit).body)),
  );
  const byBeacon = await Promise.all(
    beacon.mock.calls.map(async (call) => JSON.parse(await call[1].text())),
  );
  return [...byFetch, ...byBeacon];
}

function reporter() {
  const made = createProgressReporter(5, undefined, new PlaybackMeter(() => clock));
  made.attach(player);
  return made;
}

/** Plays for `seconds`: the clock and the player's position move together. */
function play(seconds: number) {
  clock += seconds * 1000;
  position += seconds;
}

beforeEach(() => {
  vi.useFakeTimers();
  clock = 0;
  position = 0;
  vi.stubGlobal('fetch', fetchMock);
  Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  fetchMock.mockClear();
  beacon.mockClear();
  clearSession();
  localStorage.clear();
});

describe('progress reports', () => {
  it('reports every 12 s while playing, then on pause, with the seconds played', async () => {
    const made = reporter();
    made.stateChanged(PLAYING);
    play(12);
    vi.advanceTimersByTime(REPORT_EVERY_MS);
    play(5);
    made.stateChanged(PAUSED);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/videos/5/progress');
    expect(await sent()).toEqual([
      { position: 12, duration: 600, played: 12, total_played: 12 },
      { position: 17, duration: 600, played: 5, total_played: 17 },
    ]);
    // Paused: no more reports.
    vi.advanceTimersByTime(REPORT_EVERY_MS * 3);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('counts a seek as a move, not as playing', async () => {
    const made = reporter();
    made.stateChanged(PLAYING);
    play(3);
    position = 300;
    made.stateChanged(PAUSED);
    expect(await sent()).toEqual([{ position: 300, duration: 600, played: 3, total_played: 3 }]);
  });

  it('reports the end as the whole length', async () => {
    const made = reporter();
    made.stateChanged(PLAYING);
    play(4);
    made.stateChanged(ENDED);
    expect(await sent()).toEqual([{ position: 600, duration: 600, played: 4, total_played: 4 }]);
  });

  it("sends a visitor's last report by beacon, as JSON, and keeps the position here", async () => {
    const made = reporter();
    made.stateChanged(PLAYING);
    play(7);
    made.leaving();
    expect(beacon).toHaveBeenCalledTimes(1);
    const [url, blob] = beacon.mock.calls[0]!;
    expect(url).toBe('/api/videos/5/progress');
    expect(blob.type).toBe('application/json');
    expect(await sent()).toEqual([{ position: 7, duration: 600, played: 7, total_played: 7 }]);
    expect(localPosition(5)).toEqual({ position: 7, duration: 600 });
    // Leaving twice without playing sends nothing more.
    made.detach();
    expect(beacon).toHaveBeenCalledTimes(1);
  });

  it("sends a fan's last report by fetch keepalive with their token, and keeps nothing here", async () => {
    setSession({ id: 77, firstName: 'June', isAdmin: false, token: 'tok' });
    const made = reporter();
    made.stateChanged(PLAYING);
    play(20);
    made.detach();
    expect(beacon).not.toHaveBeenCalled();
    const init = fetchMock.mock.calls[0]![1] as RequestInit;
    expect(init.keepalive).toBe(true);
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer tok');
    expect(await sent()).toEqual([{ position: 20, duration: 600, played: 20, total_played: 20 }]);
    expect(localPosition(5)).toBeNull();
  });

  it('sends nothing before the player knows the length', () => {
    const made = createProgressReporter(5, undefined, new PlaybackMeter(() => clock));
    made.attach({ getCurrentTime: () => 0, getDuration: () => 0 } as YoutubePlayer);
    made.stateChanged(PLAYING);
    play(5);
    made.stateChanged(PAUSED);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
