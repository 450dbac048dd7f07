import {
  type ConsumptionTaxDraftInputs,
  ConsumptionTaxRefusal,
  type ConsumptionTaxSource,
  type ConsumptionTaxSources,
  computeConsumptionTax,
  consumptionTaxDraftInputs,
  JOURNAL_TAX_CATEGORIES,
  type JournalTaxCategory,
  nonQualifiedDeductiblePercent,
} from '@chobo/core';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { consumptionTaxReturns, fiscalYears } from '../../db/schema/index.js';
import type { Tenant } from '../../lib/context.js';
import { sqlRows } from '../accounting/sql-rows.js';

/**
 * 「帳簿から作成」 of the consumption-tax return: the period's journal lines grouped by 税区分 and account in ONE
 * statement (a taxable line's tax is the 仮受 / 仮払消費税等 line split right after it, so net + tax is the
 * tax-inclusive amount under 税抜経理; under 税込経理 the line is already gross). 積上げ takes the tax booked per
 * transaction (帳簿積上げ: an invoice's or a document's posting books its tax of the rate), the issued invoices'
 * and received documents' own per-rate totals shown beside it; the received documents without a 登録番号 are the
 * 経過措置 purchases (80% / 50% by their date), moved out of the registered purchases. Each figure keeps its sources: the account and 税区分 with the journal query that lists them.
 */

interface JournalGroup {
  cat: JournalTaxCategory;
  account_id: number;
  code: string;
  name: string;
  category: string;
  amount: string;
  n: number;
  tax: string;
}

/**
 * The grouped sums of the period's taxable lines (exported for the benchmark beside its raw SQL). One scan of
 * the period's lines with the next line of the same entry beside each (a window, no join): the plan cannot
 * turn into a nested loop over the tax lines when the tables are not analyzed yet (a join to a CTE of the
 * tax lines ran for minutes on PostgreSQL right after the demo seed).
 */
export function journalSumsQuery(companyId: number, from: string, to: string) {
  return sql`
    with tax_accounts as (
      select id from accounts where company_id = ${companyId}
        and system_key in ('received_consumption_tax', 'prepaid_consumption_tax')
    ), lines as (
      select l.tax_category, l.account_id, l.credit - l.debit as amount,
        lead(l.tax_category) over w as next_category, lead(l.account_id) over w as next_account,
        lead(l.credit - l.debit) over w as next_amount
      from journal_lines l
      where l.company_id = ${companyId} and l.date between ${from} and ${to}
      window w as (partition by l.entry_id order by l.line_no)
    )
    select x.tax_category as cat, x.account_id, a.code, a.name, a.category,
      sum(x.amount)::text as amount, count(*)::int as n,
      coalesce(sum(x.next_amount) filter (
        where x.next_category = 'none' and x.next_account in (select id from tax_accounts)), 0)::text as tax
    from lines x
    join accounts a on a.id = x.account_id and a.company_id = ${companyId}
    where x.tax_category <> 'none'
    group by x.tax_category, x.account_id, a.code, a.name, a.category
    order by a.code, x.tax_category`;
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

const RATE_OF: Partial<Record<JournalTaxCategory, '10' | '8'>> = {
  sales_10: '10',
  sales_8: '8',
  purchase_10: '10',
  purchase_8: '8',
  bad_debt_10: '10',
  bad_debt_8: '8',
};

const clamp = (p: Record<'10' | '8', { gross: number; invoice_tax: number }>) => ({
  '10': { gross: Math.max(0, p['10'].gross), invoice_tax: Math.max(0, p['10'].invoice_tax) },
  '8': { gross: Math.max(0, p['8'].gross), invoice_tax: Math.max(0, p['8'].invoice_tax) },
});

export async function fillFromBooks(
  tenant: Tenant,
  period: { from: string; to: string },
  keep: ConsumptionTaxDraftInputs,
): Promise<{ inputs: ConsumptionTaxDraftInputs; sources: ConsumptionTaxSources }> {
  const { from, to } = period;
  const [groups, docs] = await Promise.all([
    sqlRows<JournalGroup>(tenant.db, journalSumsQuery(tenant.companyId, from, to)),
    sqlRows<DocumentRate>(tenant.db, documentSumsQuery(tenant.companyId, from, to)),
  ]);
  const sources: ConsumptionTaxSources = {};
  const add = (key: string, s: ConsumptionTaxSource) => {
    if (s.amount === 0 && s.count === 0) return;
    sources[key] = [...(sources[key] ?? []), s];
  };
  const z = () => ({ '10': 0, '8': 0 });
  const sales = { '10': { gross: 0, invoice_tax: 0 }, '8': { gross: 0, invoice_tax: 0 } };
  const purchases = { '10': { gross: 0, invoice_tax: 0 }, '8': { gross: 0, invoice_tax: 0 } };
  const bookedTax = { sales: z(), purchases: z() };
  const bad_debts = z();
  let exempt_sales = 0;
  let export_sales = 0;
  for (const g of groups) {
    const credit = Number(g.amount);
    const taxCredit = Number(g.tax);
    const journal = (label: string): ConsumptionTaxSource => ({
      kind: 'journal',
      label,
      amount: 0,
      count: g.n,
      account_code: g.code,
      account_name: g.name,
      tax_category: g.cat,
      tax_label: JOURNAL_TAX_CATEGORIES[g.cat] ?? g.cat,
      query: { account_id: String(g.account_id), tax_category: g.cat, from, to },
    });
    const r = RATE_OF[g.cat];
    if (g.cat === 'sales_10' || g.cat === 'sales_8') {
      const rate = r as '10' | '8';
      sales[rate].gross += credit + taxCredit;
      bookedTax.sales[rate] += taxCredit;
      add(`sales.${rate}.gross`, {
        ...journal(`${g.name}（${JOURNAL_TAX_CATEGORIES[g.cat]}）`),
        amount: credit + taxCredit,
      });
    } else if (g.cat === 'purchase_10' || g.cat === 'purchase_8') {
      const rate = r as '10' | '8';
      purchases[rate].gross += -credit - taxCredit;
      bookedTax.purchases[rate] += -taxCredit;
      add(`purchases.${rate}.gross`, {
        ...journal(`${g.name}（${JOURNAL_TAX_CATEGORIES[g.cat]}）`),
        amount: -credit - taxCredit,
      });
    } else if (g.cat === 'bad_debt_10' || g.cat === 'bad_debt_8') {
      const rate = r as '10' | '8';
      bad_debts[rate] += -credit - taxCredit;
      add(`bad_debts.${rate}`, {
        ...journal(`${g.name}（${JOURNAL_TAX_CATEGORIES[g.cat]}）`),
        amount: -credit - taxCredit,
      });
    } else if (g.category === 'revenue' && (g.cat === 'exempt' || g.cat === 'export')) {
      if (g.cat === 'exempt') exempt_sales += credit;
      else export_sales += credit;
      add(g.cat === 'exempt' ? 'exempt_sales' : 'export_sales', {
        ...journal(`${g.name}（${JOURNAL_TAX_CATEGORIES[g.cat]}）`),
        amount: credit,
      });
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
  // 仕入 積上げ: the tax booked per purchase (帳簿積上げ); the documents without a 登録番号 are 経過措置 purchases
  const received = docRows('documents');
  const unregistered = docRows('unregistered');
  const transitional = { '80': z(), '50': z() };
  for (const u of unregistered) {
    const rate = u.rate as '10' | '8';
    const share = String(u.share) as '80' | '50';
    const gross = Number(u.base) + Number(u.tax);
    transitional[share][rate] += gross;
    // the same purchases are in the journal's 課税仕入 (with the deductible share booked as 仮払): moved here
    purchases[rate].gross = Math.max(0, purchases[rate].gross - gross);
    bookedTax.purchases[rate] = Math.max(
      0,
      bookedTax.purchases[rate] -
        Math.floor((Number(u.tax) * nonQualifiedDeductiblePercent(share === '80' ? '2026-09-30' : '2026-10-01')) / 100),
    );
    add(`transitional_purchases.${share}.${rate}`, {
      kind: 'documents',
      label: `登録番号のない請求書・領収書（${rate}%、経過措置${share}%）`,
      amount: gross,
      count: u.n,
      query: docQuery('/company/transaction-documents'),
    });
  }
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
      // the 事業区分 split and the 個別対応 split are the person's: refilled figures start without them
      business_types: [],
      purchase_split: undefined,
      sales: clamp(sales),
      purchases: clamp(purchases),
      bad_debts: { '10': Math.max(0, bad_debts['10']), '8': Math.max(0, bad_debts['8']) },
      transitional_purchases: transitional,
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
