import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

/** Whether the database answers (GET /api/health): one `select 1`, false on any error. */
export async function databaseAnswers(db: DbOrTx): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
