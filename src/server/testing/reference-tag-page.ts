/** The category page as it was built before it moved into one SQL statement (tag-page-query.ts): kept as the reference the statement is tested against. */
import type { TagPageData } from '@shared/schemas/public-catalogue.js';
import type { Database } from '../db/client.js';
import { presentVideos } from '../modules/videos/video-presenter.js';
import { findTagWithArtist, listTagVideos } from '../modules/tags/tag-page-repository.js';

export interface TagPageRequest {
  id: number;
  page: number;
  pageSize: number;
  /** Administrators see (and count) private videos too. */
  includePrivate: boolean;
  viewerId: number | null;
}

/** One page of the category page, or null for an unknown tag. Four queries. */
export async function referenceTagPage(
  db: Database,
  request: TagPageRequest,
): Promise<TagPageData | null> {
  const tag = await findTagWithArtist(db, request.id);
  if (!tag) return null;
  const { rows, total } = await listTagVideos(db, {
    tagId: tag.id,
    includePrivate: request.includePrivate,
    limit: request.pageSize,
    offset: (request.page - 1) * request.pageSize,
  });
  const videos = await presentVideos(db, rows, request.viewerId);
  return { ...tag, videos, total };
}
