import { sql, type SQL } from 'drizzle-orm';
import type { Database } from './client.js';
import { preparedPerDatabase } from './prepared.js';
import { sqlAlias } from './sql-alias.js';

/**
 * Rows of a table by id, each as the JSON text a shape's writer (`videoJson`, `artistJson`)
 * makes of it, in the order the ids were asked; an id with no row is left out. One prepared
 * statement (named `name`) whatever the number of ids.
 */
export function jsonById<T>(
  name: string,
  table: 'videos' | 'artists',
  alias: string,
  json: SQL,
): (db: Database, ids: number[]) => Promise<T[]> {
  const a = sqlAlias(alias);
  const statement = preparedPerDatabase((db) =>
    db
      .select({ id: sql<number>`${sql.raw(a)}.id`, json: sql<string>`${json}::text` })
      .from(sql.raw(`${table} ${a}`))
      .where(sql`${sql.raw(a)}.id = ANY(${sql.placeholder('ids')}::int[])`)
      .prepare(name),
  );
  return async (db, ids) => {
    const found = await statement(db).execute({ ids });
    const byId = new Map(found.map((row) => [row.id, row.json]));
    return ids.flatMap((id) => {
      const text = byId.get(id);
      return text === undefined ? [] : [JSON.parse(text) as T];
    });
  };
}
