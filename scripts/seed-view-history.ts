/**
 * A year of view history for the scale catalogue (issue 28): per-day rows of video_daily_stats
 * and the site's day totals (site_daily_stats, issue 31), with a long tail (each day a few episodes get most views), videos.view_count as their sum, and
 * one fan with a long watch history and a full My List for the bench's watching rows.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '@server/db/client.js';

export const VIEW_HISTORY_DAYS = 365;
/** Videos watched on a day: the head gets thousands of views, the tail one or two. */
const WATCHED_PER_DAY = 2_000;

/** The fan whose Continue Watching, history and My List the bench reads. */
export const SCALE_HEAVY_WATCHER = { userId: 21, watched: 2_000, listed: 1_000 };

type InBatches = (
  step: string,
  total: number,
  insert: (from: number, to: number) => Promise<void>,
  batch?: number,
) => Promise<void>;

/**
 * Day d (0 = today) ranks WATCHED_PER_DAY videos; rank r gets about 20,000 / r^1.2 views. The
 * ranked set moves every 30 days (new episodes rise), through a stride coprime with the catalogue
 * size so ranks map to distinct videos. Deterministic: the same catalogue every run.
 */
export async function seedViewHistory(
  db: Database,
  videoCount: number,
  userCount: number,
  inBatches: InBatches,
): Promise<void> {
  const perDay = Math.min(WATCHED_PER_DAY, videoCount);
  const stride = coprimeStride(videoCount);
  await inBatches(
    'view days',
    VIEW_HISTORY_DAYS,
    async (from, to) => {
      await db.execute(sql`
        INSERT INTO video_daily_stats (video_id, day, views, seconds_watched, finishes)
        SELECT ((r - 1) * ${stride}::bigint + (d / 30) * 104729) % ${videoCount} + 1,
               (now() AT TIME ZONE 'UTC')::date - d,
               views, views * (120 + (r % 7) * 60), views / 3
        FROM generate_series(${from}::int, ${to - 1}::int) d,
             generate_series(1, ${perDay}::int) r,
             LATERAL (SELECT floor(20000 / power(r, 1.2))::int + (d + r) % 3 AS views) v
        WHERE views > 0
        ON CONFLICT DO NOTHING`);
    },
    10,
  );
  // The site's day totals, as the progress batch keeps them beside the videos' days; unique
  // viewers about a third of the views (a fan watches three episodes a day).
  await db.execute(sql`
    INSERT INTO site_daily_stats AS t (day, views, seconds_watched, finishes, viewers)
    SELECT day, sum(views)::int, sum(seconds_watched), sum(finishes)::int, (sum(views) / 3)::int
    FROM video_daily_stats GROUP BY day
    ON CONFLICT (day) DO UPDATE SET views = excluded.views,
      seconds_watched = excluded.seconds_watched, finishes = excluded.finishes,
      viewers = excluded.viewers`);
  await db.execute(sql`UPDATE videos v SET view_count = s.n
    FROM (SELECT video_id, sum(views) AS n FROM video_daily_stats GROUP BY video_id) s
    WHERE s.video_id = v.id`);
  if (userCount < SCALE_HEAVY_WATCHER.userId) return;
  const { userId, watched, listed } = SCALE_HEAVY_WATCHER;
  // A third finished, an hour apart; the list `listed` videos, an hour apart too.
  await db.execute(sql`
    INSERT INTO watch_progress (user_id, video_id, position, duration, finished, updated_at)
    SELECT ${userId}, (i * 37) % ${videoCount} + 1,
           CASE WHEN i % 3 = 1 THEN 1790 ELSE 300 + (i % 10) * 100 END, 1800, i % 3 = 1,
           now() - i * interval '1 hour'
    FROM generate_series(0, ${Math.min(watched, videoCount) - 1}::int) i
    ON CONFLICT DO NOTHING`);
  await db.execute(sql`
    INSERT INTO my_list (user_id, video_id, added_at)
    SELECT ${userId}, (i * 53 + 11) % ${videoCount} + 1, now() - i * interval '1 hour'
    FROM generate_series(0, ${Math.min(listed, videoCount) - 1}::int) i
    ON CONFLICT DO NOTHING`);
}

function coprimeStride(size: number): number {
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  let stride = 7919;
  while (gcd(stride, size) !== 1) stride += 2;
  return stride;
}
