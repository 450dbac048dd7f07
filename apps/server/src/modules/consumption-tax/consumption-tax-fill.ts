import {
  type ConsumptionTaxDraftInputs,
  ConsumptionTaxRefusal,
  type ConsumptionTaxSource,
  type ConsumptionTaxSources,
  computeConsumptionTax,
  consumptionTaxDraftInputs,
  JOURNAL_TAX_CATEGORIES,
  type JournalTaxCategory,
  NON_QUALIFIED_DEDUCTIBLE_SHARES,
  TAXABLE_CATEGORIES,
} from '@chobo/core';
import { and, desc, eq, lt, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { consumptionTaxReturns, fiscalYears } from '../../db/schema/index.js';
import type { Tenant } from '../../lib/context.js';
import { sqlRows } from '../accounting/sql-rows.js';

/**
 * 「帳簿から作成」 of the consumption-tax return: the period's journal lines grouped by 税区分 and account, read from
 * their per-day sums kept by the database (journal_tax_daily_sums, ADR 0059) in ONE statement (a taxable line's tax is the 仮受 / 仮払消費税等 line split right after it, so net + tax is the
 * tax-inclusive amount under 税抜経理; under 税込経理 the line is already gross). 積上げ takes the tax booked per
 * transaction (帳簿積上げ: an invoice's or a document's posting books its tax of the rate), the issued invoices'
 * and received documents' own per-rate totals shown beside it; the received documents without a 登録番号 are the
 * 経過措置 purchases (80% / 50% by their date), moved out of the registered purchases. Each figure keeps its sources: the account and 税区分 with the journal query that lists them.
 */

export interface JournalGroup {
  cat: JournalTaxCategory;
  /** The 経過措置 percent of a 適格請求書なし purchase by its line's date (100 for every other 税区分). */
  share: number;
  account_id: number;
  code: string;
  name: string;
  category: string;
  amount: string;
  n: number;
  tax: string;
}

/**
 * The grouped sums of the period's taxable lines, read from journal_tax_daily_sums (kept by statement triggers on
 * journal_lines in the same transaction: migration 0047, ADR 0059): a few thousand day rows instead of every line
 * of the year, the 経過措置 share derived from the day as the line scan derives it from the line's date. Its
 * figures are the line scan's (journalLineScanQuery), row for row: a kept row with n = 0 (left behind when its
 * last line went) adds nothing and makes no group.
 */
export function journalSumsQuery(companyId: number, from: string, to: string) {
  return sql`
    with x as (
      select s.tax_category, ${shareOf(sql`s.tax_category`, sql`s.date`)} as share, s.account_id,
        sum(s.amount) as amount, sum(s.n)::int as n, sum(s.tax) as tax
      from journal_tax_daily_sums s
      where s.company_id = ${companyId} and s.date between ${from} and ${to} and s.n <> 0
      group by 1, 2, 3
    )
    select x.tax_category as cat, x.share, x.account_id, a.code, a.name, a.category,
      x.amount::text as amount, x.n, x.tax::text as tax
    from x join accounts a on a.id = x.account_id and a.company_id = ${companyId}
    order by a.code, x.tax_category, x.share`;
}

/**
 * The same grouped sums from the lines themselves (what the fill ran until ADR 0059; the benchmark's baseline and
 * the tests' recomputation): the tax lines (仮受 / 仮払消費税等, 税区分 対象外) of the period read first by the
 * ledger index into a materialised CTE, hash-joined to the taxable lines on (entry, line_no − 1). Run it with
 * nested loops off (journalLineScan): on tables not analyzed yet the planner took the CTE for a few rows and
 * looped over it for minutes.
 */
export function journalLineScanQuery(companyId: number, from: string, to: string) {
  return sql`
    with tax_accounts as materialized (
      select id from accounts where company_id = ${companyId}
        and system_key in ('received_consumption_tax', 'prepaid_consumption_tax')
    ), t as materialized (
      select entry_id, line_no, credit - debit as amount from journal_lines
      where company_id = ${companyId} and account_id in (select id from tax_accounts)
        and date between ${from} and ${to} and tax_category = 'none'
    ), x as (
      select l.tax_category, ${shareOf(sql`l.tax_category`, sql`l.date`)} as share, l.account_id,
        sum(l.credit - l.debit) as amount, count(*)::int as n, coalesce(sum(t.amount), 0) as tax
      from journal_lines l
      left join t on t.entry_id = l.entry_id and t.line_no = l.line_no + 1
      where l.company_id = ${companyId} and l.date between ${from} and ${to} and l.tax_category <> 'none'
      group by 1, 2, 3
    )
    select x.tax_category as cat, x.share, x.account_id, a.code, a.name, a.category,
      x.amount::text as amount, x.n, x.tax::text as tax
    from x join accounts a on a.id = x.account_id and a.company_id = ${companyId}
    order by a.code, x.tax_category, x.share`;
}

/** The period's grouped sums (journalSumsQuery) for the fill. */
export function journalSums(tenant: Tenant, from: string, to: string) {
  return sqlRows<JournalGroup>(tenant.db, journalSumsQuery(tenant.companyId, from, to));
}

/**
 * journalLineScanQuery with nested loops off (see there), in a transaction of its own (a savepoint when the caller
 * is in one: the setting is put back after the statement, not left to the caller's transaction).
 */
export function journalLineScan(db: DbOrTx, companyId: number, from: string, to: string) {
  return db.transaction(async (tx) => {
    const [was] = await sqlRows<{ v: string }>(
      tx,
      sql`select current_setting('enable_nestloop') as v, set_config('enable_nestloop', 'off', true)`,
    );
    const rows = await sqlRows<JournalGroup>(tx, journalLineScanQuery(companyId, from, to));
    await tx.execute(sql`select set_config('enable_nestloop', ${was?.v ?? 'on'}, true)`);
    return rows;
  });
}

/** The 税区分 of purchases without a 適格請求書 (core TAXABLE_CATEGORIES' nonQualified). */
const NON_QUALIFIED = Object.entries(TAXABLE_CATEGORIES)
  .filter(([, r]) => r?.nonQualified)
  .map(([k]) => k);

/**
 * SQL of a line's 経過措置 percent from core NON_QUALIFIED_DEDUCTIBLE_SHARES (100 until 2023-09-30, 80, 50,
 * then 0) for a 適格請求書なし 税区分, 100 for the others.
 */
function shareOf(category: SQL, date: SQL): SQL {
  const steps = NON_QUALIFIED_DEDUCTIBLE_SHARES.map((r) => sql`when ${date} <= ${r.until} then ${r.percent}`);
  return sql`(case when ${category} in (${sql.join(
    NON_QUALIFIED.map((c) => sql`${c}`),
    sql`, `,
  )}) then (case ${sql.join(steps, sql` `)} else 0 end) else 100 end)::int`;
}

interface DocumentRate {
  kind: 'invoices' | 'documents' | 'unregistered';
  rate: string;
  share: number;
  base: string;
  tax: string;
  n: number;
}

/** The issued invoices' and received documents' per-rate totals of the period (JSON rows `{ tax_category, base, tax }`). */
function documentSumsQuery(companyId: number, from: string, to: string) {
  return sql`
    select 'invoices' as kind, r->>'tax_category' as rate, 100 as share,
      sum((r->>'base')::bigint)::text as base, sum((r->>'tax')::bigint)::text as tax, count(*)::int as n
    from invoices i, jsonb_array_elements(i.by_rate) r
    where i.company_id = ${companyId} and i.status in ('issued', 'sent', 'paid')
      and i.issue_date between ${from} and ${to} and r->>'tax_category' in ('10', '8')
    group by 2
    union all
    select case when d.registration_number is null then 'unregistered' else 'documents' end, r->>'tax_category',
      case when d.registration_number is null then (case when d.transaction_date <= '2026-09-30' then 80 else 50 end) else 100 end,
      sum((r->>'base')::bigint)::text, sum((r->>'tax')::bigint)::text, count(*)::int
    from transaction_documents d, jsonb_array_elements(d.taxes) r
    where d.company_id = ${companyId} and d.deleted_at is null and d.document_type in (4, 5)
      and d.transaction_date between ${from} and ${to} and r->>'tax_category' in ('10', '8')
    group by 1, 2, 3`;
}

/**
 * What each taxable 税区分 is on the return: its rate and the figure it goes to (付表1-3 / 2-3 lines): 課税売上
 * (①②), 売上の返還等 (⑤), 貸倒れ (⑥), 課税仕入れ with its 個別対応 class (付表2-3 ⑨–⑯: 課税売上対応 / 共通対応 /
 * 非課税売上対応; an unmarked one is 共通), 適格請求書なし (経過措置), 仕入の返還等 (付表2-3 ⑩ / ⑫).
 */
type Figure = 'sales' | 'sales_return' | 'bad_debt' | 'purchase' | 'non_qualified' | 'purchase_return';
const FIGURE_OF: Partial<
  Record<JournalTaxCategory, { rate: '10' | '8'; figure: Figure; split?: 'taxable' | 'exempt' }>
> = {
  sales_10: { rate: '10', figure: 'sales' },
  sales_8: { rate: '8', figure: 'sales' },
  sales_ret_10: { rate: '10', figure: 'sales_return' },
  sales_ret_8: { rate: '8', figure: 'sales_return' },
  bad_debt_10: { rate: '10', figure: 'bad_debt' },
  bad_debt_8: { rate: '8', figure: 'bad_debt' },
  purchase_10: { rate: '10', figure: 'purchase' },
  purchase_8: { rate: '8', figure: 'purchase' },
  purchase_10_tx: { rate: '10', figure: 'purchase', split: 'taxable' },
  purchase_8_tx: { rate: '8', figure: 'purchase', split: 'taxable' },
  purchase_10_ex: { rate: '10', figure: 'purchase', split: 'exempt' },
  purchase_8_ex: { rate: '8', figure: 'purchase', split: 'exempt' },
  purchase_nq_10: { rate: '10', figure: 'non_qualified' },
  purchase_nq_8: { rate: '8', figure: 'non_qualified' },
  purchase_ret_10: { rate: '10', figure: 'purchase_return' },
  purchase_ret_8: { rate: '8', figure: 'purchase_return' },
};

const clamp = (p: Record<'10' | '8', { gross: number; invoice_tax: number }>) => ({
  '10': { gross: Math.max(0, p['10'].gross), invoice_tax: Math.max(0, p['10'].invoice_tax) },
  '8': { gross: Math.max(0, p['8'].gross), invoice_tax: Math.max(0, p['8'].invoice_tax) },
});
const clampRates = (p: Record<'10' | '8', number>) => ({ '10': Math.max(0, p['10']), '8': Math.max(0, p['8']) });

export async function fillFromBooks(
  tenant: Tenant,
  period: { from: string; to: string },
  keep: ConsumptionTaxDraftInputs,
): Promise<{ inputs: ConsumptionTaxDraftInputs; sources: ConsumptionTaxSources }> {
  const { from, to } = period;
  const groups = await journalSums(tenant, from, to);
  const docs = await sqlRows<DocumentRate>(tenant.db, documentSumsQuery(tenant.companyId, from, to));
  const sources: ConsumptionTaxSources = {};
  const add = (key: string, s: ConsumptionTaxSource) => {
    if (s.amount === 0 && s.count === 0) return;
    sources[key] = [...(sources[key] ?? []), s];
  };
  const z = () => ({ '10': 0, '8': 0 });
  const gt = () => ({ '10': { gross: 0, invoice_tax: 0 }, '8': { gross: 0, invoice_tax: 0 } });
  const sales = gt();
  const purchases = gt();
  /** 個別対応: 課税売上対応 and 共通対応 (an unmarked 課税仕入), gross and booked tax. */
  const split = { taxable: gt(), common: gt() };
  let marked = false;
  const bookedTax = { sales: z(), purchases: z() };
  const bad_debts = z();
  const sales_returns = z();
  const purchase_returns = z();
  const transitional = { '80': z(), '50': z() };
  let exempt_sales = 0;
  let export_sales = 0;
  for (const g of groups) {
    const credit = Number(g.amount);
    const taxCredit = Number(g.tax);
    /** tax-inclusive: the line and the 仮受 / 仮払 line split after it (debit positive for debits) */
    const grossCredit = credit + taxCredit;
    const label = `${g.name}（${JOURNAL_TAX_CATEGORIES[g.cat] ?? g.cat}）`;
    const journal = (amount: number): ConsumptionTaxSource => ({
      kind: 'journal',
      label,
      amount,
      count: g.n,
      account_code: g.code,
      account_name: g.name,
      tax_category: g.cat,
      tax_label: JOURNAL_TAX_CATEGORIES[g.cat] ?? g.cat,
      query: { account_id: String(g.account_id), tax_category: g.cat, from, to },
    });
    const f = FIGURE_OF[g.cat];
    if (f?.figure === 'sales') {
      sales[f.rate].gross += grossCredit;
      bookedTax.sales[f.rate] += taxCredit;
      add(`sales.${f.rate}.gross`, journal(grossCredit));
    } else if (f?.figure === 'sales_return') {
      sales_returns[f.rate] += -grossCredit;
      add(`sales_returns.${f.rate}`, journal(-grossCredit));
    } else if (f?.figure === 'bad_debt') {
      bad_debts[f.rate] += -grossCredit;
      add(`bad_debts.${f.rate}`, journal(-grossCredit));
    } else if (f?.figure === 'purchase') {
      purchases[f.rate].gross += -grossCredit;
      bookedTax.purchases[f.rate] += -taxCredit;
      if (f.split) marked = true;
      if (f.split !== 'exempt') {
        const into = split[f.split ?? 'common'][f.rate];
        into.gross += -grossCredit;
        into.invoice_tax += -taxCredit;
      }
      add(`purchases.${f.rate}.gross`, journal(-grossCredit));
    } else if (f?.figure === 'non_qualified') {
      // the 経過措置 share of the line's date: 80% to 2026-09-30, 50% to 2029-09-30, none after
      if (g.share === 80 || g.share === 50) {
        const share = String(g.share) as '80' | '50';
        transitional[share][f.rate] += -grossCredit;
        add(`transitional_purchases.${share}.${f.rate}`, journal(-grossCredit));
      } else if (g.share === 100) {
        purchases[f.rate].gross += -grossCredit;
        bookedTax.purchases[f.rate] += -taxCredit;
        add(`purchases.${f.rate}.gross`, journal(-grossCredit));
      }
    } else if (f?.figure === 'purchase_return') {
      purchase_returns[f.rate] += grossCredit;
      add(`purchase_returns.${f.rate}`, journal(grossCredit));
    } else if (g.category === 'revenue' && (g.cat === 'exempt' || g.cat === 'export')) {
      if (g.cat === 'exempt') exempt_sales += credit;
      else export_sales += credit;
      add(g.cat === 'exempt' ? 'exempt_sales' : 'export_sales', journal(credit));
    }
  }
  const docRows = (kind: DocumentRate['kind']) => docs.filter((d) => d.kind === kind);
  const docQuery = (path: string) => ({ from, to, path });
  // 積上げ: the tax booked per sale (帳簿積上げ; a sale from an invoice books the invoice's tax of the rate); the
  // issued 適格請求書' own totals are shown beside it
  for (const rate of ['10', '8'] as const) {
    sales[rate].invoice_tax = bookedTax.sales[rate];
    add(`sales.${rate}.invoice_tax`, {
      kind: 'journal',
      label: `売上ごとに計上した仮受消費税等（${rate}%）`,
      amount: bookedTax.sales[rate],
      count: 0,
      tax_category: `sales_${rate}`,
      query: { tax_category: `sales_${rate}`, from, to },
    });
    const inv = docRows('invoices').find((d) => d.rate === rate);
    // 税込経理 books no tax line: the invoices' tax is the 積上げ figure
    if (inv && bookedTax.sales[rate] === 0) sales[rate].invoice_tax = Number(inv.tax);
    if (inv)
      add(`sales.${rate}.issued_invoices`, {
        kind: 'invoices',
        label: `うち発行した適格請求書（${rate}%）の消費税額等`,
        amount: Number(inv.tax),
        count: inv.n,
        query: docQuery('/company/invoices'),
      });
  }
  // the received documents without a 登録番号 post the 適格請求書なし 税区分 (read above from the journal): listed
  for (const u of docRows('unregistered')) {
    const share = String(u.share) as '80' | '50';
    add(`transitional_purchases.${share}.${u.rate}`, {
      kind: 'documents',
      label: `うち登録番号のない請求書・領収書（${u.rate}%、経過措置${share}%）`,
      amount: Number(u.base) + Number(u.tax),
      count: u.n,
      query: docQuery('/company/transaction-documents'),
    });
  }
  const received = docRows('documents');
  for (const rate of ['10', '8'] as const) {
    purchases[rate].invoice_tax = bookedTax.purchases[rate];
    add(`purchases.${rate}.invoice_tax`, {
      kind: 'journal',
      label: `仕入ごとに計上した仮払消費税等（${rate}%、登録番号のある仕入れ）`,
      amount: bookedTax.purchases[rate],
      count: 0,
      tax_category: `purchase_${rate}`,
      query: { tax_category: `purchase_${rate}`, from, to },
    });
    const doc = received.find((d) => d.rate === rate);
    if (doc && bookedTax.purchases[rate] === 0) purchases[rate].invoice_tax = Number(doc.tax);
    if (doc)
      add(`purchases.${rate}.received_documents`, {
        kind: 'documents',
        label: `うち受け取った適格請求書・領収書（${rate}%）の消費税額等`,
        amount: Number(doc.tax),
        count: doc.n,
        query: docQuery('/company/transaction-documents'),
      });
  }
  return {
    inputs: {
      ...keep,
      // the 事業区分 split is the person's: refilled figures start without it; the 個別対応 split comes from the
      // lines' 課税売上対応 / 非課税売上対応 marks when the books have any (else it is the person's, unset)
      business_types: [],
      purchase_split: marked ? { taxable: clamp(split.taxable), common: clamp(split.common) } : undefined,
      sales: clamp(sales),
      purchases: clamp(purchases),
      sales_returns: clampRates(sales_returns),
      purchase_returns: clampRates(purchase_returns),
      bad_debts: clampRates(bad_debts),
      transitional_purchases: { '80': clampRates(transitional['80']), '50': clampRates(transitional['50']) },
      exempt_sales: Math.max(0, exempt_sales),
      export_sales: Math.max(0, export_sales),
    },
    sources,
  };
}

/**
 * 基準期間の課税売上高 for a return whose draft has none (0 lets the 2割特例 through unrefused): the 課税売上高
 * of the 基準期間 (the fiscal year two before, 法人) computed from its books as 「帳簿から作成」 reads them; when the
 * books do not reach that far, the figure the previous year's return was saved with (the person confirms it).
 * Null when neither is known. (A 基準期間 shorter than 12 months is not annualised here.)
 */
export async function basePeriodTaxableSales(
  tenant: Tenant,
  fy: { start_date: string },
): Promise<{ amount: number; source: ConsumptionTaxSource } | null> {
  const years = await tenant.db
    .select({ id: fiscalYears.id, start_date: fiscalYears.start_date, end_date: fiscalYears.end_date })
    .from(fiscalYears)
    .where(and(eq(fiscalYears.company_id, tenant.companyId), lt(fiscalYears.end_date, fy.start_date)))
    .orderBy(desc(fiscalYears.end_date))
    .limit(2);
  const [previous, base] = years;
  if (base) {
    const keep = consumptionTaxDraftInputs.parse({
      method: 'general',
      sales_calc: 'warimodoshi',
      purchase_calc: 'warimodoshi',
    });
    const period = { from: base.start_date, to: base.end_date };
    const { inputs } = await fillFromBooks(tenant, period, keep);
    try {
      const r = computeConsumptionTax({
        ...inputs,
        apportionment: 'proportional',
        period_start: base.start_date,
        period_end: base.end_date,
      });
      return {
        amount: r.taxable_sales,
        source: {
          kind: 'journal',
          label: `基準期間（${base.start_date}〜${base.end_date}）の課税売上高（帳簿より）`,
          amount: r.taxable_sales,
          count: 0,
          query: period,
        },
      };
    } catch (e) {
      if (!(e instanceof ConsumptionTaxRefusal)) throw e;
    }
  }
  if (!previous) return null;
  const [prior] = await tenant.db
    .select({ inputs: consumptionTaxReturns.inputs })
    .from(consumptionTaxReturns)
    .where(
      and(
        eq(consumptionTaxReturns.company_id, tenant.companyId),
        eq(consumptionTaxReturns.fiscal_year_id, previous.id),
      ),
    );
  const carried = prior ? consumptionTaxDraftInputs.parse(prior.inputs).base_period_taxable_sales : 0;
  if (!carried) return null;
  return {
    amount: carried,
    source: {
      kind: 'journal',
      label: `前年度（${previous.start_date}〜${previous.end_date}）の申告書の基準期間の課税売上高（確認してください）`,
      amount: carried,
      count: 0,
      query: { from: previous.start_date, to: previous.end_date },
    },
  };
}
