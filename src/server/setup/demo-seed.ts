import { count } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { users, videos } from '../db/schema.js';

export interface DemoAccount {
  role: 'admin' | 'user';
  email: string;
  password: string;
}

/** True before anything was ever stored: no users and no videos. */
export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const [[people], [catalogue]] = await Promise.all([
    db.select({ n: count() }).from(users),
    db.select({ n: count() }).from(videos),
  ]);
  return (people?.n ?? 0) === 0 && (catalogue?.n ?? 0) === 0;
}

export async function seedDemoContent(
  _db: Database,
  _options: { log: (line: string) => void },
): Promise<DemoAccount[]> {
  return [];
}
