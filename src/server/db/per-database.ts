import type { Database } from './database';

/**
 * One value per database, made on first use and kept as long as the database is: a query prepared once
 * instead of on every call (Drizzle skips building the SQL, and PostgreSQL, where each pooled connection
 * prepares the name on first use, skips parsing and planning it; its parameters are `sql.placeholder`s
 * filled by `execute({...})`), or a cache of what the database holds.
 */
export function perDatabase<Value>(make: (db: Database) => Value): (db: Database) => Value {
  const values = new WeakMap<Database, Value>();
  return (db) => {
    let value = values.get(db);
    if (!value) {
      value = make(db);
      values.set(db, value);
    }
    return value;
  };
}
