import {
  type ConsumptionTaxDraftInputs,
  type ConsumptionTaxElection,
  type ConsumptionTaxInputs,
  ConsumptionTaxRefusal,
  type ConsumptionTaxResult,
  type ConsumptionTaxReturn,
  type ConsumptionTaxSettings,
  type ConsumptionTaxSources,
  compareMethods,
  computeConsumptionTax,
  consumptionTaxDraftInputs,
  formatDateJa,
} from '@chobo/core';
import { and, eq, sql } from 'drizzle-orm';
import { accounts, consumptionTaxReturns, consumptionTaxSettings } from '../../db/schema/index.js';
import type { Tenant } from '../../lib/context.js';
import { unprocessable } from '../../lib/http-errors.js';
import { sqlRows } from '../accounting/sql-rows.js';
import { fiscalYearOfReturn } from '../tax-returns/fiscal-year-return.js';
import type { FiscalYearRow } from '../tax-returns/tax-returns.queries.js';
import { basePeriodTaxableSales } from './consumption-tax-fill.js';

export { findFiscalYear } from '../tax-returns/tax-returns.queries.js';
export type ConsumptionTaxRow = typeof consumptionTaxReturns.$inferSelect;

/**
 * The computation, a refusal turned into the 422 of the field it names (Japanese reason). `election` (the
 * company's settings) adds the 簡易課税 election's refusals; the compute call goes without it (pure).
 */
export function computeOr422(input: ConsumptionTaxInputs, election?: ConsumptionTaxElection): ConsumptionTaxResult {
  try {
    return computeConsumptionTax(input, election);
  } catch (e) {
    if (e instanceof ConsumptionTaxRefusal) throw unprocessable({ [e.path]: [e.message] }, e.message);
    throw e;
  }
}

/** The company's settings (一般課税, 割戻し / 積上げ until saved). */
export async function loadConsumptionTaxSettings(tenant: Tenant): Promise<ConsumptionTaxSettings> {
  const [row] = await tenant.db
    .select()
    .from(consumptionTaxSettings)
    .where(eq(consumptionTaxSettings.company_id, tenant.companyId));
  if (!row)
    return {
      method: 'general',
      main_business_type: null,
      sales_calc: 'warimodoshi',
      purchase_calc: 'tsumiage',
      apportionment: null,
      base_period_taxable_sales: null,
      interim_national: 0,
      interim_local: 0,
      is_default: true,
      updated_at: null,
    };
  return {
    method: row.method as ConsumptionTaxSettings['method'],
    main_business_type: row.main_business_type,
    sales_calc: row.sales_calc as ConsumptionTaxSettings['sales_calc'],
    purchase_calc: row.purchase_calc as ConsumptionTaxSettings['purchase_calc'],
    apportionment: row.apportionment as ConsumptionTaxSettings['apportionment'],
    base_period_taxable_sales: row.base_period_taxable_sales,
    interim_national: row.interim_national,
    interim_local: row.interim_local,
    is_default: false,
    updated_at: row.updated_at.toISOString(),
  };
}

/** The settings' 簡易課税 election, as the computation applies it. */
export const electionOf = (s: ConsumptionTaxSettings): ConsumptionTaxElection => ({
  simplified_elected: s.method === 'simplified',
});

/**
 * The draft inputs a new return starts from: the settings (方式, 計算方法, 基準期間の課税売上高 when given, the
 * 中間納付), every figure of the books 0.
 */
export function defaultInputs(s: ConsumptionTaxSettings): ConsumptionTaxDraftInputs {
  return consumptionTaxDraftInputs.parse({
    method: s.method,
    sales_calc: s.sales_calc,
    purchase_calc: s.purchase_calc,
    base_period_taxable_sales: s.base_period_taxable_sales ?? 0,
    interim_national: s.interim_national,
    interim_local: s.interim_local,
    ...(s.main_business_type ? { main_business_type: s.main_business_type } : {}),
    ...(s.apportionment ? { apportionment: s.apportionment } : {}),
  });
}

/** The saved draft of a fiscal year, or null. `lock` takes the row FOR UPDATE. */
export async function findConsumptionTaxReturn(tenant: Tenant, fiscalYearId: number, lock = false) {
  const q = tenant.db
    .select()
    .from(consumptionTaxReturns)
    .where(
      and(
        eq(consumptionTaxReturns.company_id, tenant.companyId),
        eq(consumptionTaxReturns.fiscal_year_id, fiscalYearId),
      ),
    );
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

/**
 * The period's settlement entries: the entries with a line on 未払消費税等 and a line on 仮受 / 仮払消費税等 (the
 * one posted from the return, or one booked by hand — ordinary sales, purchases and 中間納付 never touch both),
 * each with its 仮受 debit, 仮払 credit, 未払 credit and the rest (雑収入 / 雑損失) as the rounding.
 */
async function settlementEntries(tenant: Tenant, fy: FiscalYearRow) {
  const c = tenant.companyId;
  return sqlRows<{ entry_id: number; received: string; prepaid: string; payable: string }>(
    tenant.db,
    sql`with k as (select id, system_key from ${accounts} where company_id = ${c}
        and system_key in ('received_consumption_tax', 'prepaid_consumption_tax', 'consumption_tax_payable')),
      -- the few entries with a line on 未払消費税等 (by the ledger index), not every 仮受 / 仮払 line of the year
      e as materialized (select distinct p.entry_id from journal_lines p
        where p.company_id = ${c} and p.account_id in (select id from k where system_key = 'consumption_tax_payable')
          and p.date between ${fy.start_date} and ${fy.end_date})
      select l.entry_id::int as entry_id,
        coalesce(sum(case when k.system_key = 'received_consumption_tax' then l.debit - l.credit end), 0)::text as received,
        coalesce(sum(case when k.system_key = 'prepaid_consumption_tax' then l.credit - l.debit end), 0)::text as prepaid,
        coalesce(sum(case when k.system_key = 'consumption_tax_payable' then l.credit - l.debit end), 0)::text as payable
      from journal_lines l join k on k.id = l.account_id
      -- their lines by the entry index (as an array: a semi-join took every 仮受 / 仮払 line of the year by the
      -- ledger index, 111,679 lines at 1M for 2,001 entries — docs/benchmarks.md, ADR 0059)
      where l.entry_id = any(array(select entry_id from e)) and l.company_id = ${c}
        and l.date between ${fy.start_date} and ${fy.end_date}
      group by l.entry_id
      having bool_or(k.system_key = 'consumption_tax_payable')
        and bool_or(k.system_key in ('received_consumption_tax', 'prepaid_consumption_tax'))
      order by l.entry_id`,
  );
}

/**
 * The period's movement of 仮受消費税等 (credit) and 仮払消費税等 (debit), read from the daily balances (期首残高
 * excluded) less the settlement entries (they close these accounts), and the settlement already posted, if any
 * (the return's own entry first): its figures are what the entry booked, not a new proposal.
 */
export async function taxAccountBalances(tenant: Tenant, fy: FiscalYearRow, settlementEntryId: number | null = null) {
  const c = tenant.companyId;
  const ids = sql`(select ${accounts.id} from ${accounts} where ${accounts.company_id} = ${c} and ${accounts.system_key} = `;
  const [row] = await sqlRows<{ received: string; prepaid: string }>(
    tenant.db,
    sql`with ids as (select ${ids}'received_consumption_tax') as r, ${ids}'prepaid_consumption_tax') as p)
      select coalesce(sum(case when account_id = (select r from ids) then credit - debit end), 0)::text as received,
        coalesce(sum(case when account_id = (select p from ids) then debit - credit end), 0)::text as prepaid
      from account_daily_balances b
      where b.company_id = ${c} and b.account_id in ((select r from ids), (select p from ids))
        and b.date between ${fy.start_date} and ${fy.end_date} and b.kind <> 'opening'`,
  );
  const settled = await settlementEntries(tenant, fy);
  const closed = settled.reduce(
    (a, e) => ({ received: a.received + Number(e.received), prepaid: a.prepaid + Number(e.prepaid) }),
    { received: 0, prepaid: 0 },
  );
  const own = settled.find((e) => e.entry_id === settlementEntryId) ?? settled[0];
  return {
    output_balance: Number(row?.received ?? 0) + closed.received,
    input_balance: Number(row?.prepaid ?? 0) - closed.prepaid,
    posted: own
      ? {
          entry_id: own.entry_id,
          output_balance: Number(own.received),
          input_balance: Number(own.prepaid),
          payable: Number(own.payable),
          rounding: Number(own.received) - Number(own.prepaid) - Number(own.payable),
        }
      : null,
  };
}

/** The settlement of a computed return: 未払消費税等 = the year's whole tax (㉖ + both 中間納付). */
export function settlementOf(
  result: ConsumptionTaxResult,
  balances: { output_balance: number; input_balance: number },
) {
  const { output_balance, input_balance } = balances;
  const payable = result.total_payable + result.interim_national + result.interim_local;
  return { output_balance, input_balance, payable, rounding: output_balance - input_balance - payable };
}

/** The return of a fiscal year as the API answers it (computed with the shared pure functions). */
export async function consumptionTaxReturnDto(
  tenant: Tenant,
  fy: FiscalYearRow,
  row: ConsumptionTaxRow | null,
): Promise<ConsumptionTaxReturn> {
  const settings = await loadConsumptionTaxSettings(tenant);
  const election = electionOf(settings);
  const base = row ? null : defaultInputs(settings);
  // a year not yet saved starts from the settings' 基準期間の課税売上高, else what its books (or the previous
  // return) give
  if (base && settings.base_period_taxable_sales === null)
    base.base_period_taxable_sales = (await basePeriodTaxableSales(tenant, fy))?.amount ?? 0;
  const inputs = row ? consumptionTaxDraftInputs.parse(row.inputs) : (base as ConsumptionTaxDraftInputs);
  const full: ConsumptionTaxInputs = { ...inputs, period_start: fy.start_date, period_end: fy.end_date };
  let result: ConsumptionTaxResult | null = null;
  let refusal: string | null = null;
  try {
    result = computeConsumptionTax(full, election);
  } catch (e) {
    if (!(e instanceof ConsumptionTaxRefusal)) throw e;
    refusal = e.message;
  }
  const balances = await taxAccountBalances(tenant, fy, row?.entry_id ?? null);
  return {
    id: row?.id ?? null,
    fiscal_year: fiscalYearOfReturn(fy, formatDateJa),
    inputs,
    simplified_elected: election.simplified_elected,
    result,
    refusal,
    comparison: compareMethods(full, election),
    sources: (row?.sources as ConsumptionTaxSources) ?? {},
    // a settled year shows the entry as posted (linked), a year not settled the proposal closing the balances
    settlement: balances.posted
      ? {
          output_balance: balances.posted.output_balance,
          input_balance: balances.posted.input_balance,
          payable: balances.posted.payable,
          rounding: balances.posted.rounding,
        }
      : result
        ? settlementOf(result, balances)
        : null,
    filled_at: row?.filled_at?.toISOString() ?? null,
    entry_id: balances.posted?.entry_id ?? row?.entry_id ?? null,
    updated_at: row?.updated_at.toISOString() ?? null,
  };
}
