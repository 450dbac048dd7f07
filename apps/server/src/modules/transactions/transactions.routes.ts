import { Readable } from 'node:stream';
import {
  companyIdQuery,
  dataOf,
  idParams,
  noContentDto,
  PAYMENT_METHODS,
  pageOf,
  TAX_CATEGORY_LABELS,
  TRANSACTION_STATUSES,
  type Transaction,
  transactionDto,
  transactionInput,
  transactionListQuery,
  versioned,
} from '@chobo/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Tenant } from '../../lib/context.js';
import { csvLine, csvWriter } from '../../lib/csv.js';
import { notFound } from '../../lib/http-errors.js';
import { csvType, sendFile } from '../../lib/send-file.js';
import { companyRoute } from '../../lib/tenant-route.js';
import type { RouteAccess } from '../../plugins/auth.js';
import { createTransaction, deleteTransaction, updateTransaction } from './transaction-actions.js';
import { listTransactions, loadTransaction, transactionBatches } from './transactions.queries.js';

/** Company users with transactions.index; admins read a company's sales with companies.index. */
const config = {
  access: {
    roles: ['company', 'employee', 'admin'],
    permission: 'transactions.index',
    adminPermission: 'companies.index',
  } satisfies RouteAccess,
};
const tags = ['transactions'];
const LIST = '/api/transactions';

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
  const r = app.withTypeProvider<ZodTypeProvider>();

  companyRoute(
    r,
    {
      method: 'GET',
      url: LIST,
      config,
      schema: {
        tags,
        summary: '受注取引の一覧（format=csv で明細CSV）',
        querystring: transactionListQuery,
        response: { 200: pageOf(transactionDto) },
      },
    },
    async ({ ctx, req, reply }) => {
      if (req.query.format === 'csv') {
        return sendFile(reply, transactionCsv(ctx, req.query), {
          type: csvType(req.query.encoding),
          name: '受注取引.csv',
          fallback: 'transactions.csv',
        });
      }
      return listTransactions(ctx, req.query);
    },
  );

  companyRoute(
    r,
    {
      method: 'POST',
      url: LIST,
      config,
      schema: {
        tags,
        summary: '受注取引の登録（売上を仕訳）',
        body: transactionInput,
        response: { 201: dataOf(transactionDto) },
      },
    },
    async ({ ctx, req, reply }) => reply.status(201).send({ data: await createTransaction({ ctx, input: req.body }) }),
  );

  companyRoute(
    r,
    {
      method: 'GET',
      url: `${LIST}/:id`,
      config,
      schema: {
        tags,
        summary: '受注取引の詳細',
        params: idParams,
        querystring: companyIdQuery,
        response: { 200: dataOf(transactionDto) },
      },
    },
    async ({ ctx, req }) => {
      const data = await loadTransaction(ctx, req.params.id);
      if (!data) throw notFound('受注取引が見つかりません');
      return { data };
    },
  );

  companyRoute(
    r,
    {
      method: ['PUT', 'PATCH'],
      url: `${LIST}/:id`,
      config,
      schema: {
        tags,
        summary: '受注取引の更新（仕訳も差し替え）',
        params: idParams,
        body: versioned(transactionInput),
        response: { 200: dataOf(transactionDto) },
      },
    },
    async ({ ctx, req }) => ({ data: await updateTransaction({ ctx, input: { ...req.body, id: req.params.id } }) }),
  );

  companyRoute(
    r,
    {
      method: 'DELETE',
      url: `${LIST}/:id`,
      config,
      schema: { tags, summary: '受注取引の削除', params: idParams, response: { 204: noContentDto } },
    },
    async ({ ctx, req, reply }) => {
      await deleteTransaction({ ctx, input: { id: req.params.id } });
      return reply.status(204).send();
    },
  );
}
