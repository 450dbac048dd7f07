import { type EmployeeValues, maxEmployeeMessage, todayInTokyo } from '@chobo/core';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { apiTokens, companies, employees, passwordResets, users } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import { assertFresh, nextVersion } from '../../lib/concurrency.js';
import type { ActionArgs, CompanyCtx, Tenant, Versioned } from '../../lib/context.js';
import { notFound, unprocessable } from '../../lib/http-errors.js';
import { queueMail } from '../../lib/mail.js';
import { hashToken, newToken } from '../../lib/secrets.js';
import {
  countActiveEmployees,
  employeeValues,
  findEmployee,
  findEmployeeByCode,
  toEmployee,
} from './employees.queries.js';

const NOT_FOUND = '従業員が見つかりません';
/** An employee's invitation link stays valid longer than a password-reset link. */
export const EMPLOYEE_INVITE_TTL_HOURS = 72;

/** Locks the company row (serialising concurrent adds) and refuses when no active slot is left. */
async function assertSlotLeft(tenant: Tenant) {
  const { db: tx, companyId } = tenant;
  const [company] = await tx
    .select({ max: companies.max_employee })
    .from(companies)
    .where(eq(companies.id, companyId))
    .for('update');
  const active = await countActiveEmployees({ ...tenant, db: tx });
  if (active >= company.max) {
    const message = maxEmployeeMessage(company.max);
    throw unprocessable({ max_employee: [message] }, message);
  }
}

const willBeActive = (input: EmployeeValues) => input.leave_date === null || input.leave_date >= todayInTokyo();

async function assertCodeFree(tenant: Tenant, code: string, selfId?: number) {
  const { db: tx } = tenant;
  const other = await findEmployeeByCode({ ...tenant, db: tx }, code);
  if (other && other.id !== selfId) throw unprocessable({ code: ['この従業員コードはすでに使われています'] });
}

/** Creates the employee's sign-in account (role employee, no password yet) and mails the invitation. */
async function createLogin(
  tx: DbOrTx,
  ctx: CompanyCtx,
  employee: { id: number; name: string; email: string },
): Promise<number> {
  const [taken] = await tx
    .select({ id: users.id, role: users.role, companyId: users.company_id, disabledAt: users.disabled_at })
    .from(users)
    .where(eq(sql`lower(${users.email})`, employee.email.toLowerCase()))
    .limit(1)
    .for('update');
  // An employee account of this company that was switched off (or whose employee was deleted) is
  // switched on again, with a new invitation; any other account keeps its address.
  const reusable =
    taken !== undefined && taken.role === 'employee' && taken.companyId === ctx.companyId && taken.disabledAt !== null;
  if (taken && !reusable) {
    throw unprocessable({ email: ['このメールアドレスはすでにログインアカウントとして使われています'] });
  }
  const [user] = reusable
    ? await tx
        .update(users)
        .set({ name: employee.name, disabled_at: null, password_hash: null, updated_at: sql`now()` })
        .where(eq(users.id, taken.id))
        .returning({ id: users.id })
    : await tx
        .insert(users)
        .values({
          email: employee.email,
          name: employee.name,
          role: 'employee',
          company_id: ctx.companyId,
          password_hash: null,
        })
        .returning({ id: users.id });
  const token = newToken();
  await tx.insert(passwordResets).values({
    user_id: user.id,
    token_hash: hashToken(token),
    expires_at: sql`now() + make_interval(hours => ${EMPLOYEE_INVITE_TTL_HOURS})`,
  });
  const [company] = await tx.select({ name: companies.name }).from(companies).where(eq(companies.id, ctx.companyId));
  const link = `${ctx.deps.env.APP_URL}/password-reset?token=${encodeURIComponent(token)}&email=${encodeURIComponent(employee.email)}`;
  await queueMail(tx, {
    to: employee.email,
    subject: `【Chobo】${company.name}から従業員アカウントへの招待が届いています`,
    body: [
      `${employee.name} 様`,
      '',
      `${company.name}があなたの従業員アカウントをChobo（帳簿）に作成しました。`,
      `下のリンクから${EMPLOYEE_INVITE_TTL_HOURS}時間以内にパスワードを設定してください。リンクは一度だけ使えます。`,
      '',
      link,
      '',
      `パスワードの設定後は ${ctx.deps.env.APP_URL}/employee/login からログインできます。`,
      '',
      '――',
      'Chobo（帳簿）',
    ].join('\n'),
  });
  await audit(tx, {
    actor: ctx.actor,
    companyId: ctx.companyId,
    action: 'employee.login_invited',
    targetType: 'employee',
    targetId: employee.id,
    after: { user_id: user.id, email: employee.email },
  });
  return user.id;
}

async function disableLogin(tx: DbOrTx, userId: number) {
  await tx.update(users).set({ disabled_at: sql`now()`, updated_at: sql`now()` }).where(eq(users.id, userId));
  await tx
    .update(apiTokens)
    .set({ revoked_at: sql`now()` })
    .where(and(eq(apiTokens.user_id, userId), isNull(apiTokens.revoked_at)));
}

export async function createEmployee({ ctx, input }: ActionArgs<CompanyCtx, EmployeeValues>) {
  const dto = await ctx.db.transaction(async (tx) => {
    if (willBeActive(input)) await assertSlotLeft({ ...ctx, db: tx });
    await assertCodeFree({ ...ctx, db: tx }, input.code);
    const [row] = await tx
      .insert(employees)
      .values({ ...employeeValues(input), company_id: ctx.companyId })
      .returning();
    let result = row;
    if (input.login_enabled && input.email) {
      const userId = await createLogin(tx, ctx, { id: row.id, name: row.name, email: input.email });
      [result] = await tx.update(employees).set({ user_id: userId }).where(eq(employees.id, row.id)).returning();
    }
    const dto = toEmployee(result);
    await audit(tx, {
      actor: ctx.actor,
      companyId: ctx.companyId,
      action: 'employee.create',
      targetType: 'employee',
      targetId: row.id,
      after: dto,
    });
    return dto;
  });
  if (input.login_enabled) ctx.deps.mailer.kick();
  return dto;
}

export async function updateEmployee({
  ctx,
  input: { id, updated_at, ...input },
}: ActionArgs<CompanyCtx, EmployeeValues & Versioned>) {
  let invited = false;
  const dto = await ctx.db.transaction(async (tx) => {
    const before = await findEmployee({ ...ctx, db: tx }, id, { forUpdate: true });
    if (!before) throw notFound(NOT_FOUND);
    assertFresh(before.updated_at, updated_at, '従業員');
    const wasActive = before.leave_date === null || before.leave_date >= todayInTokyo();
    if (!wasActive && willBeActive(input)) await assertSlotLeft({ ...ctx, db: tx });
    await assertCodeFree({ ...ctx, db: tx }, input.code, id);
    let userId = before.user_id;
    if (userId !== null && !input.login_enabled) {
      await disableLogin(tx, userId);
      userId = null;
    } else if (userId !== null && input.email && input.email.toLowerCase() !== before.email?.toLowerCase()) {
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(sql`lower(${users.email})`, input.email.toLowerCase()))
        .limit(1);
      if (taken && taken.id !== userId) {
        throw unprocessable({ email: ['このメールアドレスはすでにログインアカウントとして使われています'] });
      }
      await tx
        .update(users)
        .set({ email: input.email, name: input.name, updated_at: sql`now()` })
        .where(eq(users.id, userId));
    } else if (userId === null && input.login_enabled && input.email) {
      userId = await createLogin(tx, ctx, { id, name: input.name, email: input.email });
      invited = true;
    }
    if (userId !== null && !invited && input.name !== before.name) {
      // the sign-in account shows the employee's name in the top bar
      await tx.update(users).set({ name: input.name, updated_at: sql`now()` }).where(eq(users.id, userId));
    }
    const [row] = await tx
      .update(employees)
      .set({ ...employeeValues(input), user_id: userId, updated_at: nextVersion(employees.updated_at) })
      .where(eq(employees.id, id))
      .returning();
    const dto = toEmployee(row);
    await audit(tx, {
      actor: ctx.actor,
      companyId: ctx.companyId,
      action: 'employee.update',
      targetType: 'employee',
      targetId: id,
      before: toEmployee(before),
      after: dto,
    });
    return dto;
  });
  if (invited) ctx.deps.mailer.kick();
  return dto;
}

/** Soft delete (attendance keeps referring to it); the sign-in account is disabled. */
export async function deleteEmployee({ ctx, input: { id } }: ActionArgs<CompanyCtx, { id: number }>) {
  await ctx.db.transaction(async (tx) => {
    const before = await findEmployee({ ...ctx, db: tx }, id, { forUpdate: true });
    if (!before) throw notFound(NOT_FOUND);
    if (before.user_id !== null) await disableLogin(tx, before.user_id);
    await tx
      .update(employees)
      .set({ deleted_at: sql`now()`, user_id: null, updated_at: sql`now()` })
      .where(eq(employees.id, id));
    await audit(tx, {
      actor: ctx.actor,
      companyId: ctx.companyId,
      action: 'employee.delete',
      targetType: 'employee',
      targetId: id,
      before: toEmployee(before),
    });
  });
}
