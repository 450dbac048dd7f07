import type { AdminCompanyValues, CompanyAccountValues } from '@chobo/core';
import { and, eq, sql } from 'drizzle-orm';
import { apiTokens, companies, journalEntries, passwordResets, users } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import { assertFresh, nextVersion } from '../../lib/concurrency.js';
import type { ActionArgs, AdminCtx, Versioned } from '../../lib/context.js';
import { HttpError, notFound, unprocessable } from '../../lib/http-errors.js';
import { queueMail } from '../../lib/mail.js';
import { hashToken, newToken } from '../../lib/secrets.js';
import { currentSettings } from '../../lib/settings.js';
import { RESET_TTL_MINUTES } from '../auth/password-reset.js';
import { companyOwner, findAdminCompany, loadAdminCompany } from './admin-companies.queries.js';
import { insertCompany, resolveDomainId } from './create-company.js';

const NOT_FOUND = '企業が見つかりません';

function checkCap(input: { max_employee?: number | undefined }, cap: number) {
  if (input.max_employee !== undefined && input.max_employee > cap) {
    throw unprocessable({ max_employee: [`従業員数の上限は${cap}以下で入力してください`] });
  }
}

export async function createAdminCompany({ ctx, input }: ActionArgs<AdminCtx, AdminCompanyValues>) {
  return ctx.db.transaction(async (tx) => {
    const { domain_id, max_employee, expiration_year, ...rest } = input;
    const row = await insertCompany(tx, ctx.deps, {
      ...rest,
      domain_id: domain_id ?? null,
      max_employee,
      expiration_year,
    });
    const dto = await loadAdminCompany(tx, row);
    await audit(tx, {
      actor: ctx.actor,
      companyId: row.id,
      action: 'company.create',
      targetType: 'company',
      targetId: row.id,
      after: dto,
    });
    return dto;
  });
}

export async function updateAdminCompany({
  ctx,
  input: { id, updated_at, ...input },
}: ActionArgs<AdminCtx, AdminCompanyValues & Versioned>) {
  return ctx.db.transaction(async (tx) => {
    const before = await findAdminCompany(tx, id, { forUpdate: true });
    if (!before) throw notFound(NOT_FOUND);
    assertFresh(before.updated_at, updated_at, '企業');
    const domainId = input.domain_id ? await resolveDomainId(tx, input.domain_id) : before.domain_id;
    const maxEmployee = input.max_employee ?? before.max_employee;
    checkCap({ max_employee: maxEmployee }, Math.max(before.max_employee_cap, maxEmployee));
    const { domain_id: _d, ...rest } = input;
    const [row] = await tx
      .update(companies)
      .set({
        ...rest,
        domain_id: domainId,
        max_employee: maxEmployee,
        max_employee_cap: Math.max(before.max_employee_cap, maxEmployee),
        expiration_year: input.expiration_year ?? before.expiration_year,
        updated_at: nextVersion(companies.updated_at),
      })
      .where(eq(companies.id, id))
      .returning();
    const dto = await loadAdminCompany(tx, row);
    await audit(tx, {
      actor: ctx.actor,
      companyId: id,
      action:
        before.status !== row.status
          ? `company.${row.status === 'suspended' ? 'suspend' : 'reactivate'}`
          : 'company.update',
      targetType: 'company',
      targetId: id,
      before: await loadAdminCompany(tx, before),
      after: dto,
    });
    return dto;
  });
}

/** Suspend (its users can no longer sign in; their sessions end) or reactivate a company. */
export async function setCompanyStatus({
  ctx,
  input: { id, status },
}: ActionArgs<AdminCtx, { id: number; status: 'active' | 'suspended' }>) {
  return ctx.db.transaction(async (tx) => {
    const before = await findAdminCompany(tx, id, { forUpdate: true });
    if (!before) throw notFound(NOT_FOUND);
    const [row] = await tx
      .update(companies)
      .set({ status, updated_at: sql`now()` })
      .where(eq(companies.id, id))
      .returning();
    if (status === 'suspended') {
      await tx
        .update(apiTokens)
        .set({ revoked_at: sql`now()` })
        .where(
          and(
            sql`${apiTokens.revoked_at} is null`,
            sql`${apiTokens.user_id} in (select id from ${users} where ${users.company_id} = ${id})`,
          ),
        );
    }
    const dto = await loadAdminCompany(tx, row);
    await audit(tx, {
      actor: ctx.actor,
      companyId: id,
      action: status === 'suspended' ? 'company.suspend' : 'company.reactivate',
      targetType: 'company',
      targetId: id,
      before: { status: before.status },
      after: { status },
    });
    return dto;
  });
}

/** Books = journal entries. A company with books cannot be deleted (suspend it instead). */
async function hasBooks(tx: AdminCtx['db'], companyId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: journalEntries.id })
    .from(journalEntries)
    .where(eq(journalEntries.company_id, companyId))
    .limit(1);
  return Boolean(row);
}

export async function deleteAdminCompany({ ctx, input: { id } }: ActionArgs<AdminCtx, { id: number }>) {
  await ctx.db.transaction(async (tx) => {
    const before = await findAdminCompany(tx, id, { forUpdate: true });
    if (!before) throw notFound(NOT_FOUND);
    if (await hasBooks(tx, id)) {
      throw new HttpError(409, '仕訳が登録されている企業は削除できません。利用を停止してください');
    }
    const snapshot = await loadAdminCompany(tx, before);
    await tx.delete(users).where(eq(users.company_id, id));
    await tx.delete(companies).where(eq(companies.id, id));
    await audit(tx, {
      actor: ctx.actor,
      companyId: null,
      action: 'company.delete',
      targetType: 'company',
      targetId: id,
      before: snapshot,
    });
  });
}

/** /system/companies/{id}/account/edit: the owner account, the employee cap and retention. */
export async function updateCompanyAccount({
  ctx,
  input: { id, updated_at, ...input },
}: ActionArgs<AdminCtx, CompanyAccountValues & Versioned>) {
  const { service_name } = await currentSettings(ctx.deps);
  const result = await ctx.db.transaction(async (tx) => {
    const company = await findAdminCompany(tx, id, { forUpdate: true });
    if (!company) throw notFound(NOT_FOUND);
    // the company row versions the account page too: every save of it bumps companies.updated_at
    assertFresh(company.updated_at, updated_at, '企業');
    const before = await loadAdminCompany(tx, company);
    const [clash] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.email})`, input.email.toLowerCase()))
      .limit(1);
    const owner = await companyOwner(tx, id);
    if (clash && clash.id !== owner?.id) throw unprocessable({ email: ['このメールアドレスはすでに登録されています'] });
    let ownerId: number;
    if (owner) {
      await tx
        .update(users)
        .set({
          name: input.name,
          email: input.email,
          disabled_at: input.disabled ? (owner.disabled_at ?? sql`now()`) : null,
          updated_at: sql`now()`,
        })
        .where(eq(users.id, owner.id));
      if (input.disabled) {
        await tx
          .update(apiTokens)
          .set({ revoked_at: sql`now()` })
          .where(and(eq(apiTokens.user_id, owner.id), sql`${apiTokens.revoked_at} is null`));
      }
      ownerId = owner.id;
    } else {
      const [u] = await tx
        .insert(users)
        .values({
          name: input.name,
          email: input.email,
          role: 'company',
          company_id: id,
          disabled_at: input.disabled ? sql`now()` : null,
        })
        .returning({ id: users.id });
      ownerId = u.id;
    }
    const cap = Math.max(company.max_employee_cap, input.max_employee);
    await tx
      .update(companies)
      .set({
        max_employee: input.max_employee,
        max_employee_cap: cap,
        expiration_year: input.expiration_year,
        updated_at: nextVersion(companies.updated_at),
      })
      .where(eq(companies.id, id));
    // A new owner (no password yet) always gets the link; otherwise when asked.
    if (input.send_password_reset || !owner) {
      const token = newToken();
      await tx.insert(passwordResets).values({
        user_id: ownerId,
        token_hash: hashToken(token),
        expires_at: sql`now() + make_interval(mins => ${RESET_TTL_MINUTES})`,
      });
      const link = `${ctx.deps.env.APP_URL}/password-reset?token=${encodeURIComponent(token)}&email=${encodeURIComponent(input.email)}`;
      await queueMail(tx, {
        to: input.email,
        subject: `【${service_name}】パスワード設定のご案内`,
        body: [
          `${input.name} 様`,
          '',
          `${service_name} の管理者が、${company.name} のログインアカウントのパスワード設定をお送りしました。`,
          `下のリンクから${RESET_TTL_MINUTES}分以内にパスワードを設定してください。リンクは一度だけ使えます。`,
          '',
          link,
          '',
          '――',
          service_name,
        ].join('\n'),
      });
    }
    const [fresh] = await tx.select().from(companies).where(eq(companies.id, id));
    const after = await loadAdminCompany(tx, fresh);
    await audit(tx, {
      actor: ctx.actor,
      companyId: id,
      action: 'company.account_update',
      targetType: 'company',
      targetId: id,
      before: { owner: before.owner, max_employee: before.max_employee, expiration_year: before.expiration_year },
      after: {
        owner: after.owner,
        max_employee: after.max_employee,
        expiration_year: after.expiration_year,
        password_mail: input.send_password_reset || !owner,
      },
    });
    return after;
  });
  ctx.deps.mailer.kick();
  return result;
}

/** The company logo (companies.logo_data, a PNG/JPEG data URL; null removes it), audited without the image itself. */
export async function setCompanyLogo({
  ctx,
  input: { id, dataUrl },
}: ActionArgs<AdminCtx, { id: number; dataUrl: string | null }>) {
  return ctx.db.transaction(async (tx) => {
    const before = await findAdminCompany(tx, id, { forUpdate: true });
    if (!before) throw notFound(NOT_FOUND);
    // the logo is set on its own, not edited with the record: it leaves the version (updated_at) alone, so
    // the company form open beside it on the same page can still be saved
    await tx.update(companies).set({ logo_data: dataUrl }).where(eq(companies.id, id));
    await audit(tx, {
      actor: ctx.actor,
      companyId: id,
      action: dataUrl ? 'company.logo_update' : 'company.logo_delete',
      targetType: 'company',
      targetId: id,
      before: { logo: before.logo_data ? `${before.logo_data.length} chars` : null },
      after: { logo: dataUrl ? `${dataUrl.length} chars` : null },
    });
    return { logo_data: dataUrl };
  });
}
