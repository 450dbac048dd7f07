import {
  type ConsumptionTaxDraftInputs,
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

export { findFiscalYear } from '../tax-returns/tax-returns.queries.js';
export type ConsumptionTaxRow = typeof consumptionTaxReturns.$inferSelect;

/** The computation, a refusal turned into the 422 of the field it names (Japanese reason). */
export function computeOr422(input: ConsumptionTaxInputs): ConsumptionTaxResult {
  try {
    return computeConsumptionTax(input);
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
      is_default: true,
      updated_at: null,
    };
  return {
    method: row.method as ConsumptionTaxSettings['method'],
    main_business_type: row.main_business_type,
    sales_calc: row.sales_calc as ConsumptionTaxSettings['sales_calc'],
    purchase_calc: row.purchase_calc as ConsumptionTaxSettings['purchase_calc'],
    apportionment: row.apportionment as ConsumptionTaxSettings['apportionment'],
    is_default: false,
    updated_at: row.updated_at.toISOString(),
  };
}

/** The draft inputs a new return starts from: the settings, every amount 0. */
export function defaultInputs(s: ConsumptionTaxSettings): ConsumptionTaxDraftInputs {
  return consumptionTaxDraftInputs.parse({
    method: s.method,
    sales_calc: s.sales_calc,
    purchase_calc: s.purchase_calc,
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
 * The period's movement of 仮受消費税等 (credit) and 仮払消費税等 (debit), read from the daily balances (期首残高
 * excluded) less the settlement entries posted from a return (they close these accounts).
 */
export async function taxAccountBalances(tenant: Tenant, fy: FiscalYearRow, settlementEntryId: number | null = null) {
  const c = tenant.companyId;
  const ids = sql`(select ${accounts.id} from ${accounts} where ${accounts.company_id} = ${c} and ${accounts.system_key} = `;
  const [row] = await sqlRows<{ received: string; prepaid: string }>(
    tenant.db,
    sql`with ids as (select ${ids}'received_consumption_tax') as r, ${ids}'prepaid_consumption_tax') as p),
      moves as (
        select b.account_id, b.debit, b.credit from account_daily_balances b
        where b.company_id = ${c} and b.account_id in ((select r from ids), (select p from ids))
          and b.date between ${fy.start_date} and ${fy.end_date} and b.kind <> 'opening'
        union all
        select l.account_id, -l.debit, -l.credit from journal_lines l
        where l.company_id = ${c} and l.entry_id = ${settlementEntryId ?? 0}
          and l.account_id in ((select r from ids), (select p from ids))
      )
      select coalesce(sum(case when account_id = (select r from ids) then credit - debit end), 0)::text as received,
        coalesce(sum(case when account_id = (select p from ids) then debit - credit end), 0)::text as prepaid
      from moves`,
  );
  return { output_balance: Number(row?.received ?? 0), input_balance: Number(row?.prepaid ?? 0) };
}

/** The settlement of a computed return: 未払消費税等 = the year's whole tax (㉖ + both 中間納付). */
export function settlementOf(
  result: ConsumptionTaxResult,
  balances: { output_balance: number; input_balance: number },
) {
  const payable = result.total_payable + result.interim_national + result.interim_local;
  return { ...balances, payable, rounding: balances.output_balance - balances.input_balance - payable };
}

/** The return of a fiscal year as the API answers it (computed with the shared pure functions). */
export async function consumptionTaxReturnDto(
  tenant: Tenant,
  fy: FiscalYearRow,
  row: ConsumptionTaxRow | null,
): Promise<ConsumptionTaxReturn> {
  const base = row ? null : defaultInputs(await loadConsumptionTaxSettings(tenant));
  const inputs = row ? consumptionTaxDraftInputs.parse(row.inputs) : (base as ConsumptionTaxDraftInputs);
  const full: ConsumptionTaxInputs = { ...inputs, period_start: fy.start_date, period_end: fy.end_date };
  let result: ConsumptionTaxResult | null = null;
  let refusal: string | null = null;
  try {
    result = computeConsumptionTax(full);
  } catch (e) {
    if (!(e instanceof ConsumptionTaxRefusal)) throw e;
    refusal = e.message;
  }
  const balances = await taxAccountBalances(tenant, fy, row?.entry_id ?? null);
  return {
    id: row?.id ?? null,
    fiscal_year: fiscalYearOfReturn(fy, formatDateJa),
    inputs,
    result,
    refusal,
    comparison: compareMethods(full),
    sources: (row?.sources as ConsumptionTaxSources) ?? {},
    settlement: result ? settlementOf(result, balances) : null,
    filled_at: row?.filled_at?.toISOString() ?? null,
    entry_id: row?.entry_id ?? null,
    updated_at: row?.updated_at.toISOString() ?? null,
  };
}
