import { BANK_FORMATS, type BankBalanceCheck, type BankImport, type BankImportDetail, type BankRow } from '@chobo/core';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  accountDailyBalances,
  accounts,
  bankAccounts,
  bankStatementImports,
  bankStatementRows,
  journalEntries,
} from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import type { ActionArgs, CompanyCtx, Tenant } from '../../lib/context.js';
import { notFound, unprocessable } from '../../lib/http-errors.js';
import { bankAccountLabel } from './bank-accounts.js';
import { type BankParser, normalizeText } from './formats/index.js';
import { editAccountNames, rowEditOf } from './row-edits.js';
import { suggest, suggestionContext } from './suggestions.js';
import { IMPORT_NOT_FOUND, NOT_IMPORTED } from './visibility.js';

export { IMPORT_NOT_FOUND };

/** The review step: the imports, one import's rows with their suggestions and its balance check, rows set 対象外. */

const formatLabel = (format: string, parser?: BankParser) =>
  parser?.label ?? BANK_FORMATS[format as keyof typeof BANK_FORMATS] ?? format;

const importColumns = {
  id: bankStatementImports.id,
  bank_account_id: bankStatementImports.bank_account_id,
  bank_name: bankAccounts.bank_name,
  branch_name: bankAccounts.branch_name,
  account_type: bankAccounts.account_type,
  account_number: bankAccounts.account_number,
  account_id: bankAccounts.account_id,
  format: bankStatementImports.format,
  encoding: bankStatementImports.encoding,
  file_name: bankStatementImports.file_name,
  file_size: bankStatementImports.file_size,
  status: bankStatementImports.status,
  total_rows: bankStatementImports.total_rows,
  imported_rows: bankStatementImports.imported_rows,
  skipped_rows: bankStatementImports.skipped_rows,
  processed_rows: bankStatementImports.processed_rows,
  confirmed_rows: sql<number>`(select count(*)::int from bank_statement_rows r where r.import_id = ${bankStatementImports.id} and r.status = 'confirmed')`,
  period_from: bankStatementImports.period_from,
  period_to: bankStatementImports.period_to,
  opening_balance: bankStatementImports.opening_balance,
  closing_balance: bankStatementImports.closing_balance,
  error: bankStatementImports.error,
  storage_key: bankStatementImports.storage_key,
  created_at: bankStatementImports.created_at,
  updated_at: bankStatementImports.updated_at,
};

type ImportRow = Awaited<ReturnType<typeof selectImports>>[number];
function selectImports(tenant: Tenant) {
  return tenant.db
    .select(importColumns)
    .from(bankStatementImports)
    .innerJoin(bankAccounts, eq(bankAccounts.id, bankStatementImports.bank_account_id))
    .where(eq(bankStatementImports.company_id, tenant.companyId))
    .$dynamic();
}

function toImportDto(r: ImportRow): BankImport {
  const { bank_name, branch_name, account_type, account_number, account_id: _a, storage_key: _k, ...rest } = r;
  return {
    ...rest,
    status: r.status as BankImport['status'],
    confirmed_rows: Number(r.confirmed_rows),
    bank_account_label: bankAccountLabel({ bank_name, branch_name, account_type, account_number }),
    format_label: formatLabel(r.format),
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  };
}

export async function listImports(tenant: Tenant): Promise<BankImport[]> {
  const rows = await selectImports(tenant).orderBy(desc(bankStatementImports.id)).limit(200);
  return rows.map(toImportDto);
}

export async function findImport(tenant: Tenant, id: number) {
  const [row] = await selectImports(tenant).where(
    and(eq(bankStatementImports.company_id, tenant.companyId), eq(bankStatementImports.id, id)),
  );
  return row ?? null;
}

export async function loadImport(tenant: Tenant, id: number): Promise<BankImport | null> {
  const row = await findImport(tenant, id);
  return row ? toImportDto(row) : null;
}

/** The kept file of an import (write-once storage). */
export async function importFile(ctx: CompanyCtx, id: number) {
  const row = await findImport(ctx, id);
  if (!row) throw notFound(IMPORT_NOT_FOUND);
  const bytes = await ctx.deps.storage.get(row.storage_key);
  if (!bytes) throw notFound('ファイルが見つかりません');
  return { bytes, file_name: row.file_name };
}

export async function balanceCheck(
  tenant: Tenant,
  imp: { account_id: number | null; period_to: string | null; closing_balance: number | null },
): Promise<BankBalanceCheck> {
  if (!imp.account_id || !imp.period_to) {
    return {
      account_id: imp.account_id,
      account_name: null,
      date: imp.period_to,
      statement_balance: imp.closing_balance,
      book_balance: null,
      difference: null,
    };
  }
  const [acc] = await tenant.db.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, imp.account_id));
  const [sum] = await tenant.db
    .select({ v: sql<string>`coalesce(sum(${accountDailyBalances.debit} - ${accountDailyBalances.credit}), 0)` })
    .from(accountDailyBalances)
    .where(
      and(
        eq(accountDailyBalances.company_id, tenant.companyId),
        eq(accountDailyBalances.account_id, imp.account_id),
        sql`${accountDailyBalances.date} <= ${imp.period_to}`,
      ),
    );
  const book = Number(sum.v);
  return {
    account_id: imp.account_id,
    account_name: acc?.name ?? null,
    date: imp.period_to,
    statement_balance: imp.closing_balance,
    book_balance: book,
    difference: imp.closing_balance === null ? null : imp.closing_balance - book,
  };
}

export async function loadImportDetail(
  tenant: Tenant,
  id: number,
  q: { page: number; per_page: number; status?: string | undefined; keyword?: string | undefined },
): Promise<BankImportDetail | null> {
  const imp = await findImport(tenant, id);
  if (!imp) return null;
  const filters = [eq(bankStatementRows.company_id, tenant.companyId), eq(bankStatementRows.import_id, id)];
  // a 'processing' import's rows show nowhere until the import is whole (docs/adr/0027)
  if (imp.status !== 'imported') filters.push(sql`false`);
  if (q.status) filters.push(eq(bankStatementRows.status, q.status));
  if (q.keyword) {
    const k = `%${normalizeText(q.keyword).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    filters.push(
      sql`(${bankStatementRows.description_search} ilike ${k} or ${bankStatementRows.description} ilike ${k})`,
    );
  }
  const where = and(...filters);
  const [{ n }] = await tenant.db.select({ n: sql<number>`count(*)::int` }).from(bankStatementRows).where(where);
  const rows = await tenant.db
    .select({ row: bankStatementRows, number: journalEntries.number })
    .from(bankStatementRows)
    .leftJoin(journalEntries, eq(journalEntries.id, bankStatementRows.journal_entry_id))
    .where(where)
    .orderBy(asc(bankStatementRows.line_no))
    .limit(q.per_page)
    .offset((q.page - 1) * q.per_page);
  const sctx = rows.some((r) => r.row.status === 'unconfirmed') ? await suggestionContext(tenant) : null;
  const editNames = await editAccountNames(
    tenant,
    rows.map((r) => r.row),
  );
  const dto: BankRow[] = rows.map(({ row, number }) => ({
    id: row.id,
    line_no: row.line_no,
    date: row.date,
    direction: row.direction as 'in' | 'out',
    amount: Number(row.amount),
    description: row.description,
    counterparty_name: row.counterparty_name,
    balance: row.balance === null ? null : Number(row.balance),
    status: row.status as BankRow['status'],
    journal_entry_id: row.journal_entry_id,
    journal_entry_number: number,
    suggestion:
      row.status === 'unconfirmed' && sctx
        ? suggest(row, sctx.rules, sctx.open, sctx.refs, sctx.customerNames, sctx.suppliers)
        : null,
    edit: row.status === 'unconfirmed' ? rowEditOf(row, editNames) : null,
    updated_at: (row.updated_at ?? imp.created_at).toISOString(),
  }));
  return {
    ...toImportDto(imp),
    rows: dto,
    rows_meta: { total: Number(n), page: q.page, per_page: q.per_page },
    balance_check: await balanceCheck(tenant, imp),
  };
}

/** Marks rows 対象外 (not to be posted) or back to 未確定. */
export async function setRowsIgnored({
  ctx,
  input: { importId, ids, ignored },
}: ActionArgs<CompanyCtx, { importId: number; ids: number[]; ignored: boolean }>) {
  return ctx.db.transaction(async (tx) => {
    const imp = await findImport({ ...ctx, db: tx }, importId);
    if (!imp) throw notFound(IMPORT_NOT_FOUND);
    if (imp.status !== 'imported') throw unprocessable({ _: [NOT_IMPORTED] });
    if (ids.length === 0) throw unprocessable({ ids: ['明細を選択してください'] });
    const updated = await tx
      .update(bankStatementRows)
      .set({ status: ignored ? 'ignored' : 'unconfirmed' })
      .where(
        and(
          eq(bankStatementRows.company_id, ctx.companyId),
          eq(bankStatementRows.import_id, importId),
          inArray(bankStatementRows.id, ids),
          eq(bankStatementRows.status, ignored ? 'unconfirmed' : 'ignored'),
        ),
      )
      .returning({ id: bankStatementRows.id });
    await audit(tx, {
      actor: ctx.actor,
      companyId: ctx.companyId,
      action: ignored ? 'bank_statement_row.ignore' : 'bank_statement_row.unignore',
      targetType: 'bank_statement_import',
      targetId: importId,
      after: { ids: updated.map((u) => u.id) },
    });
    return updated.length;
  });
}
