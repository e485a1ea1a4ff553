import type { Database } from './client.js';

/**
 * A statement prepared once per database and reused. For the queries every request makes (the
 * session lookup, a viewer's likes, the like toggle), PostgreSQL spent as much CPU planning the
 * statement as running it, and drizzle as much rebuilding its SQL. Names must be unique: a
 * connection prepares each name once, on first use.
 */
export function preparedPerDatabase<T>(prepare: (db: Database) => T): (db: Database) => T {
  const prepared = new WeakMap<Database, T>();
  return (db) => {
    let statement = prepared.get(db);
    if (statement === undefined) {
      statement = prepare(db);
      prepared.set(db, statement);
    }
    return statement;
  };
}
