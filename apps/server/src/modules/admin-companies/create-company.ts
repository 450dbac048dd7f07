import type { AdminCompanyValues } from '@chobo/core';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { companies, domains } from '../../db/schema/index.js';
import { systemTenant } from '../../lib/context.js';
import { unprocessable } from '../../lib/http-errors.js';
import { currentSettings, type SettingsDeps } from '../../lib/settings.js';
import { seedDefaultAccounts } from '../accounting/chart-of-accounts.js';

export type NewCompanyValues = Partial<AdminCompanyValues> & { name: string };

/** The domain a new company gets: the named one (must exist) or the default domain. */
export async function resolveDomainId(db: DbOrTx, domainId: number | null | undefined): Promise<number> {
  if (domainId) {
    const [d] = await db.select({ id: domains.id }).from(domains).where(eq(domains.id, domainId)).limit(1);
    if (!d) throw unprocessable({ domain_id: ['ドメインが見つかりません'] });
    return d.id;
  }
  const [d] = await db.select({ id: domains.id }).from(domains).where(eq(domains.is_default, true)).limit(1);
  if (d) return d.id;
  const [any] = await db.select({ id: domains.id }).from(domains).orderBy(domains.id).limit(1);
  if (!any) throw unprocessable({ domain_id: ['既定のドメインがありません。先にドメインを登録してください'] });
  return any.id;
}

/**
 * Inserts a company (inside the caller's transaction): default domain, retention and employee cap from
 * the platform settings, then the default chart of accounts (docs/product/FACTS.md §1).
 */
export async function insertCompany(tx: DbOrTx, deps: SettingsDeps, values: NewCompanyValues) {
  const settings = await currentSettings({ ...deps, db: tx });
  const domainId = await resolveDomainId(tx, values.domain_id);
  const maxEmployee = values.max_employee ?? settings.default_max_employee;
  const [row] = await tx
    .insert(companies)
    .values({
      ...values,
      domain_id: domainId,
      expiration_year: values.expiration_year ?? settings.default_expiration_year,
      max_employee: maxEmployee,
      max_employee_cap: Math.max(50, maxEmployee),
      bank_accounts: values.bank_accounts ?? [],
    })
    .returning();
  await seedDefaultAccounts(systemTenant(tx, row.id));
  return row;
}
