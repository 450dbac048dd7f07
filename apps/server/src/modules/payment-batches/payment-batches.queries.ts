import {
  batchTransfers,
  PAYMENT_BATCH_STATUSES,
  type PaymentBatch,
  type PaymentBatchListQuery,
  type PaymentBatchRow,
  type PaymentBatchStatus,
  type PaymentSchedule,
} from '@chobo/core';
import { and, asc, desc, eq, gte, inArray, isNull, lte, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  bankAccounts,
  customers,
  paymentBatches,
  paymentBatchItems,
  transactionDocuments,
  users,
} from '../../db/schema/index.js';
import type { Tenant } from '../../lib/context.js';
import { pagedList } from '../../lib/list.js';
import { bankAccountLabel } from '../payments/payment-posting.js';
import { openItems } from '../payments/payments.queries.js';
import { payeeBanks } from './payment-batch-payees.js';

/** Reads of 振込データ (every one taking a Tenant) and 支払予定 (the open payables by payment date). */

export const BATCH_NOT_FOUND = '振込データが見つかりません';

type BatchRecord = typeof paymentBatches.$inferSelect;

/** The batch row, locked when asked (the actions). */
export async function findBatch(tenant: Tenant, id: number, opts: { forUpdate?: boolean } = {}) {
  const q = tenant.db
    .select()
    .from(paymentBatches)
    .where(and(eq(paymentBatches.id, id), eq(paymentBatches.company_id, tenant.companyId)));
  const [row] = opts.forUpdate ? await q.for('update') : await q;
  return row as BatchRecord | undefined;
}

const creator = alias(users, 'creator');
const approver = alias(users, 'approver');

const rowSelect = {
  b: paymentBatches,
  bank: {
    bank_name: bankAccounts.bank_name,
    branch_name: bankAccounts.branch_name,
    account_type: bankAccounts.account_type,
    account_number: bankAccounts.account_number,
  },
  created_by_name: creator.name,
  approved_by_name: approver.name,
  total: sql<number>`(select coalesce(sum(i.amount), 0) from payment_batch_items i where i.batch_id = ${paymentBatches.id})`,
  fee_total: sql<number>`(select coalesce(sum(i.fee), 0) from payment_batch_items i where i.batch_id = ${paymentBatches.id})`,
  deducted: sql<number>`(select coalesce(sum(i.fee), 0) from payment_batch_items i where i.batch_id = ${paymentBatches.id} and i.fee_bearer = 'them')`,
  transfer_count: sql<number>`(select count(distinct i.customer_id) from payment_batch_items i where i.batch_id = ${paymentBatches.id})`,
  item_count: sql<number>`(select count(*) from payment_batch_items i where i.batch_id = ${paymentBatches.id})`,
};

type Selected = {
  b: BatchRecord;
  bank: { bank_name: string; branch_name: string; account_type: string; account_number: string };
  created_by_name: string | null;
  approved_by_name: string | null;
  total: number;
  fee_total: number;
  deducted: number;
  transfer_count: number;
  item_count: number;
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function rowOf(r: Selected): PaymentBatchRow {
  const b = r.b;
  const total = Number(r.total);
  return {
    id: b.id,
    company_id: b.company_id,
    payment_date: b.payment_date,
    bank_account_id: b.bank_account_id,
    bank_account_label: bankAccountLabel(r.bank),
    status: b.status as PaymentBatchStatus,
    status_label: PAYMENT_BATCH_STATUSES[b.status as PaymentBatchStatus],
    created_by: b.created_by,
    created_by_name: r.created_by_name,
    approved_by: b.approved_by,
    approved_by_name: r.approved_by_name,
    approved_at: iso(b.approved_at),
    exported_at: iso(b.exported_at),
    export_count: b.export_count,
    paid_at: iso(b.paid_at),
    total,
    fee_total: Number(r.fee_total),
    transfer_total: total - Number(r.deducted),
    transfer_count: Number(r.transfer_count),
    item_count: Number(r.item_count),
    created_at: b.created_at.toISOString(),
    updated_at: b.updated_at.toISOString(),
  };
}

const selectRows = (tenant: Tenant) =>
  tenant.db
    .select(rowSelect)
    .from(paymentBatches)
    .innerJoin(bankAccounts, eq(bankAccounts.id, paymentBatches.bank_account_id))
    .leftJoin(creator, eq(creator.id, paymentBatches.created_by))
    .leftJoin(approver, eq(approver.id, paymentBatches.approved_by));

/** The items of a batch with their documents, in the order they were given. */
export async function batchItems(tenant: Tenant, batchId: number) {
  return itemsOfBatches(tenant, [batchId]);
}

async function itemsOfBatches(tenant: Tenant, batchIds: number[]) {
  return tenant.db
    .select({
      id: paymentBatchItems.id,
      batch_id: paymentBatchItems.batch_id,
      transaction_document_id: paymentBatchItems.transaction_document_id,
      customer_id: paymentBatchItems.customer_id,
      customer_name: customers.name,
      document_type: transactionDocuments.document_type,
      transaction_date: transactionDocuments.transaction_date,
      memo: transactionDocuments.memo,
      due_date: transactionDocuments.due_date,
      document_total: transactionDocuments.amount,
      amount: paymentBatchItems.amount,
      fee: paymentBatchItems.fee,
      fee_bearer: paymentBatchItems.fee_bearer,
      payment_id: paymentBatchItems.payment_id,
    })
    .from(paymentBatchItems)
    .innerJoin(customers, eq(customers.id, paymentBatchItems.customer_id))
    .innerJoin(
      transactionDocuments,
      and(
        eq(transactionDocuments.id, paymentBatchItems.transaction_document_id),
        eq(transactionDocuments.company_id, paymentBatchItems.company_id),
      ),
    )
    .where(and(inArray(paymentBatchItems.batch_id, batchIds), eq(paymentBatchItems.company_id, tenant.companyId)))
    .orderBy(asc(paymentBatchItems.id));
}

export type BatchItemRow = Awaited<ReturnType<typeof batchItems>>[number];

const DOC_TYPES: Record<number, string> = { 4: '請求書', 5: '領収書' };
export const documentLabel = (i: { document_type: number; transaction_date: string; memo: string | null }) =>
  [DOC_TYPES[i.document_type] ?? '書類', i.transaction_date, i.memo].filter(Boolean).join(' ').slice(0, 200);

/**
 * The transfers of stored items: one per supplier; the fee is stored on the supplier's items (its first
 * one) with who bears it.
 */
export function transfersOf(items: readonly BatchItemRow[]) {
  const fees = new Map<number, { fee: number; fee_bearer: 'us' | 'them' }>();
  for (const i of items) {
    const f = fees.get(i.customer_id) ?? { fee: 0, fee_bearer: i.fee_bearer as 'us' | 'them' };
    f.fee += Number(i.fee);
    fees.set(i.customer_id, f);
  }
  return batchTransfers(
    items.map((i) => ({ ...i, amount: Number(i.amount) })),
    (id) => fees.get(id) as { fee: number; fee_bearer: 'us' | 'them' },
  );
}

/** GET /api/payment-batches/{id}: the batch, its items and its transfers (null: not this company's). */
export async function loadBatch(tenant: Tenant, id: number): Promise<PaymentBatch | null> {
  const [r] = await selectRows(tenant).where(
    and(eq(paymentBatches.id, id), eq(paymentBatches.company_id, tenant.companyId)),
  );
  if (!r) return null;
  return withItems(r as Selected, await batchItems(tenant, id));
}

function withItems(r: Selected, items: BatchItemRow[]): PaymentBatch {
  return {
    ...rowOf(r),
    items: items.map((i) => ({
      id: i.id,
      transaction_document_id: i.transaction_document_id,
      customer_id: i.customer_id,
      customer_name: i.customer_name,
      label: documentLabel(i),
      due_date: i.due_date,
      document_total: Number(i.document_total),
      amount: Number(i.amount),
      payment_id: i.payment_id,
    })),
    transfers: transfersOf(items),
  };
}

const SORT: Record<PaymentBatchListQuery['sort_by'], SQL | typeof paymentBatches.id> = {
  payment_date: sql`${paymentBatches.payment_date}`,
  id: paymentBatches.id,
  total: rowSelect.total,
  created_at: sql`${paymentBatches.created_at}`,
};

/** GET /api/payment-batches: status, payment-date range, paging. */
export async function listBatches(tenant: Tenant, q: PaymentBatchListQuery) {
  const where = and(
    eq(paymentBatches.company_id, tenant.companyId),
    q.status ? eq(paymentBatches.status, q.status) : undefined,
    q.from ? gte(paymentBatches.payment_date, q.from) : undefined,
    q.to ? lte(paymentBatches.payment_date, q.to) : undefined,
  );
  const col = SORT[q.sort_by];
  return pagedList(tenant.db, q, {
    from: paymentBatches,
    where,
    rows: (limit, offset) =>
      selectRows(tenant)
        .where(where)
        .orderBy(q.sort_dir === 'asc' ? asc(col) : desc(col), desc(paymentBatches.id))
        .limit(limit)
        .offset(offset),
    map: async (rows) => {
      const items = rows.length
        ? await itemsOfBatches(
            tenant,
            rows.map((r) => r.b.id),
          )
        : [];
      return rows.map((r) =>
        withItems(
          r as Selected,
          items.filter((i) => i.batch_id === r.b.id),
        ),
      );
    },
  });
}

/**
 * What unpaid batches (all but `exceptBatch`) already hold of each document: items not yet paid of batches
 * not yet paid. A new batch may pay the document's remaining amount less this.
 */
export async function reservedByBatches(tenant: Tenant, documentIds: number[], exceptBatch = 0) {
  const out = new Map<number, { amount: number; batches: number[] }>();
  if (documentIds.length === 0) return out;
  const rows = await tenant.db
    .select({
      doc: paymentBatchItems.transaction_document_id,
      batch: paymentBatchItems.batch_id,
      amount: paymentBatchItems.amount,
    })
    .from(paymentBatchItems)
    .innerJoin(
      paymentBatches,
      and(
        eq(paymentBatches.id, paymentBatchItems.batch_id),
        eq(paymentBatches.company_id, paymentBatchItems.company_id),
      ),
    )
    .where(
      and(
        eq(paymentBatchItems.company_id, tenant.companyId),
        inArray(paymentBatchItems.transaction_document_id, documentIds),
        isNull(paymentBatchItems.payment_id),
        ne(paymentBatches.status, 'paid'),
        ne(paymentBatches.id, exceptBatch),
      ),
    );
  for (const r of rows) {
    const cur = out.get(r.doc) ?? { amount: 0, batches: [] };
    cur.amount += Number(r.amount);
    cur.batches.push(r.batch);
    out.set(r.doc, cur);
  }
  return out;
}

/**
 * 支払予定: the open payables (posted 発注取引 not paid in cash, not yet 支払済: the payments module's open
 * items) grouped by payment date — the due date, those without one last — with what unpaid batches
 * already hold of each and whether the supplier has a 振込先.
 */
export async function paymentSchedule(tenant: Tenant): Promise<PaymentSchedule> {
  const open = await openItems(tenant, { direction: 'out' });
  const reserved = await reservedByBatches(
    tenant,
    open.map((o) => o.id),
  );
  const banks = await payeeBanks(tenant, [...new Set(open.map((o) => o.customer_id))]);
  const groups = new Map<string, PaymentSchedule['groups'][number]>();
  let total = 0;
  for (const o of open) {
    const key = o.due_date ?? '';
    const g = groups.get(key) ?? { payment_date: o.due_date, total: 0, available: 0, items: [] };
    const r = reserved.get(o.id);
    const inBatches = r?.amount ?? 0;
    const available = Math.max(0, o.remaining - inBatches);
    g.items.push({
      ...o,
      in_batches: inBatches,
      batch_ids: [...new Set(r?.batches ?? [])],
      available,
      has_bank_account: Boolean(banks.get(o.customer_id)),
    });
    g.total += o.remaining;
    g.available += available;
    total += o.remaining;
    groups.set(key, g);
  }
  const sorted = [...groups.values()].sort((a, b) =>
    a.payment_date === null ? 1 : b.payment_date === null ? -1 : a.payment_date.localeCompare(b.payment_date),
  );
  return { groups: sorted, total };
}
