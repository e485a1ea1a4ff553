/**
 * Builds a large catalogue for benchmarks:
 *   npm run seed:scale -- --videos 100000 --artists 10000 --tags 2000 --users 50000 --likes 500000 [--reset]
 * Targets DATABASE_URL when set (PostgreSQL), else the embedded database under DATA_DIR.
 * The bench (scripts/bench) imports seedScaleCatalogue to build its own catalogue.
 */
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { SingleBar, Presets } from 'cli-progress';
import { count, sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '@server/db/client.js';
import { refreshAllSuggestions } from '@server/modules/videos/suggestions-refresher.js';
import {
  artistLikes,
  artists,
  featuredVideo,
  layoutRows,
  tags,
  users,
  videoLikes,
  videoSuggestionsStale,
  videoTags,
  videos,
} from '@server/db/schema.js';
import { hashPassword } from '@server/modules/auth/password-hashing.js';
import { seedViewHistory } from './seed-view-history.js';
import {
  demoArtistBio,
  demoArtistName,
  demoSongTitle,
  demoVenue,
  seededRandom,
} from '@server/setup/demo-catalogue.js';

export interface ScaleSize {
  videos: number;
  artists: number;
  tags: number;
  users: number;
  likes: number;
}

export const DEFAULT_SCALE_SIZE: ScaleSize = {
  videos: 100_000,
  artists: 10_000,
  tags: 2_000,
  users: 50_000,
  likes: 500_000,
};

/**
 * One fan who likes thousands of videos and artists, so the bench can ask for long liked lists
 * (the account page). Their likes come out of the catalogue's total.
 */
export const SCALE_HEAVY_LIKER = { userId: 20, videos: 5000, artists: 2000 };

/** Every scale user's password; users 1 to 5 are administrators. */
export const SCALE_PASSWORD = 'Scale-user-Pass1';
export const SCALE_ADMINS = 5;

export function scaleUserEmail(n: number): string {
  return `scale-user-${n}@example.com`;
}

/** The artist name the seed gives artist index i (0-based): demo names, numbered after the first 40. */
export function scaleArtistName(index: number): string {
  return `${demoArtistName(index)} ${index >= 40 ? `${Math.floor(index / 40)}` : ''}`.trim();
}

const BATCH = 2000;

function progressBar(): SingleBar {
  return new SingleBar(
    {
      format: ' {step} |{bar}| {value}/{total} rows, {eta}s left',
      // Piped into a file or a CI log, the bar still shows a line every few seconds.
      noTTYOutput: true,
      notTTYSchedule: 5000,
    },
    Presets.shades_classic,
  );
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from }, (_, i) => from + i);
}

/** A YouTube-shaped id (11 characters) that is unique per index. */
function scaleYoutubeId(index: number): string {
  return `sc${index.toString(36).padStart(9, '0')}`;
}

export interface SeedOptions {
  /** Replace whatever the database holds; without it a non-empty database is refused. */
  reset: boolean;
  log?: (line: string) => void;
}

/**
 * Fills a migrated database with `size` rows of everything; returns the seconds it took. Seeded
 * generators make every run build the same catalogue.
 */
export async function seedScaleCatalogue(
  handle: Pick<DatabaseHandle, 'db' | 'kind'>,
  size: ScaleSize,
  options: SeedOptions,
): Promise<number> {
  const { db, kind } = handle;
  const log = options.log ?? ((line: string) => console.log(line));
  const random = seededRandom(2024);
  const bar = progressBar();
  const inBatches = async (
    step: string,
    total: number,
    insert: (from: number, to: number) => Promise<void>,
    batch = BATCH,
  ) => {
    bar.start(total, 0, { step: step.padEnd(11) });
    for (let from = 0; from < total; from += batch) {
      const to = Math.min(total, from + batch);
      await insert(from, to);
      bar.update(to);
    }
    bar.stop();
  };

  const [[taken], [people]] = await Promise.all([
    db.select({ n: count() }).from(tags),
    db.select({ n: count() }).from(users),
  ]);
  if ((taken?.n ?? 0) + (people?.n ?? 0) > 0) {
    if (!options.reset)
      throw new Error('The database is not empty; pass --reset to replace everything in it.');
    await db.execute(
      sql`TRUNCATE video_daily_stats, video_monthly_stats, analytics_months, site_daily_stats, daily_viewers, view_marks, view_salts, watch_progress, my_list, video_likes, artist_likes, video_suggestions, video_suggestions_stale, video_tags, layout_rows, featured_video, artists, videos, tags, sessions, recovery_codes, users, audit_log RESTART IDENTITY CASCADE`,
    );
  }
  const started = Date.now();
  const passwordHash = await hashPassword(SCALE_PASSWORD);

  const categoryIds: number[] = [];
  await inBatches('tags', size.tags, async (from, to) => {
    const rows = await db
      .insert(tags)
      .values(range(from, to).map((i) => ({ name: `Category ${i + 1}` })))
      .returning({ id: tags.id });
    categoryIds.push(...rows.map((row) => row.id));
  });

  const artistTagIds: number[] = [];
  await inBatches('artists', size.artists, async (from, to) => {
    const names = range(from, to).map(scaleArtistName);
    const tagRows = await db
      .insert(tags)
      .values(names.map((name) => ({ name })))
      .returning({ id: tags.id });
    await db.insert(artists).values(
      names.map((name, k) => ({
        name,
        description: demoArtistBio(name, random),
        imageUrl: `/media/demo/artist/${((from + k) % 40) + 1}.svg`,
        featured: (from + k) % 200 === 0,
        tagId: tagRows[k]!.id,
      })),
    );
    artistTagIds.push(...tagRows.map((row) => row.id));
  });
  const artistRows = await db
    .select({ id: artists.id, name: artists.name })
    .from(artists)
    .orderBy(artists.id);

  const now = Date.now();
  await inBatches('videos', size.videos, async (from, to) => {
    const rows = await db
      .insert(videos)
      .values(
        range(from, to).map((i) => {
          const artist = artistRows[i % artistRows.length]!;
          const song = demoSongTitle(random);
          return {
            youtubeId: scaleYoutubeId(i),
            title: `${artist.name} – ${song} (Live at ${demoVenue(random)})`,
            description: `Episode ${i + 1}: ${artist.name} performs "${song}" and talks about the song.`,
            thumbnail: `/media/demo/video/${(i % 150) + 1}.svg`,
            episodeNumber: i + 1,
            isPublic: i % 20 !== 0,
            publishedAt: new Date(now - (size.videos - i) * 3_600_000),
          };
        }),
      )
      .returning({ id: videos.id });
    await db
      .insert(videoTags)
      .values(
        rows.flatMap((row, k) => [
          { videoId: row.id, tagId: artistTagIds[(from + k) % artistTagIds.length]! },
          { videoId: row.id, tagId: categoryIds[(from + k) % categoryIds.length]! },
        ]),
      )
      .onConflictDoNothing();
  });

  await db
    .insert(layoutRows)
    .values(categoryIds.slice(0, 8).map((tagId, position) => ({ position, tagId })));
  await db.insert(featuredVideo).values({
    title: 'Featured episode',
    link: `https://youtu.be/${scaleYoutubeId(size.videos - 1)}`,
    videoId: size.videos,
  });

  await inBatches('users', size.users, async (from, to) => {
    await db.insert(users).values(
      range(from, to).map((i) => ({
        email: scaleUserEmail(i + 1),
        passwordHash,
        firstName: demoArtistName(i + 7).split(' ')[0]!,
        lastName: `${demoArtistName(i + 13).split(' ')[1]!}${i}`,
        zipcode: String(10000 + (i % 89999)),
        birthday: '1985-06-15',
        isAdmin: i < SCALE_ADMINS,
        lastLogin: i % 3 === 0 ? null : new Date(now - (i % 120) * 86_400_000),
        // Signed up over the past year, the oldest ids first: Analytics' new accounts per day.
        createdAt: new Date(now - Math.floor(((size.users - i) / size.users) * 365 * 86_400_000)),
      })),
    );
  });

  // Counters are rebuilt once at the end: 500k trigger updates would take minutes.
  await db.execute(sql`ALTER TABLE video_likes DISABLE TRIGGER video_likes_counter`);
  await db.execute(sql`ALTER TABLE artist_likes DISABLE TRIGGER artist_likes_counter`);
  const perUser = Math.max(1, Math.ceil(size.likes / size.users));
  const heavy = {
    videos: Math.min(SCALE_HEAVY_LIKER.videos, Math.floor(size.likes / 4), size.videos),
    artists: Math.min(SCALE_HEAVY_LIKER.artists, size.artists),
  };
  if (size.users >= SCALE_HEAVY_LIKER.userId) {
    await inBatches('heavy fan', heavy.videos, async (from, to) => {
      const userId = SCALE_HEAVY_LIKER.userId;
      await db
        .insert(videoLikes)
        .values(range(from, to).map((i) => ({ userId, videoId: ((i * 19) % size.videos) + 1 })))
        .onConflictDoNothing();
      const artistsFrom = Math.floor((from * heavy.artists) / heavy.videos);
      const artistsTo = Math.floor((to * heavy.artists) / heavy.videos);
      await db
        .insert(artistLikes)
        .values(range(artistsFrom, artistsTo).map((i) => ({ userId, artistId: i + 1 })))
        .onConflictDoNothing();
    });
  }
  await inBatches('likes', size.likes - heavy.videos, async (from, to) => {
    const rows = range(from, to).map((i) => {
      const userId = (i % size.users) + 1;
      const k = Math.floor(i / size.users);
      // Skewed toward low ids so "popular" has a clear head, spread by a large prime stride.
      const videoId = ((Math.floor(random() ** 3 * size.videos) + k * 7919) % size.videos) + 1;
      // Given over the past year (Analytics' likes per day), a few hours apart within a day.
      const createdAt = new Date(now - (i % 365) * 86_400_000 - (i % 20) * 3_600_000);
      return { userId, videoId, createdAt };
    });
    await db.insert(videoLikes).values(rows).onConflictDoNothing();
    await db
      .insert(artistLikes)
      .values(
        rows
          .filter((_, i) => i % perUser === 0)
          .map((row) => ({
            userId: row.userId,
            artistId: (row.videoId % artistRows.length) + 1,
            createdAt: row.createdAt,
          })),
      )
      .onConflictDoNothing();
  });
  await db.execute(sql`ALTER TABLE video_likes ENABLE TRIGGER video_likes_counter`);
  await db.execute(sql`ALTER TABLE artist_likes ENABLE TRIGGER artist_likes_counter`);
  await db.execute(
    sql`UPDATE videos v SET like_count = c.n FROM (SELECT video_id, count(*)::int AS n FROM video_likes GROUP BY video_id) c WHERE c.video_id = v.id`,
  );
  await db.execute(
    sql`UPDATE artists a SET like_count = c.n FROM (SELECT artist_id, count(*)::int AS n FROM artist_likes GROUP BY artist_id) c WHERE c.artist_id = a.id`,
  );
  // A year of views with a long tail, and one fan's long history and full list (issue 28).
  await seedViewHistory(db, size.videos, size.users, inBatches);
  // Statistics first: without them the ranking joins video_tags by scanning it, ~100x slower.
  await db.execute(sql`ANALYZE`);
  const queued = await db.$count(videoSuggestionsStale);
  bar.start(queued, 0, { step: 'suggestions' });
  await refreshAllSuggestions(db, kind, (done) => bar.update(done));
  bar.stop();
  // Each video row was written four times in minutes (insert, two tag lists, the like count), so
  // the table is 3x its size (228 MB for 80 MB of rows) and no longer fits in PostgreSQL's default
  // 128 MB of buffers: a catalogue grown over years reuses that space. Compacted, a new search
  // reads a third of the pages (bench: each-once search 466 -> 604 req/s, admin search p50 21.7
  // -> 18.0 ms, user lists 625 -> 989 req/s).
  bar.start(1, 0, { step: 'compacting' });
  await db.execute(sql`VACUUM (FULL) videos, artists, users`);
  bar.update(1);
  bar.stop();
  // Fresh statistics, and visibility maps so index-only scans skip the heap: as the catalogue
  // would be after autovacuum passed, not straight after a bulk load.
  await db.execute(sql`VACUUM ANALYZE`);
  const seconds = (Date.now() - started) / 1000;
  log(`Scale catalogue ready in ${Math.round(seconds)} s: ${JSON.stringify(size)}`);
  log(
    `Users sign in with scale-user-N@example.com / ${SCALE_PASSWORD} (N from 1; users 1-${SCALE_ADMINS} are administrators).`,
  );
  return seconds;
}

function sizeFromArguments(): { size: ScaleSize; reset: boolean } {
  const { values: args } = parseArgs({
    options: {
      videos: { type: 'string', default: String(DEFAULT_SCALE_SIZE.videos) },
      artists: { type: 'string', default: String(DEFAULT_SCALE_SIZE.artists) },
      tags: { type: 'string', default: String(DEFAULT_SCALE_SIZE.tags) },
      users: { type: 'string', default: String(DEFAULT_SCALE_SIZE.users) },
      likes: { type: 'string', default: String(DEFAULT_SCALE_SIZE.likes) },
      reset: { type: 'boolean', default: false },
    },
  });
  const size: ScaleSize = {
    videos: Number(args.videos),
    artists: Number(args.artists),
    tags: Number(args.tags),
    users: Number(args.users),
    likes: Number(args.likes),
  };
  for (const [name, value] of Object.entries(size)) {
    if (!Number.isInteger(value) || value < 1)
      throw new Error(`--${name} must be a positive whole number`);
  }
  return { size, reset: args.reset };
}

/** True when this file is the program being run (npm run seed:scale), not an import. */
function isMainModule(): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  try {
    return realpathSync(entry) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isMainModule()) {
  const { size, reset } = sizeFromArguments();
  const handle = await openDatabase({
    url: process.env.DATABASE_URL,
    dataDir: process.env.DATA_DIR ?? './data',
  });
  try {
    await handle.migrate();
    await seedScaleCatalogue(handle, size, { reset });
  } finally {
    await handle.close();
  }
}
