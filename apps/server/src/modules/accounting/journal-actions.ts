import { type EntryKind, formatDateJa, type JournalEntry, type JournalEntryValues, todayInTokyo } from '@chobo/core';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { accounts, customers, journalCounters, journalEntries, journalLines } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import { assertFresh, nextVersion } from '../../lib/concurrency.js';
import type { ActionArgs, CompanyCtx, Tenant, Versioned } from '../../lib/context.js';
import { HttpError, notFound, unprocessable } from '../../lib/http-errors.js';
import { findEntry, loadEntry, lockCovering } from './journal.queries.js';

export const ENTRY_NOT_FOUND = '仕訳が見つかりません';

/** Turns the database's own refusals (locked period, unbalanced entry) into Japanese 422 answers. */
export async function withDbRefusals<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    const e = err as { code?: string; message?: string; cause?: { code?: string; message?: string } };
    const code = e.cause?.code ?? e.code;
    const message = e.cause?.message ?? e.message ?? '';
    if (code === 'CB001') throw new HttpError(422, message, { date: [message] });
    if (code === '23514' && /[ぁ-んァ-ン一-龥]/.test(message)) throw new HttpError(422, message, { lines: [message] });
    throw err;
  }
}

/** 422 when `date` is inside a locked period. */
export async function assertOpen(tenant: Tenant, date: string, field = 'date') {
  const lock = await lockCovering(tenant, date);
  if (lock) {
    const what = lock.kind === 'year' ? '年度' : '月';
    throw unprocessable({
      [field]: [
        `${formatDateJa(date)}は締められた${what}（${formatDateJa(lock.start_date)}〜${formatDateJa(lock.end_date)}）に含まれるため登録・変更できません。訂正は逆仕訳で行ってください`,
      ],
    });
  }
}

/** Every line's account must be an ACTIVE account of this company; every customer one of its customers. */
async function checkLines(tenant: Tenant, input: JournalEntryValues) {
  const { db, companyId } = tenant;
  const accountIds = [...new Set(input.lines.map((l) => l.account_id))];
  const customerIds = [...new Set(input.lines.map((l) => l.customer_id).filter((v): v is number => v !== null))];
  const accs = await db
    .select({ id: accounts.id, code: accounts.code, name: accounts.name, is_active: accounts.is_active })
    .from(accounts)
    .where(and(eq(accounts.company_id, companyId), inArray(accounts.id, accountIds)));
  const custs = customerIds.length
    ? await db
        .select({ id: customers.id, name: customers.name })
        .from(customers)
        .where(
          and(eq(customers.company_id, companyId), inArray(customers.id, customerIds), isNull(customers.deleted_at)),
        )
    : [];
  const accById = new Map(accs.map((a) => [a.id, a]));
  const custSet = new Set(custs.map((c) => c.id));
  const errors: Record<string, string[]> = {};
  input.lines.forEach((l, i) => {
    const acc = accById.get(l.account_id);
    if (!acc) errors[`lines.${i}.account_id`] = ['勘定科目が見つかりません'];
    else if (!acc.is_active)
      errors[`lines.${i}.account_id`] = [`勘定科目「${acc.name}」は無効になっているため使用できません`];
    if (l.customer_id !== null && !custSet.has(l.customer_id))
      errors[`lines.${i}.customer_id`] = ['取引先が見つかりません'];
  });
  if (Object.keys(errors).length) throw unprocessable(errors);
  return { accById, customerNames: new Map(custs.map((c) => [c.id, c.name])) };
}

/**
 * The company's next entry number, as an SQL expression for the entry's INSERT: the counter's upsert is a
 * data-modifying CTE of that same statement (one round trip for counter + entry).
 */
function withNextNumber(tenant: Tenant) {
  const { db, companyId } = tenant;
  return db.$with('next_number').as(
    db
      .insert(journalCounters)
      .values({ company_id: companyId, last_number: 1 })
      .onConflictDoUpdate({
        target: journalCounters.company_id,
        set: { last_number: sql`${journalCounters.last_number} + 1` },
      })
      .returning({ last_number: journalCounters.last_number }),
  );
}

function lineRows(companyId: number, entryId: number, date: string, kind: EntryKind, input: JournalEntryValues) {
  return input.lines.map((l, i) => ({
    company_id: companyId,
    entry_id: entryId,
    line_no: i + 1,
    date,
    kind,
    account_id: l.account_id,
    debit: l.debit,
    credit: l.credit,
    tax_category: l.tax_category,
    customer_id: l.customer_id,
    memo: l.memo,
  }));
}

const SOURCE_LABELS: Record<string, string> = {
  transaction: '受注取引',
  invoice: '請求書',
  transaction_document: '発注取引',
  payment: '入金・支払',
  bank_statement_row: '銀行明細の取り込み',
};

/** An entry made from another record (a sale, an invoice…) is changed through that record. */
function assertNotSourced(row: { source_type: string | null }) {
  if (row.source_type && SOURCE_LABELS[row.source_type]) {
    const what = SOURCE_LABELS[row.source_type];
    throw unprocessable({ _: [`この仕訳は${what}から作成されています。${what}の画面で変更してください`] });
  }
}

const totalOf = (input: JournalEntryValues) => input.lines.reduce((s, l) => s + l.debit, 0);

/**
 * Posts an entry inside an open transaction (no audit): the building block of create, reverse, opening
 * balances, year-end close, imports and demo data. The caller has validated `input` with the contract.
 */
export async function postEntry(
  tenant: Tenant,
  input: JournalEntryValues,
  opts: {
    kind?: EntryKind;
    reversalOfId?: number;
    createdBy?: number | null;
    skipChecks?: boolean;
    /** The record that made this entry (e.g. { type: 'invoice', id }), so the entry links back to it. */
    source?: { type: string; id: number };
  } = {},
) {
  const { db: tx, companyId } = tenant;
  if (!opts.skipChecks) {
    await assertOpen({ ...tenant, db: tx }, input.date);
    await checkLines({ ...tenant, db: tx }, input);
  }
  const kind = opts.kind ?? 'normal';
  const next = withNextNumber({ ...tenant, db: tx });
  const [entry] = await tx
    .with(next)
    .insert(journalEntries)
    .values({
      company_id: companyId,
      number: sql`(select last_number from ${next})`,
      date: input.date,
      description: input.description,
      kind,
      reversal_of_id: opts.reversalOfId ?? null,
      total: totalOf(input),
      created_by: opts.createdBy ?? null,
      source_type: opts.source?.type ?? null,
      source_id: opts.source?.id ?? null,
    })
    .returning();
  // every line in one INSERT; their ids come back in line order
  const lines = await tx
    .insert(journalLines)
    .values(lineRows(companyId, entry.id, input.date, kind, input))
    .returning({ id: journalLines.id, line_no: journalLines.line_no });
  lines.sort((a, b) => a.line_no - b.line_no);
  return Object.assign(entry, { lineIds: lines.map((l) => l.id) });
}

/**
 * Several ordinary entries (kind normal, no source, no checks: the caller's own generated books, e.g. the demo
 * seed) in three statements: the numbers reserved at once, the entries in one INSERT, all their lines in
 * another. Numbered and stored in the order given, exactly as that many postEntry calls would.
 */
export async function postEntries(
  tenant: Tenant,
  inputs: JournalEntryValues[],
  opts: { createdBy?: number | null } = {},
) {
  if (inputs.length === 0) return;
  const { db: tx, companyId } = tenant;
  const [counter] = await tx
    .insert(journalCounters)
    .values({ company_id: companyId, last_number: inputs.length })
    .onConflictDoUpdate({
      target: journalCounters.company_id,
      set: { last_number: sql`${journalCounters.last_number} + ${inputs.length}` },
    })
    .returning({ last_number: journalCounters.last_number });
  const first = counter.last_number - inputs.length + 1;
  const entries = await tx
    .insert(journalEntries)
    .values(
      inputs.map((input, i) => ({
        company_id: companyId,
        number: first + i,
        date: input.date,
        description: input.description,
        kind: 'normal' as const,
        reversal_of_id: null,
        total: totalOf(input),
        created_by: opts.createdBy ?? null,
        source_type: null,
        source_id: null,
      })),
    )
    .returning({ id: journalEntries.id, number: journalEntries.number });
  const idOf = new Map(entries.map((e) => [e.number, e.id]));
  await tx
    .insert(journalLines)
    .values(
      inputs.flatMap((input, i) => lineRows(companyId, idOf.get(first + i) as number, input.date, 'normal', input)),
    );
}

export async function createEntry({ ctx, input }: ActionArgs<CompanyCtx, JournalEntryValues>) {
  return withDbRefusals(() =>
    ctx.db.transaction(async (tx) => {
      await assertOpen({ ...ctx, db: tx }, input.date);
      const names = await checkLines({ ...ctx, db: tx }, input);
      const entry = await postEntry({ ...ctx, db: tx }, input, { createdBy: ctx.actor.userId, skipChecks: true });
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
      const on = date ?? todayInTokyo();
      if (on < original.date) throw unprocessable({ date: ['逆仕訳の日付は元の仕訳の日付以降にしてください'] });
      const input: JournalEntryValues = {
        date: on,
        description: `【逆仕訳】No.${original.number} ${original.description}`.slice(0, 255),
        lines: original.lines.map((l) => ({
          account_id: l.account_id,
          debit: l.credit,
          credit: l.debit,
          tax_category: l.tax_category,
          customer_id: l.customer_id,
          memo: l.memo,
        })),
      };
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
