import type { Database } from './database';

/**
 * A hot query built and prepared once per database instead of on every call: Drizzle skips building
 * the SQL, and PostgreSQL (each pooled connection prepares the name on first use) skips parsing and
 * planning it. Parameters are `sql.placeholder(...)`s filled by `execute({...})`.
 */
export function preparedPerDatabase<Query>(build: (db: Database) => Query): (db: Database) => Query {
  const prepared = new WeakMap<Database, Query>();
  return (db) => {
    let query = prepared.get(db);
    if (!query) {
      query = build(db);
      prepared.set(db, query);
    }
    return query;
  };
}
