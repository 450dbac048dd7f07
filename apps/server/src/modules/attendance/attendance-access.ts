import type { FastifyRequest } from 'fastify';
import type { CompanyCtx } from '../../lib/context.js';
import { forbidden, notFound } from '../../lib/http-errors.js';
import { requireAuth } from '../../plugins/auth.js';
import { findEmployeeOfUser } from '../employees/employees.queries.js';
import { type AttendanceEmployee, findAttendanceEmployee } from './attendance-records.queries.js';

/** What the attendance routes share: who may call them and whose records a call is about. */

/** Company users (managers) and employees (their own records only) hold attendance.index. */
export const both = { access: { roles: ['company' as const, 'employee' as const], permission: 'attendance.index' } };
export const manager = { access: { roles: ['company' as const], permission: 'attendance.index' } };
export const tags = ['attendance'];
export const BASE = '/api/company/attendance';

/** The signed-in employee's own record (403 when the sign-in has none). */
export async function ownEmployee(ctx: CompanyCtx, req: FastifyRequest): Promise<AttendanceEmployee> {
  const auth = requireAuth(req);
  const row = await findEmployeeOfUser(ctx, auth.userId);
  if (!row) throw forbidden('このアカウントには従業員情報がありません');
  return { id: row.id, code: row.code, name: row.name, hire_date: row.hire_date, leave_date: row.leave_date };
}

export const isEmployee = (req: FastifyRequest) => requireAuth(req).role === 'employee';

/**
 * Whose records: an employee — their own (another employee's id of the company → 403; an id not of the
 * company → 404); a manager — the id given (404 when not of the company).
 */
export async function targetEmployee(ctx: CompanyCtx, req: FastifyRequest, id: number | undefined) {
  if (isEmployee(req)) {
    const own = await ownEmployee(ctx, req);
    if (id === undefined || id === own.id) return own;
    if (await findAttendanceEmployee(ctx, id)) throw forbidden('ほかの従業員の出勤記録は表示できません');
    throw notFound('従業員が見つかりません');
  }
  if (id === undefined) {
    const own = await findEmployeeOfUser(ctx, requireAuth(req).userId);
    if (own) return (await findAttendanceEmployee(ctx, own.id)) as AttendanceEmployee;
    throw notFound('従業員を指定してください');
  }
  const e = await findAttendanceEmployee(ctx, id);
  if (!e) throw notFound('従業員が見つかりません');
  return e;
}
