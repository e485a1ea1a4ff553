import { eq, sql } from 'drizzle-orm';
import {
  importPrivacy,
  SYNC_MINUTES_MAX,
  SYNC_MINUTES_MIN,
  type SyncSettings,
} from '@shared/schemas/channels.js';
import type { Database } from '@server/db/client.js';
import { siteSettings } from '@server/db/schema.js';

const KEY = 'channel-sync';

/** The settings the back-office saved, over the defaults (the interval from YOUTUBE_SYNC_MINUTES). */
export async function readSyncSettings(
  db: Database,
  defaultMinutes: number,
): Promise<SyncSettings> {
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.key, KEY));
  const saved = (row?.value ?? {}) as Partial<Record<keyof SyncSettings, unknown>>;
  const minutes = saved.every_minutes;
  const privacy = importPrivacy.safeParse(saved.import_privacy);
  return {
    // A stored value is checked again: a hand-edited row must not stop the schedule.
    every_minutes:
      typeof minutes === 'number' &&
      Number.isInteger(minutes) &&
      minutes >= SYNC_MINUTES_MIN &&
      minutes <= SYNC_MINUTES_MAX
        ? minutes
        : defaultMinutes,
    import_privacy: privacy.success ? privacy.data : 'youtube',
    publish_at_premiere: saved.publish_at_premiere === true,
  };
}

export async function saveSyncSettings(db: Database, settings: SyncSettings): Promise<void> {
  await db
    .insert(siteSettings)
    .values({ key: KEY, value: settings })
    .onConflictDoUpdate({
      target: siteSettings.key,
      set: { value: settings, updatedAt: sql`now()` },
    });
}
