import { SETUP_STEP_KEYS, type SetupChecklist, type SetupStepKey } from '@chobo/core';
import { sql } from 'drizzle-orm';
import type { Tenant } from '../../lib/context.js';

/**
 * はじめの設定: each step read from the company's own rows in one statement (not a stored flag), so it is done the
 * moment the data exists and open again if it is removed. 課税方式 is done once the 消費税設定 was saved (its audit
 * row): its columns have defaults, so only the saving says someone chose them.
 */
export async function readSetupChecklist({ db, companyId }: Tenant): Promise<SetupChecklist> {
  const result = (await db.execute(sql`
    select
      (c.postal_code is not null and c.postal_code <> '' and c.address1 is not null and c.address1 <> ''
        and c.representative_name is not null and c.representative_name <> '') as company_profile,
      (c.registration_number is not null and c.registration_number <> '') as registration_number,
      exists (select 1 from bank_accounts b where b.company_id = c.id) as bank_account,
      (exists (select 1 from fiscal_years f where f.company_id = c.id)
        and exists (select 1 from journal_entries e where e.company_id = c.id and e.kind = 'opening')) as fiscal_year,
      exists (select 1 from audit_logs a where a.company_id = c.id and a.action = 'company.tax_settings') as tax_method,
      exists (select 1 from customers k where k.company_id = c.id and k.deleted_at is null) as first_customer
    from companies c where c.id = ${companyId}
  `)) as unknown as { rows: Record<SetupStepKey, boolean>[] };
  const row = result.rows[0];
  const steps = SETUP_STEP_KEYS.map((key) => ({ key, done: Boolean(row?.[key]) }));
  return { steps, done: steps.every((s) => s.done) };
}
