import { and, eq, sql } from 'drizzle-orm';
import { bankStatementRows, payments } from '../../db/schema/index.js';
import type { CompanyCtx, Tenant } from '../../lib/context.js';
import { unprocessable } from '../../lib/http-errors.js';
import { visibleImports } from '../bank-statements/visibility.js';

/** A payment's bank statement row: checked, confirmed with the payment's entry, reopened when the payment goes. */

/** A payment's bank statement row: this company's, and not already another payment's. */
export async function checkBankRow(
  tenant: Tenant,
  rowId: number | null,
  paymentId: number | null,
  currentRowId?: number | null,
) {
  if (rowId === null) return;
  const [r] = await tenant.db
    .select({ id: bankStatementRows.id, status: bankStatementRows.status })
    .from(bankStatementRows)
    .where(
      and(
        eq(bankStatementRows.id, rowId),
        eq(bankStatementRows.company_id, tenant.companyId),
        // a row of an import still being stored is not there yet (docs/adr/0027)
        sql`${bankStatementRows.import_id} in ${visibleImports(tenant.companyId)}`,
      ),
    );
  if (!r) throw unprocessable({ bank_statement_row_id: ['銀行明細の行が見つかりません'] });
  if (r.status !== 'unconfirmed' && rowId !== currentRowId)
    throw unprocessable({ bank_statement_row_id: ['この銀行明細の行はすでに仕訳済みです'] });
  const [other] = await tenant.db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.company_id, tenant.companyId),
        eq(payments.bank_statement_row_id, rowId),
        paymentId !== null ? sql`${payments.id} <> ${paymentId}` : undefined,
      ),
    );
  if (other) throw unprocessable({ bank_statement_row_id: ['この銀行明細の行はすでに別の入出金になっています'] });
}

/**
 * A payment made from a bank statement row (the payment form opened from the row, or bank import's confirm)
 * confirms the row: its entry is the payment's (row → entry → payment → row), so the row cannot be posted again.
 */
export async function linkBankRow(ctx: CompanyCtx, rowId: number | null, entryId: number | null) {
  if (rowId === null) return;
  await ctx.db
    .update(bankStatementRows)
    .set({
      status: 'confirmed',
      journal_entry_id: entryId,
      confirmed_by: ctx.actor.userId,
      confirmed_at: new Date(),
    })
    .where(and(eq(bankStatementRows.id, rowId), eq(bankStatementRows.company_id, ctx.companyId)));
}

/** The row of a deleted payment (or one moved to another row) is open again, to be confirmed anew. */
export async function unlinkBankRow(ctx: CompanyCtx, rowId: number | null) {
  if (rowId === null) return;
  await ctx.db
    .update(bankStatementRows)
    .set({
      status: 'unconfirmed',
      journal_entry_id: null,
      matched: null,
      confirmed_as: null,
      confirmed_by: null,
      confirmed_at: null,
    })
    .where(and(eq(bankStatementRows.id, rowId), eq(bankStatementRows.company_id, ctx.companyId)));
}
