import { Readable } from 'node:stream';
import {
  PAYMENT_METHODS,
  TAX_CATEGORY_LABELS,
  TRANSACTION_STATUSES,
  type Transaction,
  transactionDto,
  transactionInput,
  transactionListQuery,
} from '@chobo/core';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Tenant } from '../../lib/context.js';
import { crudRoutes } from '../../lib/crud-routes.js';
import { csvLine, csvWriter } from '../../lib/csv.js';
import { adminReadable } from '../../plugins/auth.js';
import { createTransaction, deleteTransaction, updateTransaction } from './transaction-actions.js';
import { listTransactions, loadTransaction, transactionBatches } from './transactions.queries.js';

/** Company users with transactions.index; admins read a company's sales with companies.index. */
const config = { access: adminReadable('transactions.index') };

const CSV_HEADER = [
  '取引番号',
  '取引日',
  '支払期日',
  '顧客',
  '件名',
  '支払方法',
  '状態',
  '税抜・税込',
  '小計',
  '消費税',
  '合計',
  '明細No.',
  '品目',
  '数量',
  '単位',
  '単価',
  '税区分',
  '金額',
];

function csvRows(t: Transaction): (string | number | null)[][] {
  return t.lines.map((l) => [
    t.number,
    t.transaction_date,
    t.due_date,
    t.customer_name,
    t.subject,
    PAYMENT_METHODS[t.payment_method],
    TRANSACTION_STATUSES[t.status],
    t.tax_mode === 'inclusive' ? '税込' : '税抜',
    t.totals.subtotal,
    t.totals.tax,
    t.totals.total,
    l.line_no,
    l.description,
    l.quantity,
    l.unit,
    l.unit_price,
    TAX_CATEGORY_LABELS[l.tax_category],
    l.amount,
  ]);
}

/** transactions.csv (one row per line), streamed in batches. */
function transactionCsv(tenant: Tenant, q: z.output<typeof transactionListQuery>) {
  const w = csvWriter(q.encoding);
  async function* chunks() {
    yield Buffer.concat([w.bom, w.encode(csvLine(CSV_HEADER, w.eol))]);
    for await (const batch of transactionBatches(tenant, q)) {
      yield w.encode(batch.flatMap((t) => csvRows(t).map((r) => csvLine(r, w.eol))).join(''));
    }
  }
  return Readable.from(chunks(), { objectMode: false, highWaterMark: 64 * 1024 });
}

export async function transactionRoutes(app: FastifyInstance) {
  crudRoutes(app, {
    scope: 'company',
    url: '/api/transactions',
    config,
    tags: ['transactions'],
    input: transactionInput,
    dto: transactionDto,
    notFound: '受注取引が見つかりません',
    summaries: [
      '受注取引の一覧（format=csv で明細CSV）',
      '受注取引の登録（売上を仕訳）',
      '受注取引の詳細',
      '受注取引の更新（仕訳も差し替え）',
      '受注取引の削除',
    ],
    list: {
      query: transactionListQuery,
      run: ({ ctx, query }) => listTransactions(ctx, query),
      csv: { name: '受注取引.csv', fallback: 'transactions.csv', body: transactionCsv },
    },
    adminReads: true,
    create: createTransaction,
    load: loadTransaction,
    update: updateTransaction,
    remove: deleteTransaction,
  });
}
