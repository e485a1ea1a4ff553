import { and, eq, inArray, or, sql, type SQLWrapper, type WithSubquery } from 'drizzle-orm';
import type { Database } from '@server/db/client.js';
import { preparedPerDatabase } from '@server/db/prepared.js';
import { artistLikes, artists, videoLikes, videos } from '@server/db/schema.js';
import { artistJson } from '../artists/artist-json.js';
import { pageInfo, pageWindow, userVideoPageStatement } from '../videos/user-video-pages.js';

/**
 * A page of the artists a user liked, newest like first (video_likes_user_recent_idx's order),
 * and how many in all, written as JSON by the database.
 */
const likedArtistsStatement = preparedPerDatabase((db) =>
  db
    .select({
      json: sql<string>`json_build_object(
        'artists', (
          SELECT coalesce(json_agg(${artistJson('a')} ORDER BY page.created_at DESC, page.artist_id DESC), '[]'::json)
          FROM (
            SELECT l.artist_id, l.created_at FROM artist_likes l
            WHERE l.user_id = ${sql.placeholder('userId')}
            ORDER BY l.created_at DESC, l.artist_id DESC ${pageWindow}
          ) page JOIN artists a ON a.id = page.artist_id),
        'pageInfo', ${pageInfo(sql`SELECT count(*) FROM artist_likes l WHERE l.user_id = ${sql.placeholder('userId')}`)}
      )::text`,
    })
    .from(sql`(SELECT 1) AS one`)
    .prepare('liked_artists_page'),
);

/** The same for videos; private ones only for an administrator (`includePrivate`). */
const likedVideosPage = userVideoPageStatement(
  { table: 'video_likes', time: 'created_at' },
  'liked_videos_page',
);

export interface LikedPage {
  userId: number;
  page: number;
  pageSize: number;
}

/** LikedArtists as JSON text. */
export async function findLikedArtistsJson(db: Database, request: LikedPage): Promise<string> {
  const [row] = await likedArtistsStatement(db).execute({ ...request });
  return row!.json;
}

/** LikedVideos as JSON text. */
export function findLikedVideosJson(
  db: Database,
  request: LikedPage & { includePrivate: boolean },
): Promise<string> {
  return likedVideosPage(db, request);
}

/** What a like or an unlike left: the count after it. */
export interface LikeChange {
  likeCount: number;
}

interface LikeStatement {
  execute: (values: Record<string, unknown>) => Promise<LikeChange[]>;
}

interface LikeStatements {
  add: LikeStatement;
  remove: LikeStatement;
}

/*
 * Likes are set-like: a second like is a no-op (ON CONFLICT DO NOTHING), removing a missing one
 * too. The check, the change and the new count are one statement, so one round trip:
 *
 *   WITH target AS (SELECT id, like_count: the liked row; none when unknown or hidden),
 *        change AS (INSERT ... SELECT FROM target | DELETE ... WHERE id IN (SELECT FROM target))
 *   SELECT like_count ± (rows changed) FROM target
 *
 * No row answered: nothing was written. The count after is the count read before ± the rows
 * changed: the triggers of migration 0001 add the same to like_count, but a statement does not see
 * its triggers' updates. A row deleted between the read and the insert fails the insert's foreign
 * key (23503), which the caller answers like an unknown id.
 *
 * Each statement is prepared (named) once per database: planning it anew on every call cost
 * PostgreSQL about as much CPU as running it.
 */
function countAfter(
  db: Database,
  target: WithSubquery,
  likeCount: SQLWrapper,
  change: WithSubquery,
  sign: '+' | '-',
  name: string,
): LikeStatement {
  return db
    .with(target, change)
    .select({
      likeCount: sql<number>`${likeCount} ${sql.raw(sign)} (SELECT count(*)::int FROM ${change})`,
    })
    .from(target)
    .prepare(name);
}

function prepareVideoLikes(db: Database): LikeStatements {
  const target = db.$with('target').as(
    db
      .select({ id: videos.id, likeCount: videos.likeCount })
      .from(videos)
      .where(
        and(
          eq(videos.id, sql.placeholder('videoId')),
          // A private video does not exist for anyone but administrators.
          or(eq(videos.isPublic, true), sql`${sql.placeholder('includePrivate')}::boolean`),
        ),
      ),
  );
  const added = db.$with('change').as(
    db
      .insert(videoLikes)
      .select((qb) =>
        qb
          .select({
            userId: sql<number>`${sql.placeholder('userId')}::int`.as('user_id'),
            videoId: target.id,
            // INSERT ... SELECT names every column: this is the column's default.
            createdAt: sql<Date>`now()`.as('created_at'),
          })
          .from(target),
      )
      .onConflictDoNothing()
      .returning({ userId: videoLikes.userId }),
  );
  const removed = db.$with('change').as(
    db
      .delete(videoLikes)
      .where(
        and(
          eq(videoLikes.userId, sql.placeholder('userId')),
          inArray(videoLikes.videoId, db.select({ id: target.id }).from(target)),
        ),
      )
      .returning({ userId: videoLikes.userId }),
  );
  return {
    add: countAfter(db, target, target.likeCount, added, '+', 'video_like_add'),
    remove: countAfter(db, target, target.likeCount, removed, '-', 'video_like_remove'),
  };
}

function prepareArtistLikes(db: Database): LikeStatements {
  const target = db.$with('target').as(
    db
      .select({ id: artists.id, likeCount: artists.likeCount })
      .from(artists)
      .where(eq(artists.id, sql.placeholder('artistId'))),
  );
  const added = db.$with('change').as(
    db
      .insert(artistLikes)
      .select((qb) =>
        qb
          .select({
            userId: sql<number>`${sql.placeholder('userId')}::int`.as('user_id'),
            artistId: target.id,
            createdAt: sql<Date>`now()`.as('created_at'),
          })
          .from(target),
      )
      .onConflictDoNothing()
      .returning({ userId: artistLikes.userId }),
  );
  const removed = db.$with('change').as(
    db
      .delete(artistLikes)
      .where(
        and(
          eq(artistLikes.userId, sql.placeholder('userId')),
          inArray(artistLikes.artistId, db.select({ id: target.id }).from(target)),
        ),
      )
      .returning({ userId: artistLikes.userId }),
  );
  return {
    add: countAfter(db, target, target.likeCount, added, '+', 'artist_like_add'),
    remove: countAfter(db, target, target.likeCount, removed, '-', 'artist_like_remove'),
  };
}

const likeStatements = preparedPerDatabase((db) => ({
  videos: prepareVideoLikes(db),
  artists: prepareArtistLikes(db),
}));

/** Likes (`liked`) or unlikes an artist; undefined for an unknown artist (nothing written). */
export async function setArtistLike(
  db: Database,
  userId: number,
  artistId: number,
  liked: boolean,
): Promise<LikeChange | undefined> {
  const statements = likeStatements(db).artists;
  const [row] = await (liked ? statements.add : statements.remove).execute({ userId, artistId });
  return row;
}

/**
 * Likes (`liked`) or unlikes a video; undefined for an unknown video, and for a private one
 * unless `includePrivate` (nothing written).
 */
export async function setVideoLike(
  db: Database,
  userId: number,
  videoId: number,
  liked: boolean,
  includePrivate: boolean,
): Promise<LikeChange | undefined> {
  const statements = likeStatements(db).videos;
  const [row] = await (liked ? statements.add : statements.remove).execute({
    userId,
    videoId,
    includePrivate,
  });
  return row;
}
