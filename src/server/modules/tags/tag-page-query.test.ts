import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TagPageData } from '@shared/schemas/public-catalogue.js';
import { tags, videos } from '@server/db/schema.js';
import { seedDemoContent } from '@server/setup/demo-seed.js';
import { referenceTagPage } from '@server/testing/reference-tag-page.js';
import { findTagPageJson } from './tag-page-query.js';
import { useTestApp } from '@server/testing/use-test-app.js';

let tagIds: number[];

const { t } = useTestApp();
beforeAll(async () => {
  await seedDemoContent(t.db, { log: () => undefined, now: new Date('2026-11-01T12:00:00Z') });
  tagIds = (await t.db.select({ id: tags.id }).from(tags).orderBy(tags.id)).map((row) => row.id);
});

const statement = async (request: {
  id: number;
  page: number;
  pageSize: number;
  includePrivate: boolean;
}) => {
  const found = await findTagPageJson(t.db, request);
  return found && { data: JSON.parse(found.json) as TagPageData, videoIds: found.videoIds };
};

describe('the category page statement', { timeout: 120_000 }, () => {
  it('answers what the four-query page answered, for every demo tag, page and audience', async () => {
    let pages = 0;
    for (const id of tagIds) {
      for (const includePrivate of [false, true]) {
        for (const [page, pageSize] of [
          [1, 20],
          [2, 20],
          [3, 5],
          [1, 100],
        ] as const) {
          const request = { id, page, pageSize, includePrivate };
          const found = await statement(request);
          expect(found?.data, JSON.stringify(request)).toEqual(
            await referenceTagPage(t.db, { ...request, viewerId: null }),
          );
          expect(found?.videoIds).toEqual(found?.data.videos.map((video) => video.id));
          pages++;
        }
      }
    }
    expect(pages).toBeGreaterThan(40);
  });

  it('pages every video of a tag exactly once, and counts private ones for administrators only', async () => {
    const id = tagIds[0]!;
    const whole = (await statement({ id, page: 1, pageSize: 100, includePrivate: true }))!;
    const [first] = whole.data.videos;
    await t.db.update(videos).set({ isPublic: false }).where(eq(videos.id, first!.id));
    const seen: number[] = [];
    for (let page = 1; page <= 50; page++) {
      const found = (await statement({ id, page, pageSize: 3, includePrivate: false }))!;
      if (found.data.videos.length === 0) break;
      seen.push(...found.videoIds);
    }
    expect(seen).not.toContain(first!.id);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBe(whole.data.total - 1);
    const publicOnly = (await statement({ id, page: 1, pageSize: 3, includePrivate: false }))!;
    expect(publicOnly.data.total).toBe(whole.data.total - 1);
  });

  it('answers null for an unknown tag', async () => {
    expect(await statement({ id: 999_999, page: 1, pageSize: 20, includePrivate: true })).toBe(
      null,
    );
  });
});
