import type { BankRowEdit, BankRowEditValues } from '@chobo/core';
import { and, eq, inArray } from 'drizzle-orm';
import { accounts, bankStatementImports, bankStatementRows } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import { assertFresh, nextVersion } from '../../lib/concurrency.js';
import type { ActionArgs, CompanyCtx, Stamped, Tenant } from '../../lib/context.js';
import { notFound, unprocessable } from '../../lib/http-errors.js';
import { IMPORT_NOT_FOUND, NOT_IMPORTED } from './visibility.js';

export const ROW_NOT_FOUND = '明細が見つかりません';

type EditColumns = {
  edit_account_id: number | null;
  edit_tax_category: string | null;
  edit_description: string | null;
};

/** A row's edit on the wire (null when the person has not changed the suggestion). */
export function rowEditOf(row: EditColumns, names: Map<number, string>): BankRowEdit['edit'] {
  if (row.edit_account_id === null) return null;
  return {
    account_id: row.edit_account_id,
    account_name: names.get(row.edit_account_id) ?? null,
    tax_category: row.edit_tax_category ?? 'none',
    description: row.edit_description,
  };
}

/** The names of the accounts the given rows were edited to. */
export async function editAccountNames(tenant: Tenant, rows: EditColumns[]): Promise<Map<number, string>> {
  const ids = [...new Set(rows.map((r) => r.edit_account_id).filter((x): x is number => x !== null))];
  if (!ids.length) return new Map();
  const found = await tenant.db
    .select({ id: accounts.id, name: accounts.name })
    .from(accounts)
    .where(and(eq(accounts.company_id, tenant.companyId), inArray(accounts.id, ids)));
  return new Map(found.map((a) => [a.id, a.name]));
}

/** One row of an import, locked FOR UPDATE until the transaction ends; 404 when it is not there. */
export async function lockRow(tenant: Tenant, importId: number, rowId: number) {
  const [row] = await tenant.db
    .select()
    .from(bankStatementRows)
    .where(
      and(
        eq(bankStatementRows.company_id, tenant.companyId),
        eq(bankStatementRows.import_id, importId),
        eq(bankStatementRows.id, rowId),
      ),
    )
    .for('update');
  if (!row) throw notFound(ROW_NOT_FOUND);
  return row;
}

/**
 * A person changes an unconfirmed row's 勘定科目 / 税区分 / 摘要 before confirming (account_id null: back
 * to the suggestion). Versioned by the row's updated_at (the import's created_at until the first edit).
 */
export async function editRow({
  ctx,
  input: { importId, rowId, updated_at, ...input },
}: ActionArgs<CompanyCtx, BankRowEditValues & Stamped & { importId: number; rowId: number }>): Promise<BankRowEdit> {
  return ctx.db.transaction(async (tx) => {
    const [imp] = await tx
      .select({
        id: bankStatementImports.id,
        status: bankStatementImports.status,
        created_at: bankStatementImports.created_at,
      })
      .from(bankStatementImports)
      .where(and(eq(bankStatementImports.company_id, ctx.companyId), eq(bankStatementImports.id, importId)));
    if (!imp) throw notFound(IMPORT_NOT_FOUND);
    if (imp.status !== 'imported') throw unprocessable({ _: [NOT_IMPORTED] });
    const row = await lockRow({ ...ctx, db: tx }, importId, rowId);
    assertFresh(row.updated_at ?? imp.created_at, updated_at, '明細');
    if (row.status !== 'unconfirmed') throw unprocessable({ _: ['確定済み・対象外の明細は変更できません'] });
    if (input.account_id !== null) {
      const [acc] = await tx
        .select({ id: accounts.id, active: accounts.is_active })
        .from(accounts)
        .where(and(eq(accounts.company_id, ctx.companyId), eq(accounts.id, input.account_id)));
      if (!acc?.active) throw unprocessable({ account_id: ['勘定科目が見つかりません'] });
    }
    const values: EditColumns = {
      edit_account_id: input.account_id,
      edit_tax_category: input.account_id === null ? null : input.tax_category,
      edit_description: input.account_id === null ? null : (input.description ?? null),
    };
    const [next] = await tx
      .update(bankStatementRows)
      .set({ ...values, updated_at: nextVersion(bankStatementRows.updated_at) })
      .where(eq(bankStatementRows.id, row.id))
      .returning({ updated_at: bankStatementRows.updated_at });
    const names = await editAccountNames({ ...ctx, db: tx }, [values]);
    const after: BankRowEdit = {
      id: row.id,
      edit: rowEditOf(values, names),
      updated_at: (next.updated_at as Date).toISOString(),
    };
    await audit(tx, {
      actor: ctx.actor,
      companyId: ctx.companyId,
      action: 'bank_statement_row.edit',
      targetType: 'bank_statement_row',
      targetId: row.id,
      before: { edit: rowEditOf(row, names) },
      after,
    });
    return after;
  });
}
