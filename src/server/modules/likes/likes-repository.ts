import {
  and,
  desc,
  eq,
  inArray,
  or,
  sql,
  type SQL,
  type SQLWrapper,
  type WithSubquery,
} from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { preparedPerDatabase } from '../../db/prepared.js';
import { queryRows } from '../../db/query-rows.js';
import { artistLikes, artists, videoLikes, videos } from '../../db/schema.js';
import type { ArtistRow } from '../artists/artist-presenter.js';
import { videoColumns, type VideoListRow } from '../videos/video-presenter.js';

/** The account page shows every like; the cap only keeps one request bounded. */
const LIKED_LIST_LIMIT = 1000;

/** Artists the user liked, newest like first. */
export async function listLikedArtists(db: Database, userId: number): Promise<ArtistRow[]> {
  const rows = await db
    .select({ artist: artists })
    .from(artistLikes)
    .innerJoin(artists, eq(artists.id, artistLikes.artistId))
    .where(eq(artistLikes.userId, userId))
    .orderBy(desc(artistLikes.createdAt), desc(artistLikes.artistId))
    .limit(LIKED_LIST_LIMIT);
  return rows.map((row) => row.artist);
}

/** Videos the user liked, newest like first; private ones only when `includePrivate`. */
export async function listLikedVideos(
  db: Database,
  userId: number,
  includePrivate: boolean,
): Promise<VideoListRow[]> {
  const conditions: SQL[] = [eq(videoLikes.userId, userId)];
  if (!includePrivate) conditions.push(eq(videos.isPublic, true));
  return db
    .select(videoColumns)
    .from(videoLikes)
    .innerJoin(videos, eq(videos.id, videoLikes.videoId))
    .where(and(...conditions))
    .orderBy(desc(videoLikes.createdAt), desc(videoLikes.videoId))
    .limit(LIKED_LIST_LIMIT);
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

/** Every id a user liked, for the viewer cache; null when there are more than `limit`. */
export async function findAllLikedIds(
  db: Database,
  userId: number,
  limit: number,
): Promise<{ videos: number[]; artists: number[] } | null> {
  const rows = await queryRows<{ kind: 'video' | 'artist'; id: number }>(
    db,
    sql`(SELECT 'video' AS kind, video_id AS id FROM video_likes WHERE user_id = ${userId})
        UNION ALL
        (SELECT 'artist', artist_id FROM artist_likes WHERE user_id = ${userId})
        LIMIT ${limit + 1}`,
  );
  if (rows.length > limit) return null;
  const liked = { videos: [] as number[], artists: [] as number[] };
  for (const row of rows) (row.kind === 'video' ? liked.videos : liked.artists).push(row.id);
  return liked;
}
