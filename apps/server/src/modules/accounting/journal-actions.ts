import { type EntryKind, type JournalEntry, type JournalEntryValues, todayInTokyo } from '@chobo/core';
import { and, eq } from 'drizzle-orm';
import { journalEntries, journalLines } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import { assertFresh, nextVersion } from '../../lib/concurrency.js';
import type { ActionArgs, CompanyCtx, Versioned } from '../../lib/context.js';
import { notFound, unprocessable } from '../../lib/http-errors.js';
import { assertInFiscalYear } from './fiscal-year-check.js';
import { findEntry, loadEntry } from './journal.queries.js';
import {
  assertOpen,
  booksEntry,
  checkLines,
  lineRows,
  postEntry,
  reversalInput,
  totalOf,
  withDbRefusals,
} from './posting.js';

export const ENTRY_NOT_FOUND = '仕訳が見つかりません';

/** The documents that make entries (journal_entries.source_type), as the journal names them. */
export const SOURCE_LABELS: Record<string, string> = {
  transaction: '受注取引',
  invoice: '請求書',
  transaction_document: '発注取引',
  payment: '入金・支払',
  bank_statement_row: '銀行明細',
  tax_return: '確定申告書',
};

/**
 * An entry made from a document (a sale, an invoice, a payment, a bank row, a tax return…) changes only
 * through that document: the journal refuses to edit, delete or reverse it, naming the document (422).
 * Otherwise the document would still count as posted while its entry is gone or cancelled.
 */
export function assertNotSourced(row: { source_type: string | null; source_id: number | null }) {
  if (!row.source_type) return;
  const what = SOURCE_LABELS[row.source_type] ?? '他の書類';
  const ref = row.source_id ? `${what} #${row.source_id}` : what;
  throw unprocessable({
    _: [`この仕訳は${ref}から作成されています。変更・削除・逆仕訳は${what}の画面から行ってください`],
  });
}

export async function createEntry({ ctx, input: given }: ActionArgs<CompanyCtx, JournalEntryValues>) {
  return withDbRefusals(() =>
    ctx.db.transaction(async (tx) => {
      await assertOpen({ ...ctx, db: tx }, given.date);
      // a taxable line without its tax line is split as the form does (税抜経理), before the answer is built
      const input = await booksEntry({ ...ctx, db: tx }, given);
      const names = await checkLines({ ...ctx, db: tx }, input);
      const entry = await postEntry({ ...ctx, db: tx }, input, {
        createdBy: ctx.actor.userId,
        skipChecks: true,
        split: true,
      });
      // the new entry's answer is built from what was just written (no re-read of accounts and customers)
      const dto: JournalEntry = {
        id: entry.id,
        company_id: entry.company_id,
        number: entry.number,
        date: entry.date,
        description: entry.description,
        kind: 'normal',
        reversal_of_id: null,
        reversed_by_id: null,
        source_type: null,
        source_id: null,
        total: Number(entry.total),
        locked: false,
        lines: input.lines.map((l, i) => {
          const acc = names.accById.get(l.account_id);
          return {
            id: entry.lineIds[i],
            line_no: i + 1,
            account_id: l.account_id,
            account_code: acc?.code ?? '',
            account_name: acc?.name ?? '',
            debit: l.debit,
            credit: l.credit,
            tax_category: l.tax_category,
            customer_id: l.customer_id,
            customer_name: l.customer_id === null ? null : (names.customerNames.get(l.customer_id) ?? null),
            memo: l.memo,
          };
        }),
        created_at: entry.created_at.toISOString(),
        updated_at: entry.updated_at.toISOString(),
      };
      await audit(tx, {
        actor: ctx.actor,
        companyId: ctx.companyId,
        action: 'journal.create',
        targetType: 'journal_entry',
        targetId: entry.id,
        after: dto,
      });
      return dto;
    }),
  );
}

/** Edits an entry of an open period: lines are replaced; the audit row keeps the before and after. */
export async function updateEntry({
  ctx,
  input: { id, updated_at, ...input },
}: ActionArgs<CompanyCtx, JournalEntryValues & Versioned>) {
  return withDbRefusals(() =>
    ctx.db.transaction(async (tx) => {
      const row = await findEntry({ ...ctx, db: tx }, id, { forUpdate: true });
      if (!row) throw notFound(ENTRY_NOT_FOUND);
      if (row.kind === 'closing') throw unprocessable({ _: ['決算振替仕訳は編集できません'] });
      assertNotSourced(row);
      assertFresh(row.updated_at, updated_at, '仕訳');
      await assertOpen({ ...ctx, db: tx }, row.date);
      await assertOpen({ ...ctx, db: tx }, input.date);
      await assertInFiscalYear({ ...ctx, db: tx }, input.date);
      await checkLines({ ...ctx, db: tx }, input);
      const before = await loadEntry({ ...ctx, db: tx }, id);
      await tx.delete(journalLines).where(eq(journalLines.entry_id, id));
      await tx
        .update(journalEntries)
        .set({
          date: input.date,
          description: input.description,
          total: totalOf(input),
          updated_at: nextVersion(journalEntries.updated_at),
        })
        .where(eq(journalEntries.id, id));
      await tx.insert(journalLines).values(lineRows(ctx.companyId, id, input.date, row.kind as EntryKind, input));
      const after = await loadEntry({ ...ctx, db: tx }, id);
      await audit(tx, {
        actor: ctx.actor,
        companyId: ctx.companyId,
        action: 'journal.update',
        targetType: 'journal_entry',
        targetId: id,
        before,
        after,
      });
      return after;
    }),
  );
}

export async function deleteEntry({ ctx, input: { id } }: ActionArgs<CompanyCtx, { id: number }>) {
  await withDbRefusals(() =>
    ctx.db.transaction(async (tx) => {
      const row = await findEntry({ ...ctx, db: tx }, id, { forUpdate: true });
      if (!row) throw notFound(ENTRY_NOT_FOUND);
      if (row.kind === 'closing') throw unprocessable({ _: ['決算振替仕訳は年度の締めを戻さない限り削除できません'] });
      assertNotSourced(row);
      await assertOpen({ ...ctx, db: tx }, row.date);
      const before = await loadEntry({ ...ctx, db: tx }, id);
      // a reversal pointing at this entry keeps its own lines; only the link goes
      await tx
        .update(journalEntries)
        .set({ reversal_of_id: null })
        .where(and(eq(journalEntries.company_id, ctx.companyId), eq(journalEntries.reversal_of_id, id)));
      await tx.delete(journalEntries).where(eq(journalEntries.id, id));
      await audit(tx, {
        actor: ctx.actor,
        companyId: ctx.companyId,
        action: 'journal.delete',
        targetType: 'journal_entry',
        targetId: id,
        before,
      });
    }),
  );
}

/** 逆仕訳: a new entry with every line's sides swapped, dated `date` (default today in Asia/Tokyo). */
export async function reverseEntry({
  ctx,
  input: { id, date },
}: ActionArgs<CompanyCtx, { id: number; date?: string | undefined }>) {
  return withDbRefusals(() =>
    ctx.db.transaction(async (tx) => {
      const row = await findEntry({ ...ctx, db: tx }, id, { forUpdate: true });
      if (!row) throw notFound(ENTRY_NOT_FOUND);
      const original = await loadEntry({ ...ctx, db: tx }, id);
      if (!original) throw notFound(ENTRY_NOT_FOUND);
      if (original.reversed_by_id) throw unprocessable({ _: ['この仕訳にはすでに逆仕訳が登録されています'] });
      if (original.kind === 'closing') throw unprocessable({ _: ['決算振替仕訳は逆仕訳できません'] });
      assertNotSourced(row);
      const on = date ?? todayInTokyo();
      if (on < original.date) throw unprocessable({ date: ['逆仕訳の日付は元の仕訳の日付以降にしてください'] });
      const input = reversalInput(original, on);
      await assertOpen({ ...ctx, db: tx }, on);
      const entry = await postEntry({ ...ctx, db: tx }, input, {
        kind: 'reversal',
        reversalOfId: id,
        createdBy: ctx.actor.userId,
        skipChecks: true,
      });
      const dto = await loadEntry({ ...ctx, db: tx }, entry.id);
      await audit(tx, {
        actor: ctx.actor,
        companyId: ctx.companyId,
        action: 'journal.reverse',
        targetType: 'journal_entry',
        targetId: entry.id,
        before: original,
        after: dto,
      });
      return dto;
    }),
  );
}
