import { fiscalYearCreateInput, periodLockInput } from '@chobo/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actionCtx } from '../../lib/context.js';
import { companyScope, type RouteAccess } from '../../plugins/auth.js';
import { closeFiscalYear, createFiscalYear, listFiscalYears, reopenFiscalYear } from './fiscal-years.js';
import { ACCOUNTING_ACCESS } from './journal.routes.js';
import { createPeriodLock, deletePeriodLock, listPeriodLocks } from './period-locks.js';

const config = { access: ACCOUNTING_ACCESS };
/** Reopening a closed year or a locked period: the company's own users only (never admins or employees). */
const ownerConfig = { access: { roles: ['company'], permission: 'company-accountings.show' } satisfies RouteAccess };
const tags = ['accounting'];
const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const companyIdQuery = z.object({ company_id: z.coerce.number().int().positive().optional() });

export async function fiscalRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const FY = '/api/company/fiscal-years';
  const LOCKS = '/api/company/period-locks';

  r.get(FY, { config, schema: { tags, summary: '会計年度の一覧', querystring: companyIdQuery } }, async (req) => {
    const companyId = await companyScope(req, { write: false, companyIdParam: req.query.company_id });
    return { data: await listFiscalYears(app.deps.db, companyId) };
  });
  r.post(
    FY,
    { config, schema: { tags, summary: '会計年度の作成（期首残高つき）', body: fiscalYearCreateInput } },
    async (req, reply) => {
      const companyId = await companyScope(req, { write: true });
      return reply
        .status(201)
        .send({ data: await createFiscalYear({ ctx: actionCtx(req, companyId), input: req.body }) });
    },
  );
  r.post(
    `${FY}/:id/close`,
    { config, schema: { tags, summary: '年度の締め（決算振替）', params: idParams } },
    async (req) => {
      const companyId = await companyScope(req, { write: true });
      return { data: await closeFiscalYear({ ctx: actionCtx(req, companyId), id: req.params.id }) };
    },
  );
  r.post(
    `${FY}/:id/reopen`,
    { config: ownerConfig, schema: { tags, summary: '年度の締めを戻す', params: idParams } },
    async (req) => {
      const companyId = await companyScope(req, { write: true });
      return { data: await reopenFiscalYear({ ctx: actionCtx(req, companyId), id: req.params.id }) };
    },
  );

  r.get(LOCKS, { config, schema: { tags, summary: '締めの一覧', querystring: companyIdQuery } }, async (req) => {
    const companyId = await companyScope(req, { write: false, companyIdParam: req.query.company_id });
    return { data: await listPeriodLocks(app.deps.db, companyId) };
  });
  r.post(
    LOCKS,
    { config, schema: { tags, summary: '月または年度を締める', body: periodLockInput } },
    async (req, reply) => {
      const companyId = await companyScope(req, { write: true });
      return reply
        .status(201)
        .send({ data: await createPeriodLock({ ctx: actionCtx(req, companyId), input: req.body }) });
    },
  );
  r.delete(
    `${LOCKS}/:id`,
    { config: ownerConfig, schema: { tags, summary: '締めの解除', params: idParams } },
    async (req, reply) => {
      const companyId = await companyScope(req, { write: true });
      await deletePeriodLock({ ctx: actionCtx(req, companyId), id: req.params.id });
      return reply.status(204).send();
    },
  );
}
