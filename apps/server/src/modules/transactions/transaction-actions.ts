import {
  documentTotals,
  dueDateFromTerms,
  lineAmount,
  MAX_SALES_TOTAL,
  quantityMilli,
  type Rounding,
  SALES_LIMIT_MESSAGES,
  type TransactionValues,
} from '@chobo/core';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  companies,
  customers,
  documentCounters,
  products,
  salesTransactionLines,
  salesTransactions,
} from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import { assertFresh } from '../../lib/concurrency.js';
import type { ActionArgs, CompanyCtx, Tenant, Versioned } from '../../lib/context.js';
import { notFound, unprocessable } from '../../lib/http-errors.js';
import { withDbRefusals } from '../accounting/posting.js';
import { syncPostings, withdrawPostings } from './transaction-posting.js';
import { findTransaction, loadTransaction, type TransactionRow } from './transactions.queries.js';

const NOT_FOUND = '受注取引が見つかりません';

/** The next number of a per-company document sequence ('transaction', 'invoice'…), race-free. */
export async function nextDocumentNumber(tenant: Tenant, kind: string): Promise<number> {
  const [row] = await tenant.db
    .insert(documentCounters)
    .values({ company_id: tenant.companyId, kind, last_number: 1 })
    .onConflictDoUpdate({
      target: [documentCounters.company_id, documentCounters.kind],
      set: { last_number: sql`${documentCounters.last_number} + 1` },
    })
    .returning({ n: documentCounters.last_number });
  return row.n;
}

/** The customer must be one of this company's live customers used for sales (used_for 1 or 3). */
async function saleCustomer(tenant: Tenant, id: number) {
  const [c] = await tenant.db
    .select({
      id: customers.id,
      name: customers.name,
      used_for: customers.used_for,
      closing_day: customers.closing_day,
      payment_month_offset: customers.payment_month_offset,
      payment_day: customers.payment_day,
    })
    .from(customers)
    .where(and(eq(customers.id, id), eq(customers.company_id, tenant.companyId), isNull(customers.deleted_at)));
  if (!c) throw unprocessable({ customer_id: ['顧客が見つかりません'] });
  if (c.used_for === 2)
    throw unprocessable({
      customer_id: ['この顧客は仕入先として登録されています。売上先（または両方）の顧客を選択してください'],
    });
  return c;
}

/** Products named on lines must be this company's. */
async function checkProducts(tenant: Tenant, input: TransactionValues): Promise<void> {
  const ids = [...new Set(input.lines.map((l) => l.product_id).filter((v): v is number => v !== null))];
  if (ids.length === 0) return;
  const found = await tenant.db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.company_id, tenant.companyId), inArray(products.id, ids)));
  const ok = new Set(found.map((p) => p.id));
  input.lines.forEach((l, i) => {
    if (l.product_id !== null && !ok.has(l.product_id)) {
      throw unprocessable({ [`lines.${i}.product_id`]: ['商品が見つかりません'] });
    }
  });
}

/** The company's 税抜/税込 display (a document's default mode) and its rounding of consumption tax. */
export async function companyTaxSettings(tenant: Tenant) {
  const [c] = await tenant.db
    .select({ tax_display: companies.tax_display, tax_rounding: companies.tax_rounding })
    .from(companies)
    .where(eq(companies.id, tenant.companyId));
  return { mode: c.tax_display as 'exclusive' | 'inclusive', rounding: c.tax_rounding as Rounding };
}

/** The stored columns of a transaction computed from its input: totals once per document per rate. */
function computed(input: TransactionValues, mode: 'exclusive' | 'inclusive', rounding: Rounding) {
  const totals = documentTotals(input.lines, mode, rounding);
  if (totals.total < 0) throw unprocessable({ lines: ['合計金額がマイナスになる取引は登録できません'] });
  if (totals.total > MAX_SALES_TOTAL) throw unprocessable({ lines: [SALES_LIMIT_MESSAGES.total] });
  return {
    customer_id: input.customer_id,
    transaction_date: input.transaction_date,
    due_date: input.due_date,
    subject: input.subject,
    payment_method: input.payment_method,
    status: input.status,
    memo: input.memo,
    tax_mode: mode,
    tax_rounding: rounding,
    by_rate: totals.by_rate,
    subtotal: totals.subtotal,
    tax: totals.tax,
    total: totals.total,
  };
}

async function writeLines(tenant: Tenant, transactionId: number, input: TransactionValues) {
  await tenant.db.insert(salesTransactionLines).values(
    input.lines.map((l, i) => ({
      company_id: tenant.companyId,
      transaction_id: transactionId,
      line_no: i + 1,
      product_id: l.product_id,
      description: l.description,
      quantity_milli: quantityMilli(l.quantity),
      unit: l.unit,
      unit_price: l.unit_price,
      tax_category: l.tax_category,
      amount: lineAmount(l.quantity, l.unit_price),
    })),
  );
}

async function storePostingIds(
  tenant: Tenant,
  row: TransactionRow,
  customerName: string,
  userId: number | null,
  resale: boolean,
) {
  const ids = await syncPostings(tenant, row, customerName, { userId, resale });
  if (ids.journal_entry_id !== row.journal_entry_id || ids.write_off_entry_id !== row.write_off_entry_id) {
    await tenant.db.update(salesTransactions).set(ids).where(eq(salesTransactions.id, row.id));
  }
}

/** Creates a sale and posts it (売掛金 / 売上高 / 仮受消費税等) in one transaction, audited. */
export async function createTransaction({ ctx, input }: ActionArgs<CompanyCtx, TransactionValues>) {
  return withDbRefusals(() =>
    ctx.db.transaction(async (tx) => {
      const t = { ...ctx, db: tx };
      const customer = await saleCustomer(t, input.customer_id);
      await checkProducts(t, input);
      const settings = await companyTaxSettings(t);
      // no 支払期日 given: the customer's 支払条件 give it (a given date always wins)
      const dueDate = input.due_date ?? dueDateFromTerms(input.transaction_date, customer);
      const values = computed({ ...input, due_date: dueDate }, input.tax_mode ?? settings.mode, settings.rounding);
      const [row] = await tx
        .insert(salesTransactions)
        .values({
          ...values,
          company_id: ctx.companyId,
          number: await nextDocumentNumber(t, 'transaction'),
          created_by: ctx.actor.userId,
        })
        .returning();
      await writeLines(t, row.id, input);
      await storePostingIds(t, row, customer.name, ctx.actor.userId, true);
      const dto = (await loadTransaction(t, row.id)) as NonNullable<Awaited<ReturnType<typeof loadTransaction>>>;
      await audit(tx, {
        actor: ctx.actor,
        companyId: ctx.companyId,
        action: 'transaction.create',
        targetType: 'transaction',
        targetId: row.id,
        after: dto,
      });
      return dto;
    }),
  );
}

/**
 * Edits a sale: lines and totals are replaced and the sale's posting with them (deleted and posted again
 * in an open period, reversed when locked). The rounding stays the one the sale was made with.
 */
export async function updateTransaction({
  ctx,
  input: { id, updated_at, ...input },
}: ActionArgs<CompanyCtx, TransactionValues & Versioned>) {
  return withDbRefusals(() =>
    ctx.db.transaction(async (tx) => {
      const t = { ...ctx, db: tx };
      const before = await findTransaction(t, id, { forUpdate: true });
      if (!before) throw notFound(NOT_FOUND);
      assertFresh(before.updated_at, updated_at, '受注取引');
      const beforeDto = await loadTransaction(t, id);
      const customer = await saleCustomer(t, input.customer_id);
      await checkProducts(t, input);
      const values = computed(
        input,
        input.tax_mode ?? (before.tax_mode as 'exclusive' | 'inclusive'),
        before.tax_rounding as Rounding,
      );
      const [row] = await tx
        .update(salesTransactions)
        .set({ ...values, updated_at: sql`now()` })
        .where(and(eq(salesTransactions.id, id), eq(salesTransactions.company_id, ctx.companyId)))
        .returning();
      await tx.delete(salesTransactionLines).where(eq(salesTransactionLines.transaction_id, id));
      await writeLines(t, id, input);
      const saleChanged =
        before.total !== row.total ||
        before.transaction_date !== row.transaction_date ||
        before.customer_id !== row.customer_id ||
        before.subject !== row.subject ||
        JSON.stringify(before.by_rate) !== JSON.stringify(row.by_rate) ||
        before.number !== row.number;
      await storePostingIds(t, row, customer.name, ctx.actor.userId, saleChanged);
      const dto = (await loadTransaction(t, id)) as NonNullable<Awaited<ReturnType<typeof loadTransaction>>>;
      await audit(tx, {
        actor: ctx.actor,
        companyId: ctx.companyId,
        action: 'transaction.update',
        targetType: 'transaction',
        targetId: id,
        before: beforeDto,
        after: dto,
      });
      return dto;
    }),
  );
}

/** Deletes a sale that is neither invoiced nor paid; its postings are withdrawn (deleted, or reversed if locked). */
export async function deleteTransaction({ ctx, input: { id } }: ActionArgs<CompanyCtx, { id: number }>) {
  await withDbRefusals(() =>
    ctx.db.transaction(async (tx) => {
      const t = { ...ctx, db: tx };
      const before = await findTransaction(t, id, { forUpdate: true });
      if (!before) throw notFound(NOT_FOUND);
      if (before.status === 1 || before.status === 2) {
        const what = before.status === 1 ? '請求済' : '入金済';
        throw unprocessable(
          { _: [`${what}の受注取引は削除できません。請求書を取り消すか、状態を見直してください`] },
          `${what}の受注取引は削除できません`,
        );
      }
      if (before.paid_amount > 0) {
        const m = `入金（${before.paid_amount.toLocaleString('en-US')}円）が消し込まれている受注取引は削除できません。先に入出金管理で消込を外してください`;
        throw unprocessable({ _: [m] }, m);
      }
      const beforeDto = await loadTransaction(t, id);
      await withdrawPostings(t, before, ctx.actor.userId);
      await tx
        .delete(salesTransactions)
        .where(and(eq(salesTransactions.id, id), eq(salesTransactions.company_id, ctx.companyId)));
      await audit(tx, {
        actor: ctx.actor,
        companyId: ctx.companyId,
        action: 'transaction.delete',
        targetType: 'transaction',
        targetId: id,
        before: beforeDto,
      });
    }),
  );
}
