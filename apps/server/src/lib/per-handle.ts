import type { DbOrTx } from '../db/client.js';

/**
 * What is kept per database handle and name (prepared statements, page caches): the value in `store` for
 * (`db`, `name`), made by `make` the first time. A handle that is gone takes its values with it (WeakMap).
 */
export function perHandle<V>(store: WeakMap<DbOrTx, Map<string, V>>, db: DbOrTx, name: string, make: () => V): V {
  let byName = store.get(db);
  if (!byName) {
    byName = new Map();
    store.set(db, byName);
  }
  let value = byName.get(name);
  if (value === undefined) {
    value = make();
    byName.set(name, value);
  }
  return value;
}
