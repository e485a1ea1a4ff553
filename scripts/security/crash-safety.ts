/**
 * Part 2 of npm run test:security: crash safety on PostgreSQL. Each cycle fires a burst of writes
 * (fans liking and unliking videos, an administrator retitling videos), kill -9s the server after a
 * random 100–600 ms, restarts it on the same database and checks that every write the server had
 * acknowledged (2xx) is there. Bar: 0 acknowledged writes lost over 20 cycles.
 *
 * Each key (one fan's like of one video, one video's title) belongs to one worker, which writes it
 * again and again in sequence. So the expected value of a key is its last acknowledged write, or
 * the write that was in flight when the server died (which may or may not have been committed).
 */
import { randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ADMIN_PASSWORD,
  call,
  expectStatus,
  importChannel,
  login,
  registerFan,
  startFakeYoutube,
  type Account,
  type ApiAnswer,
} from './api.js';
import { createScratchDatabase } from './postgres.js';
import { startServer, type ServerProcess } from './server-process.js';
import { formatCount, heading, seconds, type PartResult } from './tools.js';

const CYCLES = Number(process.env.CRASH_CYCLES ?? 20);
const FANS = 8;
const WORKERS = 32;
const ADMIN_EMAIL = 'crash-admin@example.com';
const DESCRIPTION = 'Retitled by the crash-safety test.';

type Value = boolean | string;

interface Key {
  kind: 'like' | 'title';
  fan: Account | null;
  videoId: number;
  /** The value read back after the last restart (or the seeded one). */
  baseline: Value;
  /** What the server last acknowledged during this cycle. */
  acknowledged: Value | null;
  /** A write sent but never answered: it may or may not have been committed. */
  unanswered: Value | null;
}

interface BurstFigures {
  likes: number;
  titles: number;
  unanswered: number;
  refused: Map<number, number>;
  oddAnswers: string[];
}

interface WriteAnswer {
  isLiked?: boolean;
  title?: string;
}

interface VideoData {
  video: { title: string; like_count: number };
}

interface LikedData {
  videos: { id: number }[];
}

function currentValue(key: Key): Value {
  return key.acknowledged ?? key.baseline;
}

function nextValue(key: Key, cycle: number, n: number): Value {
  if (key.kind === 'like') return !currentValue(key);
  return `Crash ${cycle}.${n} video ${key.videoId} ${randomBytes(3).toString('hex')}`;
}

function send(
  origin: string,
  admin: Account,
  key: Key,
  value: Value,
): Promise<ApiAnswer<WriteAnswer>> {
  if (key.kind === 'like') {
    const fan = key.fan!;
    return call<WriteAnswer>(
      origin,
      'PUT',
      `/api/users/liked/${value ? 'add-video' : 'remove-video'}`,
      {
        token: fan.token,
        body: { userId: fan.id, episodeId: key.videoId },
      },
    );
  }
  return call<WriteAnswer>(origin, 'PUT', '/api/admin/videos', {
    token: admin.token,
    body: { id: key.videoId, title: value, description: DESCRIPTION },
  });
}

/** Writes until the server dies; answers once every worker has stopped. */
async function burst(
  origin: string,
  admin: Account,
  keys: Key[],
  cycle: number,
  killed: { value: boolean },
) {
  const figures: BurstFigures = {
    likes: 0,
    titles: 0,
    unanswered: 0,
    refused: new Map(),
    oddAnswers: [],
  };
  const worker = async (own: Key[]) => {
    for (let n = 0; !killed.value && own.length > 0; n++) {
      const key = own[n % own.length]!;
      const value = nextValue(key, cycle, n);
      let answer: ApiAnswer<WriteAnswer>;
      try {
        answer = await send(origin, admin, key, value);
      } catch {
        // No answer: the server died with this write in flight.
        key.unanswered = value;
        figures.unanswered += 1;
        return;
      }
      if (answer.status >= 200 && answer.status < 300) {
        key.acknowledged = value;
        if (key.kind === 'like') figures.likes += 1;
        else figures.titles += 1;
        const echoed = key.kind === 'like' ? answer.data?.isLiked : answer.data?.title;
        if (echoed !== value)
          figures.oddAnswers.push(
            `${key.kind} of video ${key.videoId}: answered ${String(echoed)}`,
          );
      } else {
        figures.refused.set(answer.status, (figures.refused.get(answer.status) ?? 0) + 1);
        if (figures.oddAnswers.length < 10) {
          figures.oddAnswers.push(
            `${answer.status} on ${key.kind} of video ${key.videoId}: ${answer.message}`,
          );
        }
      }
    }
  };
  const shuffled = [...keys].sort(() => Math.random() - 0.5);
  const shares: Key[][] = Array.from({ length: WORKERS }, () => []);
  shuffled.forEach((key, index) => shares[index % WORKERS]!.push(key));
  await Promise.all(shares.map(worker));
  return figures;
}

interface Verification {
  lost: string[];
  inFlightCommitted: number;
  counterDrift: string[];
}

/** Reads every key back from the restarted server and makes it the next cycle's baseline. */
async function verify(
  origin: string,
  admin: Account,
  fans: Account[],
  keys: Key[],
  videoIds: number[],
) {
  const result: Verification = { lost: [], inFlightCommitted: 0, counterDrift: [] };
  const likedBy = new Map<number, Set<number>>();
  for (const fan of fans) {
    const answer = await expectStatus<LikedData>(
      200,
      origin,
      'GET',
      `/api/users/${fan.id}/liked-videos`,
      {
        token: fan.token,
      },
    );
    likedBy.set(fan.id, new Set(answer.data!.videos.map((video) => video.id)));
  }
  const videos = new Map<number, VideoData['video']>();
  for (const id of videoIds) {
    const answer = await expectStatus<VideoData>(200, origin, 'GET', `/api/videos/${id}`, {
      token: admin.token,
    });
    videos.set(id, answer.data!.video);
  }
  for (const key of keys) {
    const actual: Value =
      key.kind === 'like'
        ? likedBy.get(key.fan!.id)!.has(key.videoId)
        : videos.get(key.videoId)!.title;
    const expected = currentValue(key);
    if (actual !== expected) {
      if (key.unanswered !== null && actual === key.unanswered) {
        result.inFlightCommitted += 1;
      } else if (key.acknowledged !== null) {
        const who =
          key.kind === 'like'
            ? `fan ${key.fan!.id} like of video ${key.videoId}`
            : `title of video ${key.videoId}`;
        result.lost.push(
          `${who}: acknowledged ${JSON.stringify(expected)}, found ${JSON.stringify(actual)}`,
        );
      } else {
        const who =
          key.kind === 'like'
            ? `fan ${key.fan!.id} like of video ${key.videoId}`
            : `title of video ${key.videoId}`;
        result.lost.push(
          `${who}: changed from ${JSON.stringify(expected)} to ${JSON.stringify(actual)} by no write`,
        );
      }
    }
    key.baseline = actual;
    key.acknowledged = null;
    key.unanswered = null;
  }
  for (const [id, video] of videos) {
    const likes = fans.filter((fan) => likedBy.get(fan.id)!.has(id)).length;
    if (video.like_count !== likes) {
      result.counterDrift.push(`video ${id}: like_count ${video.like_count}, ${likes} likes`);
    }
  }
  return result;
}

export async function runCrashSafety(): Promise<PartResult> {
  heading(`2. Crash safety on PostgreSQL: kill -9 mid-burst, ${CYCLES} cycles`);
  const startedAt = performance.now();
  const workDir = mkdtempSync(join(tmpdir(), 'twang-crash-'));
  const database = createScratchDatabase('twang_crash');
  const logFile = join(workDir, 'server.log');
  console.log(`  database ${database.name}, server log ${logFile}`);
  const youtube = await startFakeYoutube();
  const baseEnv = { ADMIN_EMAIL, ADMIN_PASSWORD };
  let server: ServerProcess | undefined;
  try {
    server = await startServer({
      databaseUrl: database.url,
      logFile,
      env: { ...baseEnv, ...youtube.env },
    });
    const admin = await login(server.origin, ADMIN_EMAIL, ADMIN_PASSWORD);
    const videoIds = await importChannel(server.origin, admin);
    await youtube.fake.close();
    const fans: Account[] = [];
    for (let n = 1; n <= FANS; n++) fans.push(await registerFan(server.origin, `crash-fan-${n}`));
    const keys: Key[] = [];
    for (const videoId of videoIds) {
      const { data } = await expectStatus<VideoData>(
        200,
        server.origin,
        'GET',
        `/api/videos/${videoId}`,
        {
          token: admin.token,
        },
      );
      keys.push({
        kind: 'title',
        fan: null,
        videoId,
        baseline: data!.video.title,
        acknowledged: null,
        unanswered: null,
      });
      for (const fan of fans) {
        keys.push({
          kind: 'like',
          fan,
          videoId,
          baseline: false,
          acknowledged: null,
          unanswered: null,
        });
      }
    }
    console.log(
      `  seeded: ${videoIds.length} public videos, ${FANS} fans, an administrator: ${formatCount(keys.length)} keys, ${WORKERS} concurrent writers`,
    );

    let acknowledged = 0;
    let lost = 0;
    let drift = 0;
    let inFlight = 0;
    let committedInFlight = 0;
    const odd: string[] = [];
    const losses: string[] = [];
    for (let cycle = 1; cycle <= CYCLES; cycle++) {
      const killAfter = randomInt(100, 601);
      const killed = { value: false };
      const running = server;
      const writes = burst(running.origin, admin, keys, cycle, killed);
      await new Promise((resolve) => setTimeout(resolve, killAfter));
      killed.value = true;
      await running.kill9();
      const figures = await writes;
      const restartAt = performance.now();
      server = await startServer({ databaseUrl: database.url, logFile, env: baseEnv });
      const restart = seconds(restartAt);
      const check = await verify(server.origin, admin, fans, keys, videoIds);
      const cycleAcks = figures.likes + figures.titles;
      acknowledged += cycleAcks;
      lost += check.lost.length;
      drift += check.counterDrift.length;
      inFlight += figures.unanswered;
      committedInFlight += check.inFlightCommitted;
      odd.push(...figures.oddAnswers.map((line) => `cycle ${cycle}: ${line}`));
      losses.push(...check.lost.map((line) => `cycle ${cycle}: ${line}`));
      const refused = [...figures.refused].map(([status, count]) => `${count}×${status}`).join(' ');
      console.log(
        `  cycle ${String(cycle).padStart(2)}/${CYCLES}: kill -9 at ${killAfter} ms, acknowledged ${formatCount(cycleAcks)} (${figures.likes} likes/unlikes, ${figures.titles} titles), in flight ${figures.unanswered} (${check.inFlightCommitted} committed), lost ${check.lost.length}, like_count drift ${check.counterDrift.length}${refused ? `, refused ${refused}` : ''}, restart ${restart}`,
      );
      for (const line of [...check.lost, ...check.counterDrift].slice(0, 5))
        console.log(`      ${line}`);
    }
    const summary = [
      `cycles: ${CYCLES}, each a kill -9 after 100–600 ms of ${WORKERS} concurrent writers`,
      `acknowledged writes: ${formatCount(acknowledged)}; lost: ${lost} (bar: 0)`,
      `writes in flight at the kill: ${inFlight} (${committedInFlight} found committed, the rest not: both are allowed)`,
      `like_count drift after restarts: ${drift} (bar: 0)`,
      `duration: ${seconds(startedAt)}`,
    ];
    for (const line of [...losses, ...odd].slice(0, 10)) summary.push(`  ${line}`);
    const passed = lost === 0 && drift === 0 && acknowledged > 0;
    if (passed) rmSync(workDir, { recursive: true, force: true });
    else summary.push(`server log kept in ${logFile}`);
    return { name: 'crash safety', passed, summary };
  } finally {
    await server?.stop();
    await youtube.fake.close().catch(() => undefined);
    database.drop();
  }
}
