import { eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { VideoPageData } from '@shared/schemas/public-catalogue.js';
import { queryRows } from '@server/db/query-rows.js';
import { tags, videoTags, videos, videoSuggestions } from '@server/db/schema.js';
import { seedDemoContent } from '@server/setup/demo-seed.js';
import { buildVideo } from '@server/testing/factories.js';
import { referenceVideoPage } from '@server/testing/reference-video-page.js';
import { refreshAllSuggestions } from './suggestions-refresher.js';
import { videoJson } from './video-json.js';
import { findVideoPageJson } from './video-page-query.js';
import { presentVideos, videoColumns } from './video-presenter.js';
import { useTestApp } from '@server/testing/use-test-app.js';

let ids: number[];

const { t } = useTestApp();
beforeAll(async () => {
  await seedDemoContent(t.db, { log: () => undefined, now: new Date('2026-11-01T12:00:00Z') });
  const rows = await t.db.select({ id: videos.id }).from(videos).orderBy(videos.id);
  ids = rows.map((row) => row.id);
});

const page = async (id: number, includePrivate = false) => {
  const found = await findVideoPageJson(t.db, id, { includePrivate });
  return found && (JSON.parse(found.json) as VideoPageData);
};
const reference = (id: number, includePrivate = false) =>
  referenceVideoPage(t.db, id, { includePrivate, viewerId: null });

/** Every demo video's page, as the statement answers it and as the reference does. */
async function everyPage(includePrivate: boolean) {
  const found: unknown[] = [];
  const expected: unknown[] = [];
  for (const id of ids) {
    found.push(await page(id, includePrivate));
    expected.push(await reference(id, includePrivate));
  }
  return { found, expected };
}

describe('the video shape written by the database', () => {
  it('is the presenter’s, for every video of the demo catalogue', async () => {
    const rows = await t.db.select(videoColumns).from(videos).orderBy(videos.id);
    const fromSql = await queryRows<{ video: string }>(
      t.db,
      sql`SELECT ${videoJson('v')}::text AS video FROM videos v ORDER BY v.id`,
    );
    expect(fromSql.map((row) => JSON.parse(row.video) as unknown)).toEqual(
      await presentVideos(t.db, rows, null),
    );
    expect(rows.length).toBeGreaterThan(100);
  });

  it('has the YouTube picture when a video has no thumbnail of its own', async () => {
    const video = await buildVideo(t.db, { thumbnail: '', youtubeId: 'abcdefghijk' });
    const [row] = await queryRows<{ video: string }>(
      t.db,
      sql`SELECT ${videoJson('v')}::text AS video FROM videos v WHERE v.id = ${video.id}`,
    );
    expect(JSON.parse(row!.video)).toMatchObject({
      thumbnail: 'https://i.ytimg.com/vi/abcdefghijk/hqdefault.jpg',
    });
    await t.db.delete(videos).where(eq(videos.id, video.id));
  });
});

// Every page of the catalogue, twice over: slow on a busy machine, so given time.
describe('the video page statement', { timeout: 120_000 }, () => {
  it('answers what the three-query page answered, ranking on the spot before anything is kept', async () => {
    await t.db.delete(videoSuggestions);
    const visitors = await everyPage(false);
    expect(visitors.found).toEqual(visitors.expected);
    const admins = await everyPage(true);
    expect(admins.found).toEqual(admins.expected);
    // Private videos exist in the demo, and are pages for administrators only.
    expect(visitors.found.filter((each) => each === null).length).toBeGreaterThan(0);
    expect(admins.found.every((each) => each !== null)).toBe(true);
  });

  it('answers the same from the kept suggestions, and keeps one list per video', async () => {
    await refreshAllSuggestions(t.db, t.kind);
    const [{ kept }] = (await queryRows<{ kept: number }>(
      t.db,
      sql`SELECT count(*)::int AS kept FROM video_suggestions`,
    )) as [{ kept: number }];
    expect(kept).toBe(ids.length);
    const visitors = await everyPage(false);
    expect(visitors.found).toEqual(visitors.expected);
  });

  it('suggests twelve videos, those sharing the most tags first, never the video itself', async () => {
    const shown = (await page(ids[40]!))!;
    expect(shown.suggestedVideos).toHaveLength(12);
    expect(shown.suggestedVideos.map((video) => video.id)).not.toContain(ids[40]);
    expect(new Set(shown.suggestedVideos.map((video) => video.id)).size).toBe(12);
  });

  it('follows tags, renames, publicity, dates and deletions, kept or not', async () => {
    const [first, second] = await t.db.select().from(tags).orderBy(tags.id).limit(2);
    const subject = ids[10]!;
    const changes: (() => Promise<unknown>)[] = [
      () =>
        t.db.insert(videoTags).values({ videoId: subject, tagId: first!.id }).onConflictDoNothing(),
      () => t.db.update(tags).set({ name: 'Renamed on purpose' }).where(eq(tags.id, first!.id)),
      () => t.db.delete(videoTags).where(eq(videoTags.tagId, second!.id)),
      () =>
        t.db
          .update(videos)
          .set({ isPublic: false })
          .where(inArray(videos.id, ids.slice(0, 30))),
      () =>
        t.db
          .update(videos)
          .set({ publishedAt: new Date('2030-01-01') })
          .where(eq(videos.id, ids[50]!)),
      () => t.db.delete(videos).where(eq(videos.id, ids[60]!)),
    ];
    const sample = [subject, ids[20]!, ids[45]!, ids[50]!, ids[70]!, ids[99]!];
    for (const change of changes) {
      await refreshAllSuggestions(t.db, t.kind);
      await change();
      // Straight after the change (the lists it touched are no longer served)...
      for (const id of sample) expect(await page(id, true)).toEqual(await reference(id, true));
      // ...and once the refresher has ranked them again.
      await refreshAllSuggestions(t.db, t.kind);
      for (const id of sample) expect(await page(id, true)).toEqual(await reference(id, true));
    }
  });
});
