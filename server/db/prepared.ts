/**
 * Prepared statements for the hot queries (every request's session lookup, the registration detail).
 * drizzle's `.prepare()` builds the SQL once, and on postgres.js it names the statement, so PostgreSQL
 * parses and plans it once per connection instead of on every call: measured on this machine, a session
 * lookup costs ~35 µs of PostgreSQL CPU and ~70 µs of Node instead of ~160 and ~300 (docs/quality.md).
 * PGlite runs the same prepared query unnamed, with the same results.
 *
 * A prepared query belongs to the database (or transaction) it was built on, so each is kept per object.
 */
import type { DbOrTx } from './client';

export function preparedPer<T>(build: (db: DbOrTx) => T): (db: DbOrTx) => T {
  const built = new WeakMap<DbOrTx, T>();
  return (db) => {
    let query = built.get(db);
    if (!query) built.set(db, (query = build(db)));
    return query;
  };
}
