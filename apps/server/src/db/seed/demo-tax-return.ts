/**
 * Demo 確定申告書 of 株式会社サンプル商事: the closed fiscal year's 別表一, filled from its books and the
 * company profile exactly as 「帳簿から作成」 does, so the screen shows true figures on a fresh start.
 */
import { and, desc, eq } from 'drizzle-orm';
import { systemCompanyCtx, type Tenant } from '../../lib/context.js';
import { fillTaxReturn } from '../../modules/tax-returns/tax-return-actions.js';
import { fiscalYears } from '../schema/index.js';

export async function seedDemoTaxReturn(tenant: Tenant, opts: { userId?: number | null } = {}) {
  const [closed] = await tenant.db
    .select({ id: fiscalYears.id })
    .from(fiscalYears)
    .where(and(eq(fiscalYears.company_id, tenant.companyId), eq(fiscalYears.status, 'closed')))
    .orderBy(desc(fiscalYears.end_date))
    .limit(1);
  if (!closed) return null;
  const ctx = systemCompanyCtx(tenant.db, tenant.companyId, opts.userId ?? null);
  return fillTaxReturn({ ctx, input: { fiscal_year_id: closed.id } });
}
