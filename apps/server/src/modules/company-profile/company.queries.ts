import type { AccountingSettings, TaxSettings } from '@chobo/core';
import { eq } from 'drizzle-orm';
import { companies } from '../../db/schema/index.js';
import type { Tenant } from '../../lib/context.js';
import { notFound } from '../../lib/http-errors.js';

/** The company's name ('' when the row is gone): the subtitle of statements and reports. */
export async function companyName({ db, companyId }: Tenant): Promise<string> {
  const [row] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId));
  return row?.name ?? '';
}

/** 消費税表示設定: display, rounding and 経理方式 (GET /api/company/tax-settings). */
export async function loadTaxSettings({ db, companyId }: Tenant): Promise<TaxSettings> {
  const [row] = await db
    .select({
      tax_display: companies.tax_display,
      tax_rounding: companies.tax_rounding,
      accounting_method: companies.accounting_method,
    })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row as TaxSettings;
}

/** 経理方式 and 端数処理 for the journal form; 404 when the company is gone. */
export async function loadAccountingSettings({ db, companyId }: Tenant): Promise<AccountingSettings> {
  const [row] = await db
    .select({ accounting_method: companies.accounting_method, tax_rounding: companies.tax_rounding })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!row) throw notFound('企業が見つかりません');
  return {
    accounting_method: row.accounting_method as 'exclusive' | 'inclusive',
    tax_rounding: row.tax_rounding as 'floor' | 'round' | 'ceil',
  };
}
