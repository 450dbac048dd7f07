import { and, eq, sql } from 'drizzle-orm';
import { bankStatementImports, bankStatementRows, journalEntries } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import type { ActionArgs, CompanyCtx } from '../../lib/context.js';
import { notFound, unprocessable } from '../../lib/http-errors.js';
import { withDbRefusals, withdrawEntry } from '../accounting/posting.js';
import { sqlRows } from '../accounting/sql-rows.js';
import { SOURCE_TYPE } from './confirm.js';
import { paymentsOfRevertedImport } from './payments-seam.js';
import { IMPORT_NOT_FOUND } from './visibility.js';

/**
 * Removes an import's rows and withdraws only what the import made: the entries its confirm step posted
 * (source 'bank_statement_row' = the row; deleted in an open period, reversed — 逆仕訳 dated today — in a
 * locked one) and the payments made from its rows (deleted like any payment: their entries withdrawn, the
 * documents they settled reopened). A row linked to an entry made elsewhere (a sale's, a hand-typed
 * 仕訳…) only loses the link: that entry belongs to its own document, which stays true with or without
 * the statement, and withdrawing it would leave the document posted without its entry. The answer and the
 * audit row count those kept entries. The import record and its file stay, marked 取り消し済.
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
      const linked = (
        await tx
          .select({
            id: bankStatementRows.id,
            entry: bankStatementRows.journal_entry_id,
            source_type: journalEntries.source_type,
            source_id: journalEntries.source_id,
          })
          .from(bankStatementRows)
          .innerJoin(journalEntries, eq(journalEntries.id, bankStatementRows.journal_entry_id))
          .where(and(eq(bankStatementRows.import_id, id), eq(bankStatementRows.company_id, ctx.companyId)))
      ).filter((p) => !paid.has(p.id));
      const posted = linked.filter((p) => p.source_type === SOURCE_TYPE && p.source_id === p.id);
      const kept = linked.length - posted.length;
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
        before: { rows: Number(n), entries: posted.length + paid.size, payments: paid.size, kept_entries: kept },
      });
      return { removed_rows: Number(n), withdrawn_entries: posted.length + paid.size, kept_entries: kept };
    }),
  );
}
