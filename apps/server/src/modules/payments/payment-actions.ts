import { MAX_SHORT_PAYMENT_FEE, type PaymentAllocationValues, type PaymentValues, paymentFigures } from '@chobo/core';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  bankStatementRows,
  customers,
  invoices,
  invoiceTransactions,
  paymentAllocations,
  payments,
  salesTransactions,
  transactionDocuments,
} from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import { assertFresh } from '../../lib/concurrency.js';
import type { ActionArgs, CompanyCtx, Tenant, Versioned } from '../../lib/context.js';
import { notFound, unprocessable } from '../../lib/http-errors.js';
import { withDbRefusals, withdrawEntry } from '../accounting/posting.js';
import { visibleImports } from '../bank-statements/visibility.js';
import { bankAccountFor, type PostingAllocation, postPayment } from './payment-posting.js';
import { findPayment, loadPayment, type PaymentRow } from './payments.queries.js';

const NOT_FOUND = '入出金が見つかりません';
type Target = 'invoice_id' | 'transaction_id' | 'transaction_document_id';
const targetOf = (a: { invoice_id: number | null; transaction_id: number | null }): Target =>
  a.invoice_id !== null ? 'invoice_id' : a.transaction_id !== null ? 'transaction_id' : 'transaction_document_id';
const idOf = (a: PaymentAllocationValues | typeof paymentAllocations.$inferSelect) => a[targetOf(a)] as number;

/** A payment's bank statement row: this company's, and not already another payment's. */
async function checkBankRow(
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
async function linkBankRow(ctx: CompanyCtx, rowId: number | null, entryId: number | null) {
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
async function unlinkBankRow(ctx: CompanyCtx, rowId: number | null) {
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

async function counterparty(tenant: Tenant, id: number) {
  const [c] = await tenant.db
    .select({ id: customers.id, name: customers.name })
    .from(customers)
    .where(and(eq(customers.id, id), eq(customers.company_id, tenant.companyId), isNull(customers.deleted_at)));
  if (!c) throw unprocessable({ customer_id: ['取引先が見つかりません'] });
  return c;
}

interface LockedDoc {
  total: number;
  customerId: number;
  open: boolean;
  account: PostingAllocation['account'];
  label: string;
}

/**
 * Locks the documents of `allocs` FOR UPDATE (so concurrent payments serialise on them) and returns what
 * each one is: total, counterparty, whether it may take an allocation, and the account it settles.
 */
async function lockDocuments(tenant: Tenant, allocs: { target: Target; id: number }[], paymentId: number | null) {
  const c = tenant.companyId;
  const ids = (t: Target) => [...new Set(allocs.filter((a) => a.target === t).map((a) => a.id))].sort((x, y) => x - y);
  const out = new Map<string, LockedDoc>();
  const mine = new Set<string>();
  if (paymentId !== null) {
    const own = await tenant.db
      .select()
      .from(paymentAllocations)
      .where(and(eq(paymentAllocations.payment_id, paymentId), eq(paymentAllocations.company_id, c)));
    for (const a of own) mine.add(`${targetOf(a)}:${idOf(a)}`);
  }
  const inv = ids('invoice_id');
  if (inv.length) {
    const rows = await tenant.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.company_id, c), inArray(invoices.id, inv)))
      .orderBy(invoices.id)
      .for('update');
    for (const r of rows)
      out.set(`invoice_id:${r.id}`, {
        total: r.total,
        customerId: r.customer_id,
        open: r.status === 'issued' || r.status === 'sent' || (r.status === 'paid' && mine.has(`invoice_id:${r.id}`)),
        account: 'receivable',
        label: `請求書 No.${r.number}`,
      });
  }
  const tr = ids('transaction_id');
  if (tr.length) {
    const rows = await tenant.db
      .select()
      .from(salesTransactions)
      .where(and(eq(salesTransactions.company_id, c), inArray(salesTransactions.id, tr)))
      .orderBy(salesTransactions.id)
      .for('update');
    const billed = await tenant.db
      .select({ id: invoiceTransactions.transaction_id })
      .from(invoiceTransactions)
      .innerJoin(invoices, eq(invoices.id, invoiceTransactions.invoice_id))
      .where(
        and(
          eq(invoiceTransactions.company_id, c),
          inArray(invoiceTransactions.transaction_id, tr),
          inArray(invoices.status, ['issued', 'sent', 'paid']),
        ),
      );
    const billedSet = new Set(billed.map((b) => b.id));
    for (const r of rows)
      out.set(`transaction_id:${r.id}`, {
        total: r.total,
        customerId: r.customer_id,
        // 0 未請求 / 1 請求済 (billed outside an invoice here); 2 入金済 only by this payment
        open:
          !billedSet.has(r.id) &&
          (r.status === 0 || r.status === 1 || (r.status === 2 && mine.has(`transaction_id:${r.id}`))),
        account: 'receivable',
        label: billedSet.has(r.id)
          ? `受注取引 No.${r.number}（請求書に消し込んでください）`
          : `受注取引 No.${r.number}`,
      });
  }
  const docs = ids('transaction_document_id');
  if (docs.length) {
    const rows = await tenant.db
      .select()
      .from(transactionDocuments)
      .where(
        and(
          eq(transactionDocuments.company_id, c),
          inArray(transactionDocuments.id, docs),
          isNull(transactionDocuments.deleted_at),
        ),
      )
      .orderBy(transactionDocuments.id)
      .for('update');
    for (const r of rows)
      out.set(`transaction_document_id:${r.id}`, {
        total: r.amount,
        customerId: r.customer_id,
        open:
          r.journal_entry_id !== null &&
          r.payment_method !== 2 &&
          (r.status === 0 || mine.has(`transaction_document_id:${r.id}`)),
        account: r.payment_method === 3 ? 'otherPayable' : 'payable',
        label: `発注取引 ${r.transaction_date}`,
      });
  }
  return out;
}

/** Σ allocations per document by payments other than `paymentId`. */
async function allocatedByOthers(tenant: Tenant, target: Target, ids: number[], paymentId: number | null) {
  if (ids.length === 0) return new Map<number, number>();
  const col = paymentAllocations[target];
  const rows = await tenant.db
    .select({ id: col, sum: sql<string>`sum(${paymentAllocations.amount})` })
    .from(paymentAllocations)
    .where(
      and(
        eq(paymentAllocations.company_id, tenant.companyId),
        inArray(col, ids),
        paymentId !== null ? sql`${paymentAllocations.payment_id} <> ${paymentId}` : undefined,
      ),
    )
    .groupBy(col);
  return new Map(rows.map((r) => [r.id as number, Number(r.sum)]));
}

/** Checks every allocation against its document (this company's, this counterparty's, open, not over-allocated). */
async function checkAllocations(tenant: Tenant, input: PaymentValues, paymentId: number | null) {
  const wanted = input.allocations.map((a) => ({ target: targetOf(a), id: idOf(a), amount: a.amount }));
  const docs = await lockDocuments(tenant, wanted, paymentId);
  const errors: Record<string, string[]> = {};
  const others = new Map<Target, Map<number, number>>();
  for (const t of ['invoice_id', 'transaction_id', 'transaction_document_id'] as Target[])
    others.set(
      t,
      await allocatedByOthers(
        tenant,
        t,
        wanted.filter((w) => w.target === t).map((w) => w.id),
        paymentId,
      ),
    );
  const posting: PostingAllocation[] = [];
  wanted.forEach((w, i) => {
    const key = `allocations.${i}.${w.target}`;
    const d = docs.get(`${w.target}:${w.id}`);
    if (!d) {
      errors[key] = ['消込先の書類が見つかりません'];
      return;
    }
    if (d.customerId !== input.customer_id) {
      errors[key] = [`${d.label}は別の取引先の書類です`];
      return;
    }
    if (!d.open) {
      errors[key] = [`${d.label}は消込できる状態ではありません`];
      return;
    }
    const remaining = d.total - (others.get(w.target)?.get(w.id) ?? 0);
    if (w.amount > remaining) {
      errors[`allocations.${i}.amount`] = [
        `${d.label}の残額（${remaining.toLocaleString('en-US')}円）を超えて消し込むことはできません`,
      ];
      return;
    }
    posting.push({ amount: w.amount, account: d.account });
  });
  if (Object.keys(errors).length) throw unprocessable(errors, '消込の内容を確認してください');
  return posting;
}

/**
 * Sets each touched document's status from its allocations: fully covered → 入金済 (invoice 'paid' and its
 * sales 2) / 支払済 (1); no longer covered → reopened (invoice 'sent' or 'issued', its sales 1; sale 0;
 * document 0).
 */
async function syncStatuses(tenant: Tenant, touched: { target: Target; id: number }[]) {
  const c = tenant.companyId;
  const sumOf = async (target: Target, id: number) => {
    const [r] = await tenant.db
      .select({
        sum: sql<string>`coalesce(sum(${paymentAllocations.amount}), 0)`,
        last: sql<string | null>`max(${payments.date})`,
      })
      .from(paymentAllocations)
      .innerJoin(payments, eq(payments.id, paymentAllocations.payment_id))
      .where(and(eq(paymentAllocations.company_id, c), eq(paymentAllocations[target], id)));
    return { sum: Number(r.sum), last: r.last };
  };
  const seen = new Set<string>();
  for (const { target, id } of touched) {
    const k = `${target}:${id}`;
    if (seen.has(k)) continue;
    seen.add(k);
    const { sum, last } = await sumOf(target, id);
    if (target === 'invoice_id') {
      const [inv] = await tenant.db
        .select()
        .from(invoices)
        .where(and(eq(invoices.id, id), eq(invoices.company_id, c)));
      if (!inv || inv.status === 'void' || inv.status === 'draft') continue;
      const paid = sum >= inv.total;
      if (paid === (inv.status === 'paid')) continue;
      await tenant.db
        .update(invoices)
        .set(
          paid
            ? { status: 'paid', paid_at: new Date(`${last}T00:00:00+09:00`), updated_at: sql`now()` }
            : { status: inv.sent_at ? 'sent' : 'issued', paid_at: null, updated_at: sql`now()` },
        )
        .where(and(eq(invoices.id, id), eq(invoices.company_id, c)));
      const links = await tenant.db
        .select({ id: invoiceTransactions.transaction_id })
        .from(invoiceTransactions)
        .where(and(eq(invoiceTransactions.invoice_id, id), eq(invoiceTransactions.company_id, c)));
      if (links.length)
        await tenant.db
          .update(salesTransactions)
          .set({ status: paid ? 2 : 1, updated_at: sql`now()` })
          .where(
            and(
              eq(salesTransactions.company_id, c),
              inArray(
                salesTransactions.id,
                links.map((l) => l.id),
              ),
              inArray(salesTransactions.status, paid ? [1] : [2]),
            ),
          );
    } else if (target === 'transaction_id') {
      const [t] = await tenant.db
        .select()
        .from(salesTransactions)
        .where(and(eq(salesTransactions.id, id), eq(salesTransactions.company_id, c)));
      if (!t || t.status === 3) continue;
      const paid = sum >= t.total;
      if (paid === (t.status === 2)) continue;
      // a sale billed by an invoice is settled through it (the invoice's branch above sets its status)
      if (!paid && t.status === 1) continue;
      await tenant.db
        .update(salesTransactions)
        .set({ status: paid ? 2 : 0, updated_at: sql`now()` })
        .where(and(eq(salesTransactions.id, id), eq(salesTransactions.company_id, c)));
    } else {
      const [d] = await tenant.db
        .select()
        .from(transactionDocuments)
        .where(and(eq(transactionDocuments.id, id), eq(transactionDocuments.company_id, c)));
      if (!d) continue;
      const paid = sum >= d.amount;
      if (paid === (d.status === 1)) continue;
      await tenant.db
        .update(transactionDocuments)
        .set({ status: paid ? 1 : 0, updated_at: sql`now()` })
        .where(and(eq(transactionDocuments.id, id), eq(transactionDocuments.company_id, c)));
    }
  }
}

async function writeAllocations(tenant: Tenant, paymentId: number, input: PaymentValues) {
  if (input.allocations.length === 0) return;
  await tenant.db.insert(paymentAllocations).values(
    input.allocations.map((a) => ({
      company_id: tenant.companyId,
      payment_id: paymentId,
      invoice_id: a.invoice_id,
      transaction_id: a.transaction_id,
      transaction_document_id: a.transaction_document_id,
      amount: a.amount,
    })),
  );
}

function columns(input: PaymentValues) {
  const f = paymentFigures(input);
  return {
    direction: input.direction,
    date: input.date,
    customer_id: input.customer_id,
    amount: input.amount,
    method: input.method,
    fee: input.fee,
    fee_bearer: input.fee_bearer,
    bank_account_id: input.bank_account_id,
    memo: input.memo,
    bank_statement_row_id: input.bank_statement_row_id,
    settled: f.settled,
  };
}

const targets = (
  rows: { invoice_id: number | null; transaction_id: number | null; transaction_document_id: number | null }[],
) => rows.map((a) => ({ target: targetOf(a), id: a[targetOf(a)] as number }));

async function store(t: CompanyCtx, row: PaymentRow, input: PaymentValues, customerName: string) {
  const posting = await checkAllocations(t, input, row.id);
  await writeAllocations(t, row.id, input);
  const entryId = await postPayment(
    t,
    { ...row, direction: input.direction, fee_bearer: input.fee_bearer, customer_name: customerName },
    posting,
    t.actor.userId,
  );
  await t.db.update(payments).set({ journal_entry_id: entryId }).where(eq(payments.id, row.id));
  await syncStatuses(t, targets(input.allocations));
}

/**
 * Records a payment (入金 or 支払), its allocations and its posting in one transaction; the documents it
 * covers become 入金済 / 支払済. Bank import's confirm step calls this too (input.bank_statement_row_id).
 */
export async function createPayment({ ctx, input }: ActionArgs<CompanyCtx, PaymentValues>) {
  return withDbRefusals(() =>
    ctx.db.transaction(async (tx) => {
      const t = { ...ctx, db: tx };
      const customer = await counterparty(t, input.customer_id);
      await bankAccountFor(t, input.bank_account_id);
      await checkBankRow(t, input.bank_statement_row_id, null);
      const [row] = await tx
        .insert(payments)
        .values({ ...columns(input), company_id: ctx.companyId, created_by: ctx.actor.userId })
        .returning();
      await store(t, row, input, customer.name);
      const dto = (await loadPayment(t, row.id)) as NonNullable<Awaited<ReturnType<typeof loadPayment>>>;
      await linkBankRow(t, input.bank_statement_row_id, dto.journal_entry_id);
      await audit(tx, {
        actor: ctx.actor,
        companyId: ctx.companyId,
        action: 'payment.create',
        targetType: 'payment',
        targetId: row.id,
        after: dto,
      });
      return dto;
    }),
  );
}

/** Replaces a payment: its allocations and its posting (deleted, or reversed today when its period is locked). */
export async function updatePayment({
  ctx,
  input: { id, updated_at, ...input },
}: ActionArgs<CompanyCtx, PaymentValues & Versioned>) {
  return withDbRefusals(() =>
    ctx.db.transaction(async (tx) => {
      const t = { ...ctx, db: tx };
      const before = await findPayment(t, id, { forUpdate: true });
      if (!before) throw notFound(NOT_FOUND);
      assertFresh(before.updated_at, updated_at, '入出金');
      const beforeDto = await loadPayment(t, id);
      const customer = await counterparty(t, input.customer_id);
      await bankAccountFor(t, input.bank_account_id);
      await checkBankRow(t, input.bank_statement_row_id, id, before.bank_statement_row_id);
      const old = await tx.select().from(paymentAllocations).where(eq(paymentAllocations.payment_id, id));
      // lock the previous documents too, before their allocations go
      await lockDocuments(t, targets(old), id);
      if (before.journal_entry_id !== null) await withdrawEntry(t, before.journal_entry_id, ctx.actor.userId);
      await tx.delete(paymentAllocations).where(eq(paymentAllocations.payment_id, id));
      // the documents this payment covered count as open again while the new allocations are checked
      const [row] = await tx
        .update(payments)
        .set({ ...columns(input), journal_entry_id: null, updated_at: sql`now()` })
        .where(and(eq(payments.id, id), eq(payments.company_id, ctx.companyId)))
        .returning();
      await syncStatuses(t, targets(old));
      await storeAfterEdit(t, row, input, customer.name, old);
      const dto = (await loadPayment(t, id)) as NonNullable<Awaited<ReturnType<typeof loadPayment>>>;
      if (before.bank_statement_row_id !== input.bank_statement_row_id)
        await unlinkBankRow(t, before.bank_statement_row_id);
      await linkBankRow(t, input.bank_statement_row_id, dto.journal_entry_id);
      await audit(tx, {
        actor: ctx.actor,
        companyId: ctx.companyId,
        action: 'payment.update',
        targetType: 'payment',
        targetId: id,
        before: beforeDto,
        after: dto,
      });
      return dto;
    }),
  );
}

/** After an edit the documents the payment covered before are open again (reopened above), so the checks see them as open. */
async function storeAfterEdit(
  t: CompanyCtx,
  row: PaymentRow,
  input: PaymentValues,
  customerName: string,
  _old: unknown[],
) {
  await store(t, row, input, customerName);
}

/** Deletes a payment: its posting is withdrawn (reversed when locked) and the documents it covered reopen. */
export async function deletePayment({ ctx, input: { id } }: ActionArgs<CompanyCtx, { id: number }>) {
  await withDbRefusals(() =>
    ctx.db.transaction(async (tx) => {
      const t = { ...ctx, db: tx };
      const before = await findPayment(t, id, { forUpdate: true });
      if (!before) throw notFound(NOT_FOUND);
      const beforeDto = await loadPayment(t, id);
      const old = await tx.select().from(paymentAllocations).where(eq(paymentAllocations.payment_id, id));
      await lockDocuments(t, targets(old), id);
      if (before.journal_entry_id !== null) await withdrawEntry(t, before.journal_entry_id, ctx.actor.userId);
      await tx.delete(payments).where(and(eq(payments.id, id), eq(payments.company_id, ctx.companyId)));
      await unlinkBankRow(t, before.bank_statement_row_id);
      await syncStatuses(t, targets(old));
      await audit(tx, {
        actor: ctx.actor,
        companyId: ctx.companyId,
        action: 'payment.delete',
        targetType: 'payment',
        targetId: id,
        before: beforeDto,
      });
    }),
  );
}

/**
 * 入金不足の精算: the customer paid an invoice (or sale) less a transfer fee. Whatever the payment has not
 * allocated goes to the document and the rest of the document's remaining amount is booked as 支払手数料
 * (fee borne by us), so the document is settled. The fee is remembered as this customer's usual fee.
 */
export async function settleShortPayment({
  ctx,
  input,
}: ActionArgs<
  CompanyCtx,
  { id: number; invoice_id: number | null; transaction_id: number | null; updated_at?: string }
>) {
  const current = await loadPayment(ctx, input.id);
  if (!current) throw notFound(NOT_FOUND);
  if (!input.updated_at) {
    const m = '更新日時（updated_at）がありません。画面を再読み込みしてから編集してください';
    throw unprocessable({ updated_at: [m] }, m);
  }
  if ((input.invoice_id === null) === (input.transaction_id === null))
    throw unprocessable({ invoice_id: ['精算する請求書または受注取引を指定してください'] });
  if (current.direction !== 'in') throw unprocessable({ _: ['入金不足の精算は入金にのみ行えます'] });
  const target: Target = input.invoice_id !== null ? 'invoice_id' : 'transaction_id';
  const docId = (input.invoice_id ?? input.transaction_id) as number;
  const docs = await lockDocuments(ctx, [{ target, id: docId }], input.id);
  const d = docs.get(`${target}:${docId}`);
  if (!d || d.customerId !== current.customer_id) throw unprocessable({ [target]: ['精算する書類が見つかりません'] });
  const others = (await allocatedByOthers(ctx, target, [docId], input.id)).get(docId) ?? 0;
  const existing = current.allocations.find((a) => a[target] === docId);
  const remaining = d.total - others - (existing?.amount ?? 0);
  if (remaining <= 0) throw unprocessable({ _: [`${d.label}は精算済みです`] });
  const fromUnallocated = Math.min(current.unallocated, remaining);
  const difference = remaining - fromUnallocated;
  if (difference > MAX_SHORT_PAYMENT_FEE)
    throw unprocessable({
      _: [
        `不足額（${difference.toLocaleString('en-US')}円）が手数料として処理できる上限（${MAX_SHORT_PAYMENT_FEE.toLocaleString('en-US')}円）を超えています。入金額を確認してください`,
      ],
    });
  const fee = (current.fee_bearer === 'us' ? current.fee : 0) + difference;
  const allocations = current.allocations.map((a) => ({
    invoice_id: a.invoice_id,
    transaction_id: a.transaction_id,
    transaction_document_id: a.transaction_document_id,
    amount: a.amount + (a[target] === docId ? remaining : 0),
  }));
  if (!existing)
    allocations.push({
      invoice_id: input.invoice_id,
      transaction_id: input.transaction_id,
      transaction_document_id: null,
      amount: remaining,
    });
  return updatePayment({
    ctx,
    input: {
      id: input.id,
      updated_at: input.updated_at,
      direction: 'in',
      date: current.date,
      customer_id: current.customer_id,
      amount: current.amount,
      method: current.method,
      fee,
      fee_bearer: 'us',
      bank_account_id: current.bank_account_id,
      memo: current.memo,
      bank_statement_row_id: current.bank_statement_row_id,
      allocations,
    },
  });
}
