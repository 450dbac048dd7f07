/** Shared by the benchmarks: bulk-loading a company's journal (triggers off) and rebuilding its balances. */
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.js';
import { generateEntries } from '../src/modules/accounting/journal-generator.js';
import { sqlRows } from '../src/modules/accounting/sql-rows.js';

export const HISTORY = { from: '2025-04-01', to: '2027-03-31' };

/** Bulk-loads about `lines` journal lines for a company (triggers off), then rebuilds its daily balances. */
export async function bulkLoad(database: Database, companyId: number, lines: number, seed: number) {
  const db = database.db;
  const accounts = await sqlRows<{ id: number; code: string }>(
    db,
    sql`select id, code from accounts where company_id = ${companyId}`,
  );
  const ids = new Map(accounts.map((a) => [a.code, Number(a.id)]));
  const entries = generateEntries((c) => ids.get(c) as number, {
    seed,
    from: HISTORY.from,
    to: HISTORY.to,
    count: Math.ceil(lines / 2.6),
  });
  const [{ n: startNo }] = await sqlRows<{ n: number }>(
    db,
    sql`select coalesce(max(number), 0)::int as n from journal_entries where company_id = ${companyId}`,
  );
  let written = 0;
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    const CHUNK = 2000;
    for (let i = 0; i < entries.length && written < lines; i += CHUNK) {
      const chunk = entries.slice(i, i + CHUNK);
      const inserted = await sqlRows<{ id: number }>(
        tx,
        sql`insert into journal_entries (company_id, number, date, description, kind, total)
            values ${sql.join(
              chunk.map(
                (e, k) =>
                  sql`(${companyId}, ${startNo + i + k + 1}, ${e.date}, ${e.description}, 'normal', ${e.lines.reduce((s, l) => s + l.debit, 0)})`,
              ),
              sql`, `,
            )} returning id`,
      );
      const values = chunk.flatMap((e, k) =>
        e.lines.map(
          (l, n) =>
            sql`(${companyId}, ${inserted[k].id}, ${n + 1}, ${e.date}, 'normal', ${l.account_id}, ${l.debit}, ${l.credit})`,
        ),
      );
      written += values.length;
      await tx.execute(
        sql`insert into journal_lines (company_id, entry_id, line_no, date, kind, account_id, debit, credit) values ${sql.join(values, sql`, `)}`,
      );
    }
    await tx.execute(sql`delete from account_daily_balances where company_id = ${companyId}`);
    await tx.execute(sql`insert into account_daily_balances (company_id, account_id, date, kind, debit, credit, line_count)
      select company_id, account_id, date, kind, sum(debit), sum(credit), count(*) from journal_lines where company_id = ${companyId} group by 1, 2, 3, 4`);
    await tx.execute(sql`delete from account_monthly_balances where company_id = ${companyId}`);
    await tx.execute(sql`insert into account_monthly_balances (company_id, account_id, month, kind, debit, credit, line_count)
      select company_id, account_id, date_trunc('month', date)::date, kind, sum(debit), sum(credit), sum(line_count)
      from account_daily_balances where company_id = ${companyId} group by 1, 2, 3, 4`);
    await tx.execute(sql`select journal_tax_daily_sums_rebuild(${companyId}::int)`);
    await tx.execute(sql`delete from journal_daily_counts where company_id = ${companyId}`);
    await tx.execute(sql`insert into journal_daily_counts (company_id, date, entries)
      select company_id, date, count(*) from journal_entries where company_id = ${companyId} group by 1, 2`);
    await tx.execute(sql`delete from journal_monthly_counts where company_id = ${companyId}`);
    await tx.execute(sql`insert into journal_monthly_counts (company_id, month, entries)
      select company_id, date_trunc('month', date)::date, sum(entries) from journal_daily_counts where company_id = ${companyId} group by 1, 2`);
    await tx.execute(sql`insert into journal_counters (company_id, last_number) select ${companyId}, max(number) from journal_entries where company_id = ${companyId}
      on conflict (company_id) do update set last_number = excluded.last_number`);
  });
  return written;
}
