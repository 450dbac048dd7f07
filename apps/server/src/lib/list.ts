import { type PageMeta, pageMeta } from '@chobo/core';
import { type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.js';

export interface PagedListOptions<Row, Item> {
  /** The table counted for `meta.total` (with the same `where` as the page query). */
  from: PgTable;
  where: SQL | undefined;
  /** The page query: already filtered and ordered; apply the given limit and offset. */
  rows: (limit: number, offset: number) => PromiseLike<Row[]>;
  /** Rows → wire items (may query more, e.g. related records). */
  map: (rows: Row[]) => Item[] | Promise<Item[]>;
  /** The total when it is known without counting (e.g. kept per-day counts, ADR 0032); else count(*). */
  total?: () => PromiseLike<number>;
  /** Run the page query and the count one after the other (inside a transaction), not in parallel. */
  sequential?: boolean;
}

/** One page of a list and its count (`count(*)::int` over `from` + `where`): `{ data, meta }`. */
export async function pagedList<Row, Item>(
  db: DbOrTx,
  q: { page: number; per_page: number },
  opts: PagedListOptions<Row, Item>,
): Promise<{ data: Item[]; meta: PageMeta }> {
  const page = () => opts.rows(q.per_page, (q.page - 1) * q.per_page);
  const count = async () =>
    opts.total
      ? [{ total: await opts.total() }]
      : db.select({ total: sql<number>`count(*)::int` }).from(opts.from).where(opts.where);
  let rows: Row[];
  let total: number;
  if (opts.sequential) {
    rows = await page();
    [{ total }] = await count();
  } else {
    [rows, [{ total }]] = await Promise.all([page(), count()]);
  }
  return { data: await opts.map(rows), meta: pageMeta(total, q.page, q.per_page, rows.length) };
}
