import { PREFECTURES } from '@chobo/core';
import { eq } from 'drizzle-orm';
import { companies } from '../../db/schema/index.js';
import type { Tenant } from '../../lib/context.js';
import { unprocessable } from '../../lib/http-errors.js';
import { loadConsumptionTaxReturn } from '../consumption-tax/consumption-tax-actions.js';
import type { CtaxPdfData, CtaxPdfHeader } from './consumption-tax-pdf.js';

/** The filer's header of the consumption-tax return from the company profile. */
async function ctaxPdfHeader(tenant: Tenant): Promise<CtaxPdfHeader> {
  const [c] = await tenant.db.select().from(companies).where(eq(companies.id, tenant.companyId));
  return {
    name: c.name,
    name_kana: c.name_kana ?? '',
    corporate_number: c.corporate_number ?? '',
    address: [c.prefecture_code ? PREFECTURES[c.prefecture_code] : '', c.address1 ?? '', c.address2 ?? '']
      .join('')
      .trim(),
    representative: c.representative_name ?? '',
    tax_office: c.tax_office ?? '',
    tel: c.tel ?? '',
  };
}

/**
 * What the PDF prints: the stored draft of the fiscal year computed (another company's year → 404) and the
 * company's header. A draft whose method the law refuses has no answer to print → 422 with the reason.
 */
export async function consumptionTaxPdfData(tenant: Tenant, fiscalYearId: number) {
  const [ret, header] = await Promise.all([loadConsumptionTaxReturn(tenant, fiscalYearId), ctaxPdfHeader(tenant)]);
  if (!ret.result) {
    const reason = ret.refusal ?? '申告書を計算できません';
    throw unprocessable({ method: [reason] }, `PDFを作成できません：${reason}`);
  }
  const data: CtaxPdfData = {
    header,
    period_start: ret.fiscal_year.start_date,
    period_end: ret.fiscal_year.end_date,
    inputs: ret.inputs,
    result: ret.result,
  };
  return { data, fiscalYear: ret.fiscal_year };
}
