import { addDays, fiscalYearContaining, formatDateJa, lastDayOfMonth } from '@chobo/core';
import { asc, eq } from 'drizzle-orm';
import { fiscalYears } from '../../db/schema/index.js';
import type { Tenant } from '../../lib/context.js';
import { HttpError } from '../../lib/http-errors.js';
import { companyYearEndMonth } from './balances.js';

/**
 * Every posting is dated inside one of the company's fiscal years (issue 33): an entry dated in no year
 * would vanish from every year's 仕訳帳, 総勘定元帳, 試算表 and statements. postEntry asks `assertInFiscalYear`
 * for every entry it writes, so each path (journal, CSV import, sales, invoices, purchases, payments, bank
 * confirmations, OCR 確定, imports) refuses such a date the same way. A company that has registered no year
 * yet keeps its books by date only and is not refused (the first-run setup registers the year).
 */

export interface YearSpan {
  start_date: string;
  end_date: string;
}

/** The year createFiscalYear makes by default after `latestEnd`: to the company's year-end month. */
export function nextYearSpan(latestEnd: string, endMonth: number): YearSpan {
  const start = addDays(latestEnd, 1);
  let end = fiscalYearContaining(start, endMonth).to;
  if (end < start) end = lastDayOfMonth(Number(start.slice(0, 4)) + 1, endMonth);
  return { start_date: start, end_date: end };
}

/** The company's fiscal years, oldest first. */
export async function yearSpans(tenant: Tenant): Promise<YearSpan[]> {
  return tenant.db
    .select({ start_date: fiscalYears.start_date, end_date: fiscalYears.end_date })
    .from(fiscalYears)
    .where(eq(fiscalYears.company_id, tenant.companyId))
    .orderBy(asc(fiscalYears.start_date));
}

const spanLabel = (y: YearSpan) => `${formatDateJa(y.start_date)}〜${formatDateJa(y.end_date)}`;

/**
 * Why `date` cannot be posted, or null when it can (inside a year, or no year registered at all); `next` is
 * the year to create when the date falls in the span right after the last one (the screen offers
 * 「次の会計年度を作成」).
 */
export function fiscalYearRefusal(
  years: readonly YearSpan[],
  date: string,
  endMonth: number,
): { message: string; next: YearSpan | null } | null {
  if (years.length === 0) return null;
  if (years.some((y) => y.start_date <= date && date <= y.end_date)) return null;
  const last = years.reduce((a, b) => (b.end_date > a.end_date ? b : a));
  const span = nextYearSpan(last.end_date, endMonth);
  const next = date > last.end_date && date <= span.end_date ? span : null;
  const message =
    `${formatDateJa(date)}はどの会計年度にも含まれません（登録済み: ${years.map(spanLabel).join('、')}）` +
    (next ? `。次の会計年度（${spanLabel(next)}）を作成すると登録できます` : '');
  return { message, next };
}

/** 422 naming the company's years when `date` is in none of them; `next_fiscal_year` when it is just past the last. */
export async function assertInFiscalYear(tenant: Tenant, date: string, field = 'date'): Promise<void> {
  const years = await yearSpans(tenant);
  if (years.length === 0 || years.some((y) => y.start_date <= date && date <= y.end_date)) return;
  const refusal = fiscalYearRefusal(years, date, await companyYearEndMonth(tenant));
  if (!refusal) return;
  throw new HttpError(422, refusal.message, { [field]: [refusal.message] }, undefined, {
    next_fiscal_year: refusal.next,
  });
}
