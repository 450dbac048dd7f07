import {
  AGING_BUCKETS,
  type Aging,
  type AgingBucket,
  type AgingBuckets,
  addDays,
  type Collections,
  formatDateJa,
  type OpenItem,
  type Payables,
  todayInTokyo,
} from '@chobo/core';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { accounts, companies, customers } from '../../db/schema/index.js';
import type { Tenant } from '../../lib/context.js';
import { csvLine, csvWriter } from '../../lib/csv.js';
import { get, net, sumByAccount } from '../accounting/balances.js';
import { sqlRows } from '../accounting/sql-rows.js';
import { type ExportTable, toPdf } from '../accounting/statement-files.js';
import { openItemOf, PAYABLE_LABEL } from './payments.queries.js';

const BUCKETS = Object.keys(AGING_BUCKETS) as AgingBucket[];
const zero = (): AgingBuckets => ({ not_due: 0, d1_30: 0, d31_60: 0, d61_90: 0, over_90: 0, total: 0 });

export function bucketOf(daysOverdue: number): AgingBucket {
  if (daysOverdue <= 0) return 'not_due';
  if (daysOverdue <= 30) return 'd1_30';
  if (daysOverdue <= 60) return 'd31_60';
  if (daysOverdue <= 90) return 'd61_90';
  return 'over_90';
}

/**
 * The receivables open at `date`: issued invoices (not void) dated by then and the sales of that date not
 * billed by such an invoice (回収不能 excluded), less the allocations of payments dated by then. Overdue
 * days count from the due date (the document date when there is none).
 */
function openReceivablesSql(companyId: number, date: string, customerId?: number) {
  const cust = customerId !== undefined ? sql`and x.customer_id = ${customerId}` : sql``;
  return sql`
    with alloc as (
      select a.invoice_id, a.transaction_id, sum(a.amount) as amount
      from payment_allocations a join payments p on p.id = a.payment_id
      where a.company_id = ${companyId} and p.date <= ${date} and a.transaction_document_id is null
      group by a.invoice_id, a.transaction_id
    ), docs as (
      select 'invoice' as kind, x.id, x.customer_id, '請求書 No.' || x.number as label, x.issue_date as date,
             x.due_date, x.total, x.total - coalesce(al.amount, 0) as remaining
      from invoices x left join alloc al on al.invoice_id = x.id
      where x.company_id = ${companyId} and x.status in ('issued', 'sent', 'paid') and x.issue_date <= ${date} ${cust}
      union all
      select 'transaction', x.id, x.customer_id, '受注取引 No.' || x.number || ' ' || x.subject, x.transaction_date,
             x.due_date, x.total, x.total - coalesce(al.amount, 0)
      from sales_transactions x left join alloc al on al.transaction_id = x.id
      where x.company_id = ${companyId} and x.status <> 3 and x.transaction_date <= ${date} and x.total > 0 ${cust}
        and not exists (select 1 from invoice_transactions it join invoices i on i.id = it.invoice_id
                        where it.transaction_id = x.id and i.status in ('issued', 'sent', 'paid')
                          and i.issue_date <= ${date})
    )`;
}

async function ledgerReceivable(tenant: Tenant, date: string): Promise<number> {
  const [acc] = await tenant.db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.company_id, tenant.companyId), eq(accounts.system_key, 'accounts_receivable')));
  if (!acc) return 0;
  return net(get(await sumByAccount(tenant, { to: date }), acc.id));
}

/** The aging bucket of a due date `due` at `date`, as date bounds computed once (no date arithmetic per row). */
function bucketCase(date: string, due: SQL) {
  return sql`case when ${due} >= ${date} then 'not_due' when ${due} >= ${addDays(date, -30)} then 'd1_30'
    when ${due} >= ${addDays(date, -60)} then 'd31_60' when ${due} >= ${addDays(date, -90)} then 'd61_90' else 'over_90' end`;
}

/**
 * 売掛金年齢表 at `date`: per customer the five buckets; with customer_id its documents too. Read from the
 * documents' maintained open amount (total − paid_amount, kept by the allocation rows): the open invoices'
 * sums per customer and due date (invoice_open_sums, kept by a trigger) less those issued after `date`, the
 * open sales not billed by an invoice issued by `date` (sales_transactions_open_idx), plus what payments
 * dated after `date` settled on documents of that date (open then, maybe settled since; none at today).
 */
export async function agingReport(tenant: Tenant, q: { date?: string; customer_id?: number }): Promise<Aging> {
  const date = q.date ?? todayInTokyo();
  const c = tenant.companyId;
  const cust = (col: SQL) => (q.customer_id !== undefined ? sql`and ${col} = ${q.customer_id}` : sql``);
  const unbilled = (
    alias: string,
  ) => sql`not exists (select 1 from invoice_transactions it join invoices i on i.id = it.invoice_id
      where it.transaction_id = ${sql.raw(alias)}.id and i.status in ('issued', 'sent', 'paid') and i.issue_date <= ${date})`;
  const bucket = (due: SQL) => bucketCase(date, due);
  type Sums = { customer_id: number; bucket: AgingBucket; n: number; amount: string };
  const sums = await sqlRows<Sums>(
    tenant.db,
    sql`select customer_id, bucket, sum(n)::int as n, sum(amount)::bigint as amount from (
      select customer_id, ${bucket(sql`due_date`)} as bucket, sum(n) as n, sum(amount) as amount
      from invoice_open_sums where company_id = ${c} ${cust(sql`customer_id`)}
      group by 1, 2
      union all
      select customer_id, ${bucket(sql`coalesce(due_date, issue_date)`)}, -count(*), -sum(total - paid_amount)
      from invoices
      where company_id = ${c} and status in ('issued', 'sent') and total > paid_amount and issue_date > ${date}
        ${cust(sql`customer_id`)}
      group by 1, 2
      union all
      select customer_id, ${bucket(sql`coalesce(due_date, transaction_date)`)}, count(*), sum(total - paid_amount)
      from sales_transactions x
      where company_id = ${c} and status <> 3 and total > paid_amount and transaction_date <= ${date}
        ${cust(sql`customer_id`)} and ${unbilled('x')}
      group by 1, 2
      union all
      select customer_id, ${bucket(sql`due`)}, count(*) filter (where not counted), sum(amount) from (
        select x.customer_id, coalesce(x.due_date, x.issue_date) as due, sum(a.amount) as amount,
               bool_or(x.status in ('issued', 'sent') and x.total > x.paid_amount) as counted
        from payments p join payment_allocations a on a.payment_id = p.id join invoices x on x.id = a.invoice_id
        where p.company_id = ${c} and p.date > ${date} and x.issue_date <= ${date}
          and x.status in ('issued', 'sent', 'paid') ${cust(sql`x.customer_id`)}
        group by x.id
        union all
        select x.customer_id, coalesce(x.due_date, x.transaction_date), sum(a.amount),
               bool_or(x.total > x.paid_amount)
        from payments p join payment_allocations a on a.payment_id = p.id
          join sales_transactions x on x.id = a.transaction_id
        where p.company_id = ${c} and p.date > ${date} and x.status <> 3 and x.transaction_date <= ${date}
          ${cust(sql`x.customer_id`)} and ${unbilled('x')}
        group by x.id
      ) later group by 1, 2

    ) s group by 1, 2`,
  );
  const by = new Map<number, AgingBuckets & { count: number }>();
  const row = (id: number) => {
    let r = by.get(Number(id));
    if (!r) {
      r = { ...zero(), count: 0 };
      by.set(Number(id), r);
    }
    return r;
  };
  for (const t of sums) {
    const r = row(t.customer_id);
    r[t.bucket] += Number(t.amount);
    r.total += Number(t.amount);
    r.count += Number(t.n);
  }
  const ids = [...by.entries()].filter(([, r]) => r.count > 0 || r.total !== 0).map(([id]) => id);
  const names = ids.length
    ? await tenant.db
        .select({ id: customers.id, name: customers.name })
        .from(customers)
        .where(and(eq(customers.company_id, c), inArray(customers.id, ids)))
    : [];
  const nameOf = new Map(names.map((n) => [n.id, n.name]));
  const out = ids
    .map((id) => ({
      customer_id: id,
      customer_name: nameOf.get(id) ?? '',
      ...(by.get(id) as AgingBuckets & { count: number }),
    }))
    .sort((a, b) => b.total - a.total || a.customer_id - b.customer_id);
  const totals = zero();
  for (const r of out) for (const k of [...BUCKETS, 'total'] as const) totals[k] += r[k];
  const base = openReceivablesSql(c, date, q.customer_id);
  const days = sql`(${date}::date - coalesce(d.due_date, d.date))`;
  let documents: Aging['documents'] = [];
  if (q.customer_id !== undefined) {
    const docs = await sqlRows<Record<string, string | number | null>>(
      tenant.db,
      sql`${base}
      select d.*, c.name as customer_name, (${days})::int as days_overdue
      from docs d join customers c on c.id = d.customer_id
      where d.remaining <> 0 order by coalesce(d.due_date, d.date), d.date, d.id`,
    );
    documents = docs.map((r) => ({
      kind: r.kind as OpenItem['kind'],
      id: Number(r.id),
      customer_id: Number(r.customer_id),
      customer_name: String(r.customer_name),
      label: String(r.label).slice(0, 200),
      date: String(r.date),
      due_date: r.due_date === null ? null : String(r.due_date),
      total: Number(r.total),
      remaining: Number(r.remaining),
      days_overdue: Number(r.days_overdue),
      bucket: bucketOf(Number(r.days_overdue)),
    }));
  }
  const ledger = q.customer_id === undefined ? await ledgerReceivable(tenant, date) : totals.total;
  return { date, rows: out, totals, ledger_balance: ledger, difference: ledger - totals.total, documents };
}

const monthsBetween = (from: string, to: string) => {
  const out: string[] = [];
  let [y, m] = from.slice(0, 7).split('-').map(Number);
  const end = to.slice(0, 7);
  for (;;) {
    const key = `${y}-${String(m).padStart(2, '0')}`;
    if (key > end || out.length > 120) break;
    out.push(key);
    m++;
    if (m > 12) {
      m = 1;
      y++;
    }
  }
  return out;
};

/** 回収実績: per month the invoiced (live invoices issued, plus unbilled sales) and the collected (入金). */
export async function collectionsReport(tenant: Tenant, q: { from?: string; to?: string }): Promise<Collections> {
  const to = q.to ?? todayInTokyo();
  const from = q.from ?? `${addDays(to, -335).slice(0, 7)}-01`;
  const c = tenant.companyId;
  const rows = await sqlRows<{ month: string; invoiced: string; collected: string; fees: string }>(
    tenant.db,
    sql`
    select month, sum(invoiced)::bigint as invoiced, sum(collected)::bigint as collected, sum(fees)::bigint as fees from (
      select to_char(issue_date, 'YYYY-MM') as month, total as invoiced, 0 as collected, 0 as fees
      from invoices where company_id = ${c} and status in ('issued', 'sent', 'paid') and issue_date between ${from} and ${to}
      union all
      select to_char(transaction_date, 'YYYY-MM'), total, 0, 0 from sales_transactions x
      where x.company_id = ${c} and x.transaction_date between ${from} and ${to}
        and not exists (select 1 from invoice_transactions it join invoices i on i.id = it.invoice_id
                        where it.transaction_id = x.id and i.status in ('issued', 'sent', 'paid'))
      union all
      select to_char(date, 'YYYY-MM'), 0, settled, case when fee_bearer = 'us' then fee else 0 end from payments
      where company_id = ${c} and direction = 'in' and date between ${from} and ${to}
    ) s group by month`,
  );
  const byMonth = new Map(rows.map((r) => [r.month, r]));
  const months = monthsBetween(from, to).map((month) => {
    const r = byMonth.get(month);
    return {
      month,
      invoiced: Number(r?.invoiced ?? 0),
      collected: Number(r?.collected ?? 0),
      fees: Number(r?.fees ?? 0),
    };
  });
  const totals = months.reduce(
    (s, m) => ({ invoiced: s.invoiced + m.invoiced, collected: s.collected + m.collected, fees: s.fees + m.fees }),
    { invoiced: 0, collected: 0, fees: 0 },
  );
  return { from, to, months, totals };
}

/** Monday of the ISO week containing `date`. */
function weekStart(date: string) {
  const d = new Date(`${date}T00:00:00Z`);
  const dow = (d.getUTCDay() + 6) % 7;
  return addDays(date, -dow);
}

/**
 * The payables open at `date` — what 買掛金 + 未払金 hold that day: the posted 発注取引 (請求書・領収書 not paid
 * in cash, not deleted) dated by then, less the allocations of payments dated by then.
 */
async function openPayablesAt(tenant: Tenant, date: string): Promise<OpenItem[]> {
  const c = tenant.companyId;
  const rows = await sqlRows<Record<string, unknown>>(
    tenant.db,
    sql`with alloc as (
      select a.transaction_document_id as id, sum(a.amount) as amount
      from payment_allocations a join payments p on p.id = a.payment_id
      where a.company_id = ${c} and p.company_id = ${c} and p.date <= ${date} and a.transaction_document_id is not null
      group by 1
    )
    select * from (
      select 'transaction_document' as kind, x.id, x.customer_id, cu.name as customer_name,
             ${PAYABLE_LABEL} as label,
             x.transaction_date as date, x.due_date, x.amount as total, x.amount - coalesce(al.amount, 0) as remaining
      from transaction_documents x join customers cu on cu.id = x.customer_id left join alloc al on al.id = x.id
      where x.company_id = ${c} and x.deleted_at is null and x.journal_entry_id is not null
        and x.payment_method <> 2 and x.transaction_date <= ${date}
    ) o where remaining > 0 order by coalesce(due_date, date), date, id`,
  );
  return rows.map(openItemOf);
}

/**
 * 支払予定表 at `date`: the payables open that day (its total equals 買掛金 + 未払金 on that date) grouped
 * by due week or month; those due before `date` first as 期日超過, those without a 支払期日 last as 期日未設定.
 */
export async function payablesReport(tenant: Tenant, q: { date?: string; group: 'week' | 'month' }): Promise<Payables> {
  const date = q.date ?? todayInTokyo();
  const items = await openPayablesAt(tenant, date);
  const groups = new Map<string, Payables['groups'][number]>();
  for (const it of items) {
    const due = it.due_date;
    let key: string;
    let label: string;
    if (due === null) {
      key = 'none';
      label = '期日未設定';
    } else if (due < date) {
      key = '0000-overdue';
      label = '期日超過';
    } else if (q.group === 'week') {
      key = weekStart(due);
      label = `${formatDateJa(key)}〜${formatDateJa(addDays(key, 6))}`;
    } else {
      key = due.slice(0, 7);
      label = `${Number(key.slice(0, 4))}年${Number(key.slice(5, 7))}月`;
    }
    const g = groups.get(key) ?? { key, label, total: 0, items: [] };
    g.total += it.remaining;
    g.items.push(it);
    groups.set(key, g);
  }
  // '0000-overdue' < dates < 'none'
  const list = [...groups.values()].sort((a, b) => a.key.localeCompare(b.key));
  return { date, group: q.group, groups: list, total: list.reduce((s, g) => s + g.total, 0) };
}

/* ---------------------------------------------------------------- files */

export async function companyName(tenant: Tenant) {
  const [c] = await tenant.db
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, tenant.companyId));
  return c?.name ?? '';
}

export function agingTable(r: Aging, company: string): ExportTable {
  const headers = ['取引先', ...Object.values(AGING_BUCKETS), '合計'];
  const rows: ExportTable['rows'] = r.rows.map((x) => ({
    cells: [x.customer_name, x.not_due, x.d1_30, x.d31_60, x.d61_90, x.over_90, x.total],
  }));
  rows.push({
    cells: [
      '合計',
      r.totals.not_due,
      r.totals.d1_30,
      r.totals.d31_60,
      r.totals.d61_90,
      r.totals.over_90,
      r.totals.total,
    ],
    bold: true,
  });
  if (r.documents.length === 0) {
    rows.push({ cells: ['売掛金（帳簿残高）', null, null, null, null, null, r.ledger_balance] });
    rows.push({ cells: ['差額（書類のない期首残高など）', null, null, null, null, null, r.difference] });
  }
  for (const d of r.documents) {
    const cells: (string | number | null)[] = [
      `${d.label}（期日 ${d.due_date ?? d.date}）`,
      null,
      null,
      null,
      null,
      null,
      d.remaining,
    ];
    cells[1 + BUCKETS.indexOf(d.bucket)] = d.remaining;
    rows.push({ cells, level: 1 });
  }
  return {
    title: '売掛金年齢表',
    subtitle: `${company}　${formatDateJa(r.date)}現在　（単位：円）`,
    headers,
    numeric: [false, true, true, true, true, true, true],
    widths: [3, 1.2, 1.2, 1.2, 1.2, 1.2, 1.3],
    rows,
  };
}

export function collectionsTable(r: Collections, company: string): ExportTable {
  return {
    title: '回収実績（月別）',
    subtitle: `${company}　${formatDateJa(r.from)}〜${formatDateJa(r.to)}　（単位：円）`,
    headers: ['月', '請求額', '回収額', '差額', '振込手数料（当方負担）'],
    numeric: [false, true, true, true, true],
    widths: [1.2, 1.5, 1.5, 1.5, 1.5],
    rows: [
      ...r.months.map((m) => ({
        cells: [
          `${Number(m.month.slice(0, 4))}年${Number(m.month.slice(5))}月`,
          m.invoiced,
          m.collected,
          m.invoiced - m.collected,
          m.fees,
        ],
      })),
      {
        cells: ['合計', r.totals.invoiced, r.totals.collected, r.totals.invoiced - r.totals.collected, r.totals.fees],
        bold: true,
      },
    ],
  };
}

export function payablesTable(r: Payables, company: string): ExportTable {
  const rows: ExportTable['rows'] = [];
  for (const g of r.groups) {
    rows.push({ cells: [g.label, null, null, null, g.total], bold: true });
    for (const it of g.items)
      rows.push({ cells: [it.customer_name, it.label, it.due_date ?? '', it.total, it.remaining], level: 1 });
  }
  rows.push({ cells: ['合計', null, null, null, r.total], bold: true });
  return {
    title: '支払予定表',
    subtitle: `${company}　${formatDateJa(r.date)}現在　（単位：円）`,
    headers: ['支払先', '書類', '支払期日', '金額', '未払額'],
    numeric: [false, false, false, true, true],
    widths: [2.2, 2.6, 1.2, 1.2, 1.2],
    rows,
  };
}

/** The table as CSV: UTF-8 with BOM or Shift_JIS, CRLF. */
export function tableCsv(t: ExportTable, encoding: 'utf8' | 'sjis'): Buffer {
  const w = csvWriter(encoding);
  let text = csvLine([t.title], w.eol) + csvLine([t.subtitle], w.eol) + csvLine(t.headers, w.eol);
  for (const r of t.rows)
    text += csvLine(
      r.cells.map((c, i) => (i === 0 && r.level ? `${'　'.repeat(r.level)}${c}` : c)),
      w.eol,
    );
  return Buffer.concat([w.bom, w.encode(text)]);
}

export const tablePdf = toPdf;
