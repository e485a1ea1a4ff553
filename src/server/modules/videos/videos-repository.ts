import { eq } from 'drizzle-orm';
import type { Database } from '@server/db/client.js';
import { videos } from '@server/db/schema.js';
import { videoColumns, type VideoListRow } from './video-presenter.js';

export async function findVideoById(db: Database, id: number): Promise<VideoListRow | null> {
  const [row] = await db.select(videoColumns).from(videos).where(eq(videos.id, id)).limit(1);
  return row ?? null;
}
