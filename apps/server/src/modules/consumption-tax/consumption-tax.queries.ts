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
import { accounts, consumptionTaxReturns, consumptionTaxSettings, journalLines } from '../../db/schema/index.js';
import type { Tenant } from '../../lib/context.js';
import { unprocessable } from '../../lib/http-errors.js';
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

/** Balances at the period's end of 仮受消費税等 (credit) and 仮払消費税等 (debit) over the period's lines. */
export async function taxAccountBalances(tenant: Tenant, fy: FiscalYearRow) {
  const [row] = await tenant.db
    .select({
      received: sql<string>`coalesce(sum(case when ${accounts.system_key} = 'received_consumption_tax' then ${journalLines.credit} - ${journalLines.debit} else 0 end), 0)`,
      prepaid: sql<string>`coalesce(sum(case when ${accounts.system_key} = 'prepaid_consumption_tax' then ${journalLines.debit} - ${journalLines.credit} else 0 end), 0)`,
    })
    .from(journalLines)
    .innerJoin(accounts, eq(accounts.id, journalLines.account_id))
    .where(
      and(
        eq(journalLines.company_id, tenant.companyId),
        sql`${journalLines.date} between ${fy.start_date} and ${fy.end_date}`,
        sql`${accounts.system_key} in ('received_consumption_tax', 'prepaid_consumption_tax')`,
        sql`not exists (select 1 from journal_entries e where e.id = ${journalLines.entry_id} and (e.source_type = 'consumption_tax_return' or e.kind = 'opening'))`,
      ),
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
  const balances = await taxAccountBalances(tenant, fy);
  return {
    id: row?.id ?? null,
    fiscal_year: {
      id: fy.id,
      start_date: fy.start_date,
      end_date: fy.end_date,
      status: fy.status,
      label: `${formatDateJa(fy.start_date)}〜${formatDateJa(fy.end_date)}`,
    },
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
