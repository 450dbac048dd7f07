import {
  addDays,
  type Dashboard,
  type DashboardMonth,
  fiscalYearContaining,
  monthsOf,
  type NormalSide,
  todayInTokyo,
} from '@chobo/core';
import { and, eq, inArray, isNotNull, isNull, lte, ne, sql } from 'drizzle-orm';
import {
  bankStatementImports,
  invoices,
  ocrDocuments,
  salesTransactions,
  transactionDocuments,
} from '../../db/schema/index.js';
import type { Tenant } from '../../lib/context.js';
import { type AccountRow, loadAccounts } from '../accounting/accounts.queries.js';
import {
  companyYearEndMonth,
  get,
  MOVEMENT_KINDS,
  signed,
  sumByAccount,
  sumByAccountMonth,
} from '../accounting/balances.js';
import { trialBalance } from '../accounting/statements/trial-balance.js';
import { todayAttendance } from '../attendance/attendance.queries.js';
import { readSetupChecklist } from './setup-checklist.js';

type Tile = 'receivables' | 'payables' | 'cash' | 'sales';

/**
 * Which home tile a root account feeds: 売掛金 (its system key), 買掛金 (its system key) and 未払金,
 * 現金及び預金 = the 流動資産 cash and deposit accounts (現金, 普通預金, 当座預金, 定期預金), 売上高 section.
 */
function rootTile(a: AccountRow): Tile | null {
  if (a.system_key === 'accounts_receivable') return 'receivables';
  if (a.system_key === 'accounts_payable') return 'payables';
  if (a.section === 'current_liabilities' && a.name === '未払金') return 'payables';
  if (a.section === 'current_assets' && (a.cash_flow_role === 'cash' || a.cash_flow_role === 'deposits')) return 'cash';
  if (a.section === 'net_sales') return 'sales';
  return null;
}

/** Every account's tile, a sub-account taking its parent's. */
export function tilesOf(accounts: AccountRow[]): Map<number, Tile> {
  const byId = new Map(accounts.map((a) => [a.id, a]));
  const out = new Map<number, Tile>();
  for (const a of accounts) {
    let cur: AccountRow | undefined = a;
    for (let depth = 0; cur && depth < 10; depth++) {
      const t = rootTile(cur);
      if (t) {
        out.set(a.id, t);
        break;
      }
      cur = cur.parent_id ? byId.get(cur.parent_id) : undefined;
    }
  }
  return out;
}

/** The account a tile's link opens (the main one: 売掛金, 買掛金, 普通預金, 売上高). */
function mainAccount(accounts: AccountRow[], tile: Tile): number | null {
  const pick = (f: (a: AccountRow) => boolean) => accounts.find(f)?.id ?? null;
  switch (tile) {
    case 'receivables':
      return pick((a) => a.system_key === 'accounts_receivable');
    case 'payables':
      return pick((a) => a.system_key === 'accounts_payable');
    case 'cash':
      return pick((a) => a.system_key === 'ordinary_deposit') ?? pick((a) => a.system_key === 'cash');
    case 'sales':
      return pick((a) => a.section === 'net_sales' && a.parent_id === null);
  }
}

/** The company home's figures at `asOf` (default: today in Asia/Tokyo), all read through the balance code. */
export async function readDashboard(
  tenant: Tenant,
  asOf: string = todayInTokyo(),
  opts: { attendanceAt?: Date } = {},
): Promise<Dashboard> {
  const endMonth = await companyYearEndMonth(tenant);
  const fy = fiscalYearContaining(asOf, endMonth);
  const period = { from: fy.from, to: asOf };
  const monthStart = `${asOf.slice(0, 7)}-01`;
  const months = monthsOf(`${shiftMonths(asOf, -11)}-01`, asOf);
  const [accounts, tb, thisMonth, byMonth, checks, attendance, setup] = await Promise.all([
    loadAccounts(tenant),
    trialBalance(tenant, period),
    sumByAccount(tenant, { from: monthStart, to: asOf, kinds: MOVEMENT_KINDS }),
    sumByAccountMonth(tenant, { from: months[0]!.from, to: asOf }, MOVEMENT_KINDS),
    readChecks(tenant, asOf),
    opts.attendanceAt ? todayAttendance(tenant, opts.attendanceAt) : undefined,
    readSetupChecklist(tenant),
  ]);
  const tiles = tilesOf(accounts);
  const totals = { receivables: 0, payables: 0, cash: 0 };
  for (const row of tb.rows) {
    const t = tiles.get(row.account_id);
    if (t === 'receivables' || t === 'payables' || t === 'cash') totals[t] += row.closing;
  }
  let salesThisMonth = 0;
  const monthly: DashboardMonth[] = months.map((m) => ({ month: m.month, sales: 0, expenses: 0 }));
  for (const a of accounts) {
    const side = a.normal_side as NormalSide;
    if (tiles.get(a.id) === 'sales') salesThisMonth += signed(get(thisMonth, a.id), side);
    const isSales = a.section === 'net_sales';
    const isExpense = a.category === 'expense';
    if (!isSales && !isExpense) continue;
    monthly.forEach((m, i) => {
      const sums = byMonth.get(m.month);
      if (!sums) return;
      const s = get(sums, a.id);
      if (isSales) monthly[i]!.sales += s.credit - s.debit;
      else monthly[i]!.expenses += s.debit - s.credit;
    });
  }
  return {
    as_of: asOf,
    period: fy,
    sales_this_month: salesThisMonth,
    ...totals,
    accounts: {
      receivables: mainAccount(accounts, 'receivables'),
      payables: mainAccount(accounts, 'payables'),
      cash: mainAccount(accounts, 'cash'),
      sales: mainAccount(accounts, 'sales'),
    },
    monthly,
    checks,
    setup,
    ...(attendance && {
      attendance_today: {
        total: attendance.employees.length,
        clocked_in: attendance.counts.working,
        on_break: attendance.counts.on_break,
        clocked_out: attendance.counts.finished,
        not_clocked_in: attendance.counts.not_started,
      },
    }),
  };
}

/** 'YYYY-MM' of the month `n` months from the date's month. */
function shiftMonths(date: string, n: number): string {
  const y = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7)) - 1 + n;
  const yy = y + Math.floor(m / 12);
  const mm = ((m % 12) + 12) % 12;
  return `${yy}-${String(mm + 1).padStart(2, '0')}`;
}

async function readChecks({ db, companyId }: Tenant, asOf: string): Promise<Dashboard['checks']> {
  const check = sql<number>`count(*)::int`;
  const [[open], [unbilled], [payables], [ocr], [bank]] = await Promise.all([
    // what is still to be paid on them (total − the payments allocated), beside their face value
    db
      .select({
        count: check,
        amount: sql<string>`coalesce(sum(${invoices.total} - ${invoices.paid_amount}), 0)`,
        face: sql<string>`coalesce(sum(${invoices.total}), 0)`,
      })
      .from(invoices)
      .where(
        and(
          eq(invoices.company_id, companyId),
          inArray(invoices.status, ['issued', 'sent']),
          sql`${invoices.total} > ${invoices.paid_amount}`,
        ),
      ),
    db
      .select({ count: check, amount: sql<string>`coalesce(sum(${salesTransactions.total}), 0)` })
      .from(salesTransactions)
      .where(and(eq(salesTransactions.company_id, companyId), eq(salesTransactions.status, 0))),
    db
      .select({ count: check, amount: sql<string>`coalesce(sum(${transactionDocuments.amount}), 0)` })
      .from(transactionDocuments)
      .where(
        and(
          eq(transactionDocuments.company_id, companyId),
          eq(transactionDocuments.status, 0),
          isNull(transactionDocuments.deleted_at),
          // posted on account (a 請求書), not paid in cash on the spot: what payments can still settle
          isNotNull(transactionDocuments.journal_entry_id),
          ne(transactionDocuments.payment_method, 2),
          lte(transactionDocuments.due_date, addDays(asOf, 7)),
        ),
      ),
    db
      .select({
        count: check,
        amount: sql<string>`coalesce(sum(case when ${ocrDocuments.fields} -> 'total' ->> 'value' ~ '^[0-9]{1,12}$'
          then (${ocrDocuments.fields} -> 'total' ->> 'value')::bigint end), 0)`,
      })
      .from(ocrDocuments)
      .where(and(eq(ocrDocuments.company_id, companyId), eq(ocrDocuments.status, 2))),
    // the counts each import keeps (migration 0026, docs/adr/0027); a 'processing' import is not counted
    db
      .select({
        count: sql<number>`coalesce(sum(${bankStatementImports.unconfirmed_rows}), 0)::int`,
        amount: sql<string>`coalesce(sum(${bankStatementImports.unconfirmed_amount}), 0)`,
      })
      .from(bankStatementImports)
      .where(and(eq(bankStatementImports.company_id, companyId), eq(bankStatementImports.status, 'imported'))),
  ]);
  const of = (r: { count: number; amount: string } | undefined) => ({
    count: Number(r?.count ?? 0),
    amount: Number(r?.amount ?? 0),
  });
  return {
    open_invoices: { ...of(open), face_amount: Number(open?.face ?? 0) },
    unbilled_sales: of(unbilled),
    payables_due: of(payables),
    ocr_to_confirm: of(ocr),
    bank_rows_unconfirmed: of(bank),
  };
}
