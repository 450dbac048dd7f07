import type { BankInfo, BankInfoValues, CompanyProfile, CompanyProfileValues } from '@chobo/core';
import { asc, desc, eq } from 'drizzle-orm';
import { bankAccounts, companies } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import { assertFresh, nextVersion } from '../../lib/concurrency.js';
import type { ActionArgs, CompanyCtx, Stamped, Tenant } from '../../lib/context.js';

/** What a stale edit of the company row is refused as (会社情報, 振込先口座 and 従業員設定 live on it). */
export const COMPANY_WHAT = '会社情報';

const profileColumns = {
  id: companies.id,
  name: companies.name,
  name_kana: companies.name_kana,
  corporate_number: companies.corporate_number,
  registration_number: companies.registration_number,
  representative_name: companies.representative_name,
  representative_name_kana: companies.representative_name_kana,
  postal_code: companies.postal_code,
  prefecture_code: companies.prefecture_code,
  address1: companies.address1,
  address2: companies.address2,
  tel: companies.tel,
  email: companies.email,
  capital: companies.capital,
  fiscal_year_end_month: companies.fiscal_year_end_month,
  business_type: companies.business_type,
  tax_office: companies.tax_office,
  updated_at: companies.updated_at,
};

export async function loadCompanyProfile(tenant: Tenant): Promise<CompanyProfile> {
  const { db, companyId } = tenant;
  const [row] = await db.select(profileColumns).from(companies).where(eq(companies.id, companyId));
  return { ...row, updated_at: row.updated_at.toISOString() };
}

export async function updateCompanyProfile({
  ctx,
  input: { updated_at, ...input },
}: ActionArgs<CompanyCtx, CompanyProfileValues & Stamped>) {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.select(profileColumns).from(companies).where(eq(companies.id, ctx.companyId)).for('update');
    assertFresh(row.updated_at, updated_at, COMPANY_WHAT);
    const before = { ...row, updated_at: row.updated_at.toISOString() };
    await tx
      .update(companies)
      .set({ ...input, updated_at: nextVersion(companies.updated_at) })
      .where(eq(companies.id, ctx.companyId));
    const after = await loadCompanyProfile({ ...ctx, db: tx });
    await audit(tx, {
      actor: ctx.actor,
      companyId: ctx.companyId,
      action: 'company.profile',
      targetType: 'company',
      targetId: ctx.companyId,
      before,
      after,
    });
    return after;
  });
}

/**
 * The bank account printed on invoices: the one marked on_invoice in the company's bank accounts (one list,
 * modules/bank-statements), else the first, or null. `updated_at` is the company row's (ADR 0008).
 */
export async function loadBankInfo(tenant: Tenant): Promise<BankInfo | null> {
  const { db, companyId } = tenant;
  const [row] = await db
    .select({
      updated_at: companies.updated_at,
      bank_code: bankAccounts.bank_code,
      bank_name: bankAccounts.bank_name,
      branch_code: bankAccounts.branch_code,
      branch_name: bankAccounts.branch_name,
      account_type: bankAccounts.account_type,
      account_number: bankAccounts.account_number,
      account_holder: bankAccounts.account_holder,
    })
    .from(bankAccounts)
    .innerJoin(companies, eq(companies.id, bankAccounts.company_id))
    .where(eq(bankAccounts.company_id, companyId))
    .orderBy(desc(bankAccounts.on_invoice), asc(bankAccounts.sort_order), asc(bankAccounts.id))
    .limit(1);
  if (!row) return null;
  return { ...row, updated_at: row.updated_at.toISOString() };
}

/** Creates or replaces the account printed on invoices (the company's other bank accounts stay). */
export async function saveBankInfo({
  ctx,
  input: { updated_at, ...input },
}: ActionArgs<CompanyCtx, BankInfoValues & Stamped>) {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ updated_at: companies.updated_at })
      .from(companies)
      .where(eq(companies.id, ctx.companyId))
      .for('update');
    assertFresh(row.updated_at, updated_at, COMPANY_WHAT);
    const [current] = await tx
      .select()
      .from(bankAccounts)
      .where(eq(bankAccounts.company_id, ctx.companyId))
      .orderBy(desc(bankAccounts.on_invoice), asc(bankAccounts.sort_order), asc(bankAccounts.id))
      .limit(1);
    const before = (await loadBankInfo({ ...ctx, db: tx })) ?? null;
    if (current) {
      await tx
        .update(bankAccounts)
        .set({ ...input, on_invoice: true, updated_at: new Date() })
        .where(eq(bankAccounts.id, current.id));
    } else {
      await tx.insert(bankAccounts).values({ ...input, company_id: ctx.companyId, on_invoice: true, sort_order: 1 });
    }
    await tx
      .update(companies)
      .set({ updated_at: nextVersion(companies.updated_at) })
      .where(eq(companies.id, ctx.companyId));
    await audit(tx, {
      actor: ctx.actor,
      companyId: ctx.companyId,
      action: 'company.bank_info',
      targetType: 'company',
      targetId: ctx.companyId,
      before,
      after: input,
    });
    return (await loadBankInfo({ ...ctx, db: tx })) as BankInfo;
  });
}
