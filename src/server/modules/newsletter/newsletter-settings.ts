import { eq, sql } from 'drizzle-orm';
import type { NewsletterSettings } from '@shared/schemas/newsletter.js';
import type { Database } from '@server/db/client.js';
import { siteSettings } from '@server/db/schema.js';

const KEY = 'newsletter';

/** The saved settings over the defaults: automatic mailings are off until turned on. */
export async function readNewsletterSettings(db: Database): Promise<NewsletterSettings> {
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.key, KEY));
  const saved = (row?.value ?? {}) as Partial<Record<keyof NewsletterSettings, unknown>>;
  return { auto_send: saved.auto_send === true };
}

export async function saveNewsletterSettings(
  db: Database,
  settings: NewsletterSettings,
): Promise<void> {
  await db
    .insert(siteSettings)
    .values({ key: KEY, value: settings })
    .onConflictDoUpdate({
      target: siteSettings.key,
      set: { value: settings, updatedAt: sql`now()` },
    });
}
