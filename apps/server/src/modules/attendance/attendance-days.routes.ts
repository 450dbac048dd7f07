import {
  attendanceDayInput,
  correctionDecisionInput,
  correctionDto,
  correctionListQuery,
  correctionRequestInput,
  dataOf,
  idParams,
  versioned,
} from '@chobo/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/http-errors.js';
import { companyRoute } from '../../lib/tenant-route.js';
import { BASE, both, isEmployee, manager, ownEmployee, tags } from './attendance-access.js';
import { createDay, decideCorrection, requestCorrection, updateDay } from './attendance-actions.js';
import { dayForEdit, findAttendanceEmployee, listCorrections, toCorrection } from './attendance-records.queries.js';

const dayVersion = () => dataOf(z.object({ id: z.number().int(), date: z.string(), updated_at: z.string() }));

/** A manager's days (record, edit, read for the edit screen). */
export function attendanceDayRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  companyRoute(
    r,
    {
      method: 'POST',
      url: BASE,
      config: manager,
      schema: {
        tags,
        summary: '出勤記録の登録（修正理由は必須）',
        body: attendanceDayInput,
        response: { 201: dayVersion() },
      },
    },
    async ({ ctx, req, reply }) => {
      const row = await createDay({ ctx, input: req.body });
      return reply.status(201).send({ data: { id: row.id, date: row.date, updated_at: row.updated_at.toISOString() } });
    },
  );

  companyRoute(
    r,
    {
      method: 'PUT',
      url: `${BASE}/:id`,
      config: manager,
      schema: {
        tags,
        summary: '出勤記録の編集（修正理由は必須、updated_at が古いと409）',
        params: idParams,
        body: versioned(attendanceDayInput),
        response: { 200: dayVersion() },
      },
    },
    async ({ ctx, req }) => {
      const row = await updateDay({ ctx, input: { ...req.body, id: req.params.id } });
      return { data: { id: row.id, date: row.date, updated_at: row.updated_at.toISOString() } };
    },
  );

  companyRoute(
    r,
    {
      method: 'GET',
      url: `${BASE}/:id`,
      config: manager,
      schema: {
        tags,
        summary: '出勤記録（編集画面用）',
        params: idParams,
        response: {
          200: dataOf(
            z.object({
              id: z.number().int(),
              employee: z.object({ id: z.number().int(), code: z.string(), name: z.string() }),
              date: z.string(),
              clock_in: z.string(),
              clock_out: z.string().nullable(),
              breaks: z.array(z.object({ start: z.string(), end: z.string().nullable() })),
              updated_at: z.string(),
            }),
          ),
        },
      },
    },
    async ({ ctx, req }) => {
      const day = await dayForEdit(ctx, req.params.id);
      if (!day) throw notFound('出勤記録が見つかりません');
      return { data: day };
    },
  );
}

/** Correction requests: an employee asks, a manager approves or rejects. */
export function attendanceCorrectionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  companyRoute(
    r,
    {
      method: 'GET',
      url: `${BASE}/corrections`,
      config: both,
      schema: {
        tags,
        summary: '打刻修正の申請一覧（従業員は自分の申請のみ）',
        querystring: correctionListQuery,
        response: { 200: dataOf(z.array(correctionDto)) },
      },
    },
    async ({ ctx, req }) => {
      const own = isEmployee(req) ? await ownEmployee(ctx, req) : null;
      return { data: await listCorrections(ctx, own ? own.id : null, req.query.status) };
    },
  );

  companyRoute(
    r,
    {
      method: 'POST',
      url: `${BASE}/corrections`,
      config: both,
      schema: {
        tags,
        summary: '打刻修正の申請（従業員）',
        body: correctionRequestInput,
        response: { 201: dataOf(correctionDto) },
      },
    },
    async ({ ctx, req, reply }) => {
      const employee = await ownEmployee(ctx, req);
      const row = await requestCorrection({ ctx, input: { ...req.body, employee } });
      return reply.status(201).send({ data: toCorrection(row, employee) });
    },
  );

  for (const [action, approve] of [
    ['approve', true],
    ['reject', false],
  ] as const) {
    companyRoute(
      r,
      {
        method: 'POST',
        url: `${BASE}/corrections/:id/${action}`,
        config: manager,
        schema: {
          tags,
          summary: approve ? '打刻修正の承認' : '打刻修正の却下',
          params: idParams,
          body: correctionDecisionInput,
          response: { 200: dataOf(correctionDto) },
        },
      },
      async ({ ctx, req }) => {
        const row = await decideCorrection({ ctx, input: { id: req.params.id, approve, note: req.body.note } });
        const e = await findAttendanceEmployee(ctx, row.employee_id);
        return { data: toCorrection(row, e ?? { id: row.employee_id, code: '', name: '' }) };
      },
    );
  }
}
