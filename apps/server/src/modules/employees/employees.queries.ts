import { type EmployeeListQuery, type EmployeeValues, type EmploymentType, todayInTokyo } from '@chobo/core';
import { and, asc, desc, eq, gte, isNull, or, type SQL, sql } from 'drizzle-orm';
import { employees } from '../../db/schema/index.js';
import type { Tenant } from '../../lib/context.js';
import { pagedList } from '../../lib/list.js';
import { keywordFilter } from '../../lib/sql.js';

export type EmployeeRow = typeof employees.$inferSelect;

/** Active = not deleted and not yet left (no leave date, or a leave date today or later, Asia/Tokyo). */
export function isActiveRow(row: Pick<EmployeeRow, 'leave_date' | 'deleted_at'>, today = todayInTokyo()): boolean {
  return row.deleted_at === null && (row.leave_date === null || row.leave_date >= today);
}

export function activeEmployeeFilter(companyId: number, today = todayInTokyo()): SQL | undefined {
  return and(
    eq(employees.company_id, companyId),
    isNull(employees.deleted_at),
    or(isNull(employees.leave_date), gte(employees.leave_date, today)),
  );
}

export async function countActiveEmployees(tenant: Tenant): Promise<number> {
  const { db, companyId } = tenant;
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(employees)
    .where(activeEmployeeFilter(companyId));
  return n;
}

/** The wire shape: daily hours as a decimal number (stored in thousandths). */
export function toEmployee(row: EmployeeRow) {
  const { deleted_at: _deleted, daily_hours_milli, ...rest } = row;
  return {
    ...rest,
    employment_type: row.employment_type as EmploymentType,
    daily_hours: daily_hours_milli === null ? null : daily_hours_milli / 1000,
    login_enabled: row.user_id !== null,
    is_active: isActiveRow(row),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
export type EmployeeDto = ReturnType<typeof toEmployee>;

const SORT_COLUMNS = {
  id: employees.id,
  code: employees.code,
  name: employees.name,
  name_kana: employees.name_kana,
  hire_date: employees.hire_date,
  department: employees.department,
  created_at: employees.created_at,
} as const;

const KEYWORD_COLUMNS = [employees.code, employees.name, employees.name_kana, employees.email, employees.department];

export async function listEmployees(tenant: Tenant, q: EmployeeListQuery) {
  const { db, companyId } = tenant;
  const where = and(
    eq(employees.company_id, companyId),
    isNull(employees.deleted_at),
    keywordFilter(q.keyword, KEYWORD_COLUMNS),
  );
  const order = q.sort_dir === 'desc' ? desc : asc;
  return pagedList(db, q, {
    from: employees,
    where,
    rows: (limit, offset) =>
      db
        .select()
        .from(employees)
        .where(where)
        .orderBy(order(SORT_COLUMNS[q.sort_by]), order(employees.id))
        .limit(limit)
        .offset(offset),
    map: (rows) => rows.map(toEmployee),
  });
}

export async function findEmployee(tenant: Tenant, id: number, opts: { forUpdate?: boolean } = {}) {
  const { db, companyId } = tenant;
  const query = db
    .select()
    .from(employees)
    .where(and(eq(employees.id, id), eq(employees.company_id, companyId), isNull(employees.deleted_at)))
    .limit(1);
  const [row] = opts.forUpdate ? await query.for('update') : await query;
  return row;
}

export async function findEmployeeByCode(tenant: Tenant, code: string) {
  const { db, companyId } = tenant;
  const [row] = await db
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.company_id, companyId), eq(employees.code, code), isNull(employees.deleted_at)))
    .limit(1);
  return row;
}

export function employeeValues(input: EmployeeValues) {
  return {
    code: input.code,
    name: input.name,
    name_kana: input.name_kana,
    email: input.email,
    hire_date: input.hire_date,
    leave_date: input.leave_date,
    employment_type: input.employment_type,
    department: input.department,
    daily_hours_milli: input.daily_hours === null ? null : Math.round(input.daily_hours * 1000),
    memo: input.memo,
  };
}

/** The live employee record linked to a sign-in account (role employee), for features such as attendance. */
export async function findEmployeeOfUser(tenant: Tenant, userId: number) {
  const { db, companyId } = tenant;
  const [row] = await db
    .select()
    .from(employees)
    .where(and(eq(employees.company_id, companyId), eq(employees.user_id, userId), isNull(employees.deleted_at)))
    .limit(1);
  return row;
}
