import type { Db } from './connect.ts';

/**
 * A query of the hot paths built once per database handle instead of on every call: `build`
 * makes it with `sql.placeholder`s and `.prepare(name)` (on PostgreSQL a named statement, parsed
 * once per connection). A transaction handle gets its own, built at its first use.
 */
export function preparedPerDb<Q>(build: (db: Db) => Q): (db: Db) => Q {
  const built = new WeakMap<Db, Q>();
  return (db) => {
    let query = built.get(db);
    if (!query) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}
