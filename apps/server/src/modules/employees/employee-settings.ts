import type { EmployeeSettings, EmployeeSettingsValues } from '@chobo/core';
import { eq } from 'drizzle-orm';
import { companies } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import { assertFresh, nextVersion } from '../../lib/concurrency.js';
import type { ActionArgs, CompanyCtx, Stamped, Tenant } from '../../lib/context.js';
import { unprocessable } from '../../lib/http-errors.js';
import { countActiveEmployees } from './employees.queries.js';

const columns = {
  max_employee: companies.max_employee,
  max_employee_cap: companies.max_employee_cap,
  work_start_time: companies.work_start_time,
  work_end_time: companies.work_end_time,
  break_minutes: companies.break_minutes,
  statutory_holiday: companies.statutory_holiday,
  closing_day: companies.closing_day,
  updated_at: companies.updated_at,
};

export async function loadEmployeeSettings(tenant: Tenant): Promise<EmployeeSettings> {
  const { db, companyId } = tenant;
  const [row] = await db.select(columns).from(companies).where(eq(companies.id, companyId));
  return { ...row, updated_at: row.updated_at.toISOString(), active_employees: await countActiveEmployees(tenant) };
}

/** max_employee ≤ the platform's cap and ≥ the active employees; work rules as given. */
export async function updateEmployeeSettings({
  ctx,
  input: { updated_at, ...input },
}: ActionArgs<CompanyCtx, EmployeeSettingsValues & Stamped>) {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.select(columns).from(companies).where(eq(companies.id, ctx.companyId)).for('update');
    assertFresh(row.updated_at, updated_at, '従業員設定');
    const before = { ...row, updated_at: row.updated_at.toISOString() };
    if (input.max_employee > before.max_employee_cap) {
      throw unprocessable({
        max_employee: [`従業員数の上限は${before.max_employee_cap}人以下で入力してください（ご契約の上限です）`],
      });
    }
    const active = await countActiveEmployees({ ...ctx, db: tx });
    if (input.max_employee < active) {
      throw unprocessable({
        max_employee: [`在籍中の従業員が${active}人いるため、上限を${active}人未満にはできません`],
      });
    }
    await tx
      .update(companies)
      .set({ ...input, updated_at: nextVersion(companies.updated_at) })
      .where(eq(companies.id, ctx.companyId));
    const after = await loadEmployeeSettings({ ...ctx, db: tx });
    await audit(tx, {
      actor: ctx.actor,
      companyId: ctx.companyId,
      action: 'company.employee_settings',
      targetType: 'company',
      targetId: ctx.companyId,
      before,
      after,
    });
    return after;
  });
}
