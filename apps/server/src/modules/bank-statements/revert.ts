import { and, eq, sql } from 'drizzle-orm';
import { bankStatementImports, bankStatementRows } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import type { ActionArgs, CompanyCtx } from '../../lib/context.js';
import { notFound, unprocessable } from '../../lib/http-errors.js';
import { withDbRefusals, withdrawEntry } from '../accounting/posting.js';
import { sqlRows } from '../accounting/sql-rows.js';
import { paymentsOfRevertedImport } from './payments-seam.js';
import { IMPORT_NOT_FOUND } from './visibility.js';

/**
 * Removes an import's rows and the journal entries made from them: deleted in an open period, reversed
 * (逆仕訳 dated today) in a locked one. The import record and its file stay, marked 取り消し済.
 */
export async function revertImport({ ctx, input: { id } }: ActionArgs<CompanyCtx, { id: number }>) {
  return withDbRefusals(() =>
    ctx.db.transaction(async (tx) => {
      const t = { ...ctx, db: tx };
      const [imp] = await tx
        .select()
        .from(bankStatementImports)
        .where(and(eq(bankStatementImports.company_id, ctx.companyId), eq(bankStatementImports.id, id)))
        .for('update');
      if (!imp) throw notFound(IMPORT_NOT_FOUND);
      if (imp.status === 'reverted') throw unprocessable({ _: ['この取り込みはすでに取り消されています'] });
      if (imp.status === 'processing')
        throw unprocessable({ _: ['取り込み中のため取り消せません。完了してから取り消してください'] });
      // rows that became payments go with their payments (entries withdrawn, documents reopened)
      const paid = await paymentsOfRevertedImport(t, id);
      const posted = (
        await tx
          .select({ id: bankStatementRows.id, entry: bankStatementRows.journal_entry_id })
          .from(bankStatementRows)
          .where(and(eq(bankStatementRows.import_id, id), sql`${bankStatementRows.journal_entry_id} is not null`))
      ).filter((p) => !paid.has(p.id));
      for (const p of posted) await withdrawEntry(t, p.entry as number, ctx.actor.userId);
      const [{ n }] = await sqlRows<{ n: number }>(
        tx,
        sql`with d as (delete from bank_statement_rows where import_id = ${id} and company_id = ${ctx.companyId} returning 1) select count(*)::int as n from d`,
      );
      await tx
        .update(bankStatementImports)
        .set({ status: 'reverted', reverted_at: new Date(), updated_at: new Date() })
        .where(eq(bankStatementImports.id, id));
      await audit(tx, {
        actor: ctx.actor,
        companyId: ctx.companyId,
        action: 'bank_statement.revert',
        targetType: 'bank_statement_import',
        targetId: id,
        before: { rows: Number(n), entries: posted.length + paid.size, payments: paid.size },
      });
      return { removed_rows: Number(n), withdrawn_entries: posted.length + paid.size };
    }),
  );
}
