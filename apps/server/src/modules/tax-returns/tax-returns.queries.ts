import {
  capitalFromForm,
  computeTaxReturn,
  DEFAULT_LOCAL_TAX_RATES,
  digitBoxes,
  emptyTaxReturnForm,
  estimateLocalTaxes,
  formatDateJa,
  incomeFromBooks,
  type LocalTaxRates,
  rowField,
  TAX_RETURN_LINE_NUMBERS,
  TAX_RETURN_ROW_BOXES,
  type TaxAdjustment,
  type TaxReturn,
  type TaxReturnComputeInput,
  type TaxReturnInputs,
} from '@chobo/core';
import { and, eq } from 'drizzle-orm';
import { companies, fiscalYears, taxReturnSettings, taxReturns } from '../../db/schema/index.js';
import type { Tenant } from '../../lib/context.js';
import { notFound } from '../../lib/http-errors.js';
import { fiscalYearOfReturn } from './fiscal-year-return.js';

export type TaxReturnRow = typeof taxReturns.$inferSelect;
export type FiscalYearRow = typeof fiscalYears.$inferSelect;

export const ZERO_INPUTS: TaxReturnInputs = {
  interim_corporate_tax: 0,
  interim_local_corporate_tax: 0,
  withholding_income_tax: 0,
  foreign_tax: 0,
};

/** The company's fiscal year (another company's id → 404). */
export async function findFiscalYear(tenant: Tenant, id: number): Promise<FiscalYearRow> {
  const [row] = await tenant.db
    .select()
    .from(fiscalYears)
    .where(and(eq(fiscalYears.id, id), eq(fiscalYears.company_id, tenant.companyId)));
  if (!row) throw notFound('会計年度が見つかりません');
  return row;
}

/** The saved draft of a fiscal year, or null. `lock` takes the row FOR UPDATE. */
export async function findTaxReturn(tenant: Tenant, fiscalYearId: number, lock = false) {
  const q = tenant.db
    .select()
    .from(taxReturns)
    .where(and(eq(taxReturns.company_id, tenant.companyId), eq(taxReturns.fiscal_year_id, fiscalYearId)));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

/** The company's local tax rates (the documented defaults until saved). */
export async function loadLocalRates(tenant: Tenant) {
  const [row] = await tenant.db
    .select()
    .from(taxReturnSettings)
    .where(eq(taxReturnSettings.company_id, tenant.companyId));
  return {
    local_rates: row
      ? ({ ...DEFAULT_LOCAL_TAX_RATES, ...(row.local_rates as object) } as LocalTaxRates)
      : DEFAULT_LOCAL_TAX_RATES,
    is_default: !row,
    updated_at: row ? row.updated_at.toISOString() : null,
  };
}

async function companyCapital(tenant: Tenant): Promise<number | null> {
  const [row] = await tenant.db
    .select({ capital: companies.capital })
    .from(companies)
    .where(eq(companies.id, tenant.companyId));
  return row?.capital ?? null;
}

/** Writes the 11 digit boxes of lines 1–44 into the form (0 and a line too large for its boxes stay empty, as on paper). */
export function withLineBoxes(form: Record<string, string>, lines: Record<string, number>): Record<string, string> {
  const out = { ...form };
  for (const n of TAX_RETURN_LINE_NUMBERS) {
    let boxes: string[];
    try {
      boxes = digitBoxes(lines[n] === 0 ? null : lines[n]);
    } catch {
      boxes = Array(TAX_RETURN_ROW_BOXES).fill('');
    }
    boxes.forEach((b, i) => {
      out[rowField(Number(n), i + 1)] = b;
    });
  }
  return out;
}

/** The tax return of a fiscal year as the API answers it: computed from the draft with the shared pure function. */
export async function taxReturnDto(tenant: Tenant, fy: FiscalYearRow, row: TaxReturnRow | null): Promise<TaxReturn> {
  const [capital, settings] = await Promise.all([companyCapital(tenant), loadLocalRates(tenant)]);
  const form = { ...emptyTaxReturnForm(), ...((row?.form as Record<string, string>) ?? {}) };
  const adjustments = (row?.adjustments as TaxAdjustment[]) ?? [];
  const overrides = (row?.overrides as Record<string, number>) ?? {};
  const inputs = { ...ZERO_INPUTS, ...((row?.inputs as Partial<TaxReturnInputs>) ?? {}) };
  const bookIncome = row?.book_income ?? null;
  const income = incomeFromBooks(bookIncome, adjustments);
  const input: TaxReturnComputeInput = {
    income,
    fiscal_year_start: fy.start_date,
    fiscal_year_end: fy.end_date,
    capital: capitalFromForm(form.amount_investment_capital, capital),
    ...inputs,
  };
  const result = computeTaxReturn(input, overrides);
  const computed = computeTaxReturn(input);
  return {
    id: row?.id ?? null,
    fiscal_year: fiscalYearOfReturn(fy, formatDateJa),
    form: withLineBoxes(form, result.lines),
    lines: result.lines,
    computed_lines: computed.lines,
    explanations: result.explanations,
    overrides,
    adjustments,
    inputs,
    book_income: bookIncome,
    income,
    defense_special_corporate_tax: result.defense_special_corporate_tax,
    local_rates: settings.local_rates,
    local_estimate: estimateLocalTaxes(input, result, settings.local_rates),
    filled_at: row?.filled_at?.toISOString() ?? null,
    entry_id: row?.entry_id ?? null,
    updated_at: row?.updated_at.toISOString() ?? null,
  };
}
