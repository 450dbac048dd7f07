import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { HttpError } from './http-errors.js';

/**
 * Refuses a stale edit: `sent` is the updated_at the client read, `current` the row's value read under
 * FOR UPDATE in the same transaction. Compared to the millisecond (what the API hands out).
 */
export function assertFresh(current: Date, sent: string, what: string): void {
  if (new Date(sent).getTime() !== current.getTime()) {
    throw new HttpError(409, `ほかのユーザーがこの${what}を更新しました。画面を再読み込みしてから編集してください`);
  }
}

/**
 * The updated_at a versioned update writes: now(), but at least one millisecond past the version it
 * replaces, so two saves in the same millisecond still hand out different versions (assertFresh compares
 * to the millisecond).
 */
export function nextVersion(column: AnyPgColumn): SQL {
  return sql`greatest(now(), date_trunc('milliseconds', ${column}) + interval '1 millisecond')`;
}
