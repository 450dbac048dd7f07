import type { CompanyBankAccount, CompanyBankAccountValues } from '@chobo/core';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { accounts, bankAccounts, bankStatementImports } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import { assertFresh, nextVersion } from '../../lib/concurrency.js';
import type { ActionArgs, CompanyCtx, Tenant, Versioned } from '../../lib/context.js';
import { notFound, unprocessable } from '../../lib/http-errors.js';
import { loadAccounts } from '../accounting/accounts.queries.js';

export const BANK_ACCOUNT_NOT_FOUND = '銀行口座が見つかりません';

const columns = {
  id: bankAccounts.id,
  bank_code: bankAccounts.bank_code,
  bank_name: bankAccounts.bank_name,
  branch_code: bankAccounts.branch_code,
  branch_name: bankAccounts.branch_name,
  account_type: bankAccounts.account_type,
  account_number: bankAccounts.account_number,
  account_holder: bankAccounts.account_holder,
  account_id: bankAccounts.account_id,
  account_name: accounts.name,
  on_invoice: bankAccounts.on_invoice,
  updated_at: bankAccounts.updated_at,
};

type Row = { updated_at: Date } & Omit<CompanyBankAccount, 'updated_at'>;
const toDto = (r: Row): CompanyBankAccount => ({ ...r, updated_at: r.updated_at.toISOString() });

export async function listBankAccounts(tenant: Tenant): Promise<CompanyBankAccount[]> {
  const rows = await tenant.db
    .select(columns)
    .from(bankAccounts)
    .leftJoin(accounts, eq(accounts.id, bankAccounts.account_id))
    .where(eq(bankAccounts.company_id, tenant.companyId))
    .orderBy(desc(bankAccounts.on_invoice), asc(bankAccounts.sort_order), asc(bankAccounts.id));
  return rows.map(toDto);
}

export async function loadBankAccount(tenant: Tenant, id: number): Promise<CompanyBankAccount | null> {
  const [row] = await tenant.db
    .select(columns)
    .from(bankAccounts)
    .leftJoin(accounts, eq(accounts.id, bankAccounts.account_id))
    .where(and(eq(bankAccounts.company_id, tenant.companyId), eq(bankAccounts.id, id)));
  return row ? toDto(row) : null;
}

/** 銀行名 支店名 普通 1234567 */
export const bankAccountLabel = (b: {
  bank_name: string;
  branch_name: string;
  account_type: string;
  account_number: string;
}) => `${b.bank_name} ${b.branch_name} ${b.account_type} ${b.account_number}`;

/** The linked 勘定科目 must be 普通預金 (or 当座預金) or a sub-account of one, of this company. */
async function checkAccount(tenant: Tenant, accountId: number) {
  const [acc] = await tenant.db
    .select({ id: accounts.id, system_key: accounts.system_key, parent_key: sql<string | null>`p.system_key` })
    .from(accounts)
    .leftJoin(sql`accounts p`, sql`p.id = ${accounts.parent_id}`)
    .where(and(eq(accounts.company_id, tenant.companyId), eq(accounts.id, accountId)));
  const ok = (k: string | null) => k === 'ordinary_deposit' || k === 'checking_deposit';
  if (!acc || !(ok(acc.system_key) || ok(acc.parent_key))) {
    throw unprocessable({ account_id: ['勘定科目は普通預金・当座預金またはその補助科目を選択してください'] });
  }
}

/** A sub-account of 普通預金 named after the bank (code 1120-N), created for a new bank account. */
async function createSubAccount(tenant: Tenant, input: CompanyBankAccountValues): Promise<number> {
  const parent = (await loadAccounts(tenant)).find((a) => a.system_key === 'ordinary_deposit');
  if (!parent) throw unprocessable({ account_id: ['普通預金の勘定科目がありません'] });
  const existing = await tenant.db
    .select({ code: accounts.code })
    .from(accounts)
    .where(and(eq(accounts.company_id, tenant.companyId), sql`${accounts.code} like ${`${parent.code}-%`}`));
  const used = new Set(existing.map((e) => e.code));
  let n = 1;
  while (used.has(`${parent.code}-${n}`)) n++;
  const [row] = await tenant.db
    .insert(accounts)
    .values({
      company_id: tenant.companyId,
      code: `${parent.code}-${n}`,
      name: `普通預金（${input.bank_name}）`.slice(0, 50),
      category: parent.category,
      section: parent.section,
      normal_side: parent.normal_side,
      parent_id: parent.id,
      cash_flow_role: parent.cash_flow_role,
      default_tax_category: parent.default_tax_category,
      sort_order: parent.sort_order,
    })
    .returning({ id: accounts.id });
  return row.id;
}

async function linkedAccount(tenant: Tenant, input: CompanyBankAccountValues): Promise<number | null> {
  if (input.create_account) return createSubAccount(tenant, input);
  if (input.account_id !== null) await checkAccount(tenant, input.account_id);
  return input.account_id;
}

const fieldsOf = ({ create_account: _c, ...v }: CompanyBankAccountValues) => v;

export async function createBankAccount({ ctx, input }: ActionArgs<CompanyCtx, CompanyBankAccountValues>) {
  return ctx.db.transaction(async (tx) => {
    const t = { ...ctx, db: tx };
    const account_id = await linkedAccount(t, input);
    const [{ n }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(bankAccounts)
      .where(eq(bankAccounts.company_id, ctx.companyId));
    const on_invoice = input.on_invoice || n === 0;
    if (on_invoice) {
      await tx.update(bankAccounts).set({ on_invoice: false }).where(eq(bankAccounts.company_id, ctx.companyId));
    }
    const [row] = await tx
      .insert(bankAccounts)
      .values({ ...fieldsOf(input), account_id, on_invoice, company_id: ctx.companyId, sort_order: n + 1 })
      .returning({ id: bankAccounts.id });
    const after = await loadBankAccount(t, row.id);
    await audit(tx, {
      actor: ctx.actor,
      companyId: ctx.companyId,
      action: 'bank_account.create',
      targetType: 'bank_account',
      targetId: row.id,
      after,
    });
    return after as CompanyBankAccount;
  });
}

export async function updateBankAccount({
  ctx,
  input: { id, updated_at, ...input },
}: ActionArgs<CompanyCtx, CompanyBankAccountValues & Versioned>) {
  return ctx.db.transaction(async (tx) => {
    const t = { ...ctx, db: tx };
    const [row] = await tx
      .select()
      .from(bankAccounts)
      .where(and(eq(bankAccounts.company_id, ctx.companyId), eq(bankAccounts.id, id)))
      .for('update');
    if (!row) throw notFound(BANK_ACCOUNT_NOT_FOUND);
    assertFresh(row.updated_at, updated_at, '銀行口座');
    const before = await loadBankAccount(t, id);
    const account_id = await linkedAccount(t, input);
    if (input.on_invoice && !row.on_invoice) {
      await tx.update(bankAccounts).set({ on_invoice: false }).where(eq(bankAccounts.company_id, ctx.companyId));
    }
    await tx
      .update(bankAccounts)
      .set({
        ...fieldsOf(input),
        account_id,
        on_invoice: input.on_invoice || row.on_invoice,
        updated_at: nextVersion(bankAccounts.updated_at),
      })
      .where(eq(bankAccounts.id, id));
    const after = await loadBankAccount(t, id);
    await audit(tx, {
      actor: ctx.actor,
      companyId: ctx.companyId,
      action: 'bank_account.update',
      targetType: 'bank_account',
      targetId: id,
      before,
      after,
    });
    return after as CompanyBankAccount;
  });
}

export async function deleteBankAccount({ ctx, input: { id } }: ActionArgs<CompanyCtx, { id: number }>) {
  return ctx.db.transaction(async (tx) => {
    const before = await loadBankAccount({ ...ctx, db: tx }, id);
    if (!before) throw notFound(BANK_ACCOUNT_NOT_FOUND);
    const [used] = await tx
      .select({ id: bankStatementImports.id })
      .from(bankStatementImports)
      .where(and(eq(bankStatementImports.company_id, ctx.companyId), eq(bankStatementImports.bank_account_id, id)))
      .limit(1);
    if (used) throw unprocessable({ _: ['取り込んだ明細がある銀行口座は削除できません'] });
    await tx.delete(bankAccounts).where(eq(bankAccounts.id, id));
    if (before.on_invoice) {
      // the next account becomes the one printed on invoices
      const [next] = await tx
        .select({ id: bankAccounts.id })
        .from(bankAccounts)
        .where(eq(bankAccounts.company_id, ctx.companyId))
        .orderBy(asc(bankAccounts.sort_order), asc(bankAccounts.id))
        .limit(1);
      if (next) await tx.update(bankAccounts).set({ on_invoice: true }).where(eq(bankAccounts.id, next.id));
    }
    await audit(tx, {
      actor: ctx.actor,
      companyId: ctx.companyId,
      action: 'bank_account.delete',
      targetType: 'bank_account',
      targetId: id,
      before,
    });
  });
}
