import {
  dataOf,
  idParams,
  paymentBatchActionInput,
  paymentBatchDto,
  paymentBatchInput,
  paymentBatchListQuery,
  paymentScheduleDto,
  paymentScheduleQuery,
} from '@chobo/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { crudRoutes } from '../../lib/crud-routes.js';
import { fileResponse } from '../../lib/responses.js';
import { sendFile } from '../../lib/send-file.js';
import { companyRoute, type ZodApp } from '../../lib/tenant-route.js';
import { adminReadable } from '../../plugins/auth.js';
import { approveBatch, createBatch, deleteBatch, updateBatch } from './payment-batch-actions.js';
import { exportBatchFile } from './payment-batch-file.js';
import { confirmBatch } from './payment-batch-settlement.js';
import { BATCH_NOT_FOUND, listBatches, loadBatch, paymentSchedule } from './payment-batches.queries.js';

/** 振込データ: company users with payment-management.index; approval needs payment-batches.approve too. */
const config = { access: adminReadable('payment-management.index') };
const approveConfig = { access: { roles: ['company' as const], permission: 'payment-batches.approve' } };
const tags = ['payment-batches'];
const LIST = '/api/payment-batches';

export async function paymentBatchRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  crudRoutes(r, {
    scope: 'company',
    url: LIST,
    config,
    tags,
    input: paymentBatchInput,
    dto: paymentBatchDto,
    notFound: BATCH_NOT_FOUND,
    summaries: [
      '振込データの一覧（状態・支払日で絞り込み）',
      '振込データの作成（支払予定の書類と支払額、承認待ち）',
      '振込データの詳細（書類と取引先ごとの振込）',
      '振込データの更新（承認前のみ）',
      '振込データの削除（承認前のみ）',
    ],
    list: { query: paymentBatchListQuery, run: ({ ctx, query }) => listBatches(ctx, query) },
    adminReads: true,
    create: createBatch,
    load: loadBatch,
    update: updateBatch,
    updateMethods: ['PUT'],
    remove: deleteBatch,
    more: () => scheduleRoute(r),
  });
  batchStepRoutes(r);
}

/** GET /api/payment-batches/schedule: 支払予定. */
function scheduleRoute(r: ZodApp) {
  companyRoute(
    r,
    {
      method: 'GET',
      url: `${LIST}/schedule`,
      config,
      schema: {
        tags,
        summary: '支払予定（未払いの発注取引を支払日ごとに、振込データに含まれている額とともに）',
        querystring: paymentScheduleQuery,
        response: { 200: dataOf(paymentScheduleDto) },
      },
    },
    async ({ ctx }) => ({ data: await paymentSchedule(ctx) }),
  );
}

/** Approval, the 全銀 file and paying without a statement. */
function batchStepRoutes(r: ZodApp) {
  companyRoute(
    r,
    {
      method: 'POST',
      url: `${LIST}/:id/approve`,
      config: approveConfig,
      schema: {
        tags,
        summary: '振込データの承認（作成者以外の承認者）',
        params: idParams,
        body: paymentBatchActionInput,
        response: { 200: dataOf(paymentBatchDto) },
      },
    },
    async ({ ctx, req }) => ({ data: await approveBatch({ ctx, input: { ...req.body, id: req.params.id } }) }),
  );
  companyRoute(
    r,
    {
      method: 'POST',
      url: `${LIST}/:id/confirm`,
      config,
      schema: {
        tags,
        summary: '振込データの支払確定（銀行明細を取り込まない場合: 支払を登録し書類を支払済に）',
        params: idParams,
        body: paymentBatchActionInput,
        response: { 200: dataOf(paymentBatchDto) },
      },
    },
    async ({ ctx, req }) => ({ data: await confirmBatch({ ctx, input: { ...req.body, id: req.params.id } }) }),
  );
  companyRoute(
    r,
    {
      method: 'GET',
      url: `${LIST}/:id/zengin`,
      config,
      schema: {
        tags,
        summary:
          '全銀 総合振込ファイル（Shift_JIS、承認済みのみ。出力済にする。2回目以降は X-Zengin-Already-Exported: true）',
        params: idParams,
        response: { 200: fileResponse(['text/plain'], '総合振込_YYYYMMDD.txt') },
      },
    },
    async ({ ctx, req, reply }) => {
      const file = await exportBatchFile({ ctx, input: { id: req.params.id } });
      reply.header('X-Zengin-Already-Exported', String(file.already));
      reply.header('X-Zengin-Export-Count', String(file.count));
      return sendFile(reply, Buffer.from(file.bytes), {
        type: 'text/plain; charset=Shift_JIS',
        name: `総合振込_${file.paymentDate.replaceAll('-', '')}.txt`,
        fallback: `zengin-21-${file.paymentDate.replaceAll('-', '')}.txt`,
      });
    },
  );
}
