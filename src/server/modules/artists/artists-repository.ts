import { and, asc, count, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Database } from '@server/db/client.js';
import { artists, tags, videoTags, videos } from '@server/db/schema.js';
import { likeNeedle } from '@server/lib/search-sql.js';
import { isUniqueViolation } from '@server/db/pg-errors.js';
import { videoColumns, type VideoListRow } from '../videos/video-presenter.js';
import { findArtistsByName } from '../search/artist-names.js';
import type { ArtistRow } from './artist-presenter.js';

export const PHRASE_RESULTS_LIMIT = 50;
export const ARTIST_VIDEOS_LIMIT = 24;

// search_name is the stored search_text(name); the user's side of a comparison goes through
// search_text() too. The indexes are on the column, so no search computes unaccent per artist.
const nameText = artists.searchName;
// "By name" ignores case and accents ('élodie' beside 'Elvis'), whatever the database's collation.
// Sorting on the initial first is the same order, and lets a page walk artists_search_initial_idx.
const byName = [sql`left(${nameText}, 1)`, nameText, asc(artists.name), asc(artists.id)];

/**
 * How close a name's best-matching stretch must be to the text. pg_trgm's default (0.6) misses a
 * dropped letter in a short name ('jonny' scores 0.44 against 'johnny cash'); 0.4 keeps those.
 */
export const ARTIST_TYPO_THRESHOLD = 0.4;

/**
 * Names containing the text (case- and accent-insensitive), or close to it word by word, so a typo
 * ('jonny') still finds Johnny Cash. Both tests use the trigram index on search_name.
 */
export async function searchArtistsByPhrase(db: Database, text: string): Promise<ArtistRow[]> {
  // The <% operator reads its threshold from a setting; set_config(..., true) keeps it to this
  // transaction, so pooled connections are left as they were.
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`SELECT set_config('pg_trgm.word_similarity_threshold', ${String(ARTIST_TYPO_THRESHOLD)}, true)`,
    );
    return findArtistsByName(tx, text, { limit: PHRASE_RESULTS_LIMIT, tieBreak: byName });
  });
}

/** Artists whose name starts with the letter, accents ignored ('É' files under 'e'): an index range. */
export async function listArtistsByLetter(db: Database, letter: string): Promise<ArtistRow[]> {
  return db
    .select()
    .from(artists)
    .where(sql`left(${nameText}, 1) = ${letter.toLowerCase()}`)
    .orderBy(...byName);
}

export async function findArtistById(db: Database, id: number): Promise<ArtistRow | undefined> {
  const [row] = await db.select().from(artists).where(eq(artists.id, id)).limit(1);
  return row;
}

/** The videos carrying the artist's tag, newest first; private ones only for administrators. */
export async function listTagVideos(
  db: Database,
  tagId: number,
  options: { includePrivate: boolean; limit: number },
): Promise<VideoListRow[]> {
  return db
    .select(videoColumns)
    .from(videos)
    .innerJoin(videoTags, and(eq(videoTags.videoId, videos.id), eq(videoTags.tagId, tagId)))
    .where(options.includePrivate ? undefined : eq(videos.isPublic, true))
    .orderBy(desc(videos.publishedAt), desc(videos.id))
    .limit(options.limit);
}

export async function listArtistsPage(
  db: Database,
  filter: { q?: string | undefined; limit: number; offset: number },
): Promise<{ rows: ArtistRow[]; total: number }> {
  const where: SQL | undefined = filter.q
    ? sql`${nameText} LIKE '%' || ${likeNeedle(filter.q)} || '%'`
    : undefined;
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(artists)
      .where(where)
      .orderBy(...byName)
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ n: count() }).from(artists).where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

export interface ArtistInput {
  name: string;
  description: string;
  imageUrl?: string | undefined;
  featured?: boolean | undefined;
}

export type ArtistWriteResult =
  | { ok: true; artist: ArtistRow }
  | { ok: false; reason: 'not-found' | 'artist-name-taken' | 'tag-name-taken' };

type NameOwner = { tagId: number; artistId: number | null };

/**
 * The tag holding this name (tag names are unique case-insensitively, as tags_name_unique says)
 * and the artist owning it, if any; `exceptTagId` leaves out the caller's own tag.
 */
async function findNameOwner(
  db: Database,
  name: string,
  exceptTagId?: number,
): Promise<NameOwner | undefined> {
  const sameName = sql`lower(${tags.name}) = lower(${name})`;
  const [row] = await db
    .select({ tagId: tags.id, artistId: artists.id })
    .from(tags)
    .leftJoin(artists, eq(artists.tagId, tags.id))
    .where(exceptTagId === undefined ? sameName : and(sameName, ne(tags.id, exceptTagId)))
    .limit(1);
  return row;
}

/**
 * Creates the artist and its own tag together. A tag of that name nobody owns (a category made
 * from the editor, say) becomes the artist's, so its videos are the artist's at once.
 */
export async function createArtist(db: Database, input: ArtistInput): Promise<ArtistWriteResult> {
  try {
    return await db.transaction(async (tx) => {
      const owner = await findNameOwner(tx, input.name);
      if (owner && owner.artistId !== null)
        return { ok: false, reason: 'artist-name-taken' } as const;
      let tagId: number;
      if (owner) {
        tagId = owner.tagId;
        await tx.update(tags).set({ name: input.name }).where(eq(tags.id, tagId));
      } else {
        const [tag] = await tx.insert(tags).values({ name: input.name }).returning({ id: tags.id });
        tagId = tag!.id;
      }
      const [artist] = await tx
        .insert(artists)
        .values({
          name: input.name,
          description: input.description,
          imageUrl: input.imageUrl ?? '',
          featured: input.featured ?? false,
          tagId,
        })
        .returning();
      return { ok: true, artist: artist! } as const;
    });
  } catch (error) {
    // A concurrent create of the same name lost the race on tags_name_unique or artists_tag_unique.
    if (isUniqueViolation(error)) return { ok: false, reason: 'artist-name-taken' };
    throw error;
  }
}

/** Saves the artist and renames its tag, unless another tag already has the new name. */
export async function updateArtist(
  db: Database,
  id: number,
  input: ArtistInput,
): Promise<ArtistWriteResult> {
  try {
    return await db.transaction(async (tx) => {
      const current = await findArtistById(tx, id);
      if (!current) return { ok: false, reason: 'not-found' } as const;
      const clash = await findNameOwner(tx, input.name, current.tagId);
      if (clash) {
        const reason = clash.artistId === null ? 'tag-name-taken' : 'artist-name-taken';
        return { ok: false, reason } as const;
      }
      await tx.update(tags).set({ name: input.name }).where(eq(tags.id, current.tagId));
      const [artist] = await tx
        .update(artists)
        .set({
          name: input.name,
          description: input.description,
          ...(input.imageUrl === undefined ? {} : { imageUrl: input.imageUrl }),
          ...(input.featured === undefined ? {} : { featured: input.featured }),
        })
        .where(eq(artists.id, id))
        .returning();
      return { ok: true, artist: artist! } as const;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: 'tag-name-taken' };
    throw error;
  }
}

/** Deletes the artist (its likes go with it); its tag stays, so its videos keep their tag. */
export async function deleteArtist(db: Database, id: number): Promise<boolean> {
  const rows = await db.delete(artists).where(eq(artists.id, id)).returning({ id: artists.id });
  return rows.length > 0;
}
