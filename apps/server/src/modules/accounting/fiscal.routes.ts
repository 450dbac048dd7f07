import {
  closedFiscalYearDto,
  companyIdQuery,
  dataOf,
  fiscalYearCreateInput,
  fiscalYearDto,
  idParams,
  noContentDto,
  periodLockDto,
  periodLockInput,
} from '@chobo/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { companyRoute } from '../../lib/tenant-route.js';
import type { RouteAccess } from '../../plugins/auth.js';
import { closeFiscalYear, createFiscalYear, listFiscalYears, reopenFiscalYear } from './fiscal-years.js';
import { ACCOUNTING_ACCESS } from './journal.routes.js';
import { createPeriodLock, deletePeriodLock, listPeriodLocks } from './period-locks.js';

const config = { access: ACCOUNTING_ACCESS };
/** Reopening a closed year or a locked period: the company's own users only (never admins or employees). */
const ownerConfig = { access: { roles: ['company'], permission: 'company-accountings.show' } satisfies RouteAccess };
const tags = ['accounting'];

export async function fiscalRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const FY = '/api/company/fiscal-years';
  const LOCKS = '/api/company/period-locks';

  companyRoute(
    r,
    {
      method: 'GET',
      url: FY,
      config,
      schema: {
        tags,
        summary: '会計年度の一覧',
        response: { 200: dataOf(z.array(fiscalYearDto)) },
        querystring: companyIdQuery,
      },
    },
    async ({ ctx }) => {
      return { data: await listFiscalYears(ctx) };
    },
  );
  companyRoute(
    r,
    {
      method: 'POST',
      url: FY,
      config,
      schema: {
        tags,
        summary: '会計年度の作成（期首残高つき）',
        response: { 201: dataOf(fiscalYearDto) },
        body: fiscalYearCreateInput,
      },
    },
    async ({ ctx, req, reply }) => {
      return reply.status(201).send({ data: await createFiscalYear({ ctx, input: req.body }) });
    },
  );
  companyRoute(
    r,
    {
      method: 'POST',
      url: `${FY}/:id/close`,
      config,
      schema: {
        tags,
        summary: '年度の締め（決算振替）',
        response: { 200: dataOf(closedFiscalYearDto) },
        params: idParams,
      },
    },
    async ({ ctx, req }) => {
      return { data: await closeFiscalYear({ ctx, input: { id: req.params.id } }) };
    },
  );
  companyRoute(
    r,
    {
      method: 'POST',
      url: `${FY}/:id/reopen`,
      config: ownerConfig,
      schema: { tags, summary: '年度の締めを戻す', response: { 200: dataOf(fiscalYearDto) }, params: idParams },
    },
    async ({ ctx, req }) => {
      return { data: await reopenFiscalYear({ ctx, input: { id: req.params.id } }) };
    },
  );

  companyRoute(
    r,
    {
      method: 'GET',
      url: LOCKS,
      config,
      schema: {
        tags,
        summary: '締めの一覧',
        response: { 200: dataOf(z.array(periodLockDto)) },
        querystring: companyIdQuery,
      },
    },
    async ({ ctx }) => {
      return { data: await listPeriodLocks(ctx) };
    },
  );
  companyRoute(
    r,
    {
      method: 'POST',
      url: LOCKS,
      config,
      schema: {
        tags,
        summary: '月または年度を締める',
        response: { 201: dataOf(periodLockDto) },
        body: periodLockInput,
      },
    },
    async ({ ctx, req, reply }) => {
      return reply.status(201).send({ data: await createPeriodLock({ ctx, input: req.body }) });
    },
  );
  companyRoute(
    r,
    {
      method: 'DELETE',
      url: `${LOCKS}/:id`,
      config: ownerConfig,
      schema: { tags, summary: '締めの解除', response: { 204: noContentDto }, params: idParams },
    },
    async ({ ctx, req, reply }) => {
      await deletePeriodLock({ ctx, input: { id: req.params.id } });
      return reply.status(204).send();
    },
  );
}
