import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

/** Runs raw SQL on either driver (PGlite or node-postgres) and returns its rows. */
export async function sqlRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}
