import { customerInput, customerListQuery } from '@chobo/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actionCtx } from '../../lib/context.js';
import { notFound } from '../../lib/http-errors.js';
import { companyScope, type RouteAccess } from '../../plugins/auth.js';
import { createCustomer, deleteCustomer, updateCustomer } from './customer-actions.js';
import { findCustomer, listCustomers, toCustomer } from './customers.queries.js';

/** Company users with customer.index; admins may read a company's customers with companies.index. */
const ACCESS: RouteAccess = {
  roles: ['company', 'employee', 'admin'],
  permission: 'customer.index',
  adminPermission: 'companies.index',
};
const config = { access: ACCESS };
const tags = ['customers'];
const LIST = '/api/company/customer';

const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const companyIdQuery = z.object({ company_id: z.coerce.number().int().positive().optional() });
const updateBody = customerInput.extend({ updated_at: z.string().datetime({ offset: true }).optional() });

export async function customerRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(LIST, { config, schema: { tags, summary: '顧客の一覧', querystring: customerListQuery } }, async (req) => {
    const companyId = await companyScope(req, { write: false, companyIdParam: req.query.company_id });
    return listCustomers(app.deps.db, companyId, req.query);
  });

  r.post(LIST, { config, schema: { tags, summary: '顧客の登録', body: customerInput } }, async (req, reply) => {
    const companyId = await companyScope(req, { write: true });
    const data = await createCustomer({ ctx: actionCtx(req, companyId), input: req.body });
    return reply.status(201).send({ data });
  });

  r.get(
    `${LIST}/:id`,
    { config, schema: { tags, summary: '顧客の詳細', params: idParams, querystring: companyIdQuery } },
    async (req) => {
      const companyId = await companyScope(req, { write: false, companyIdParam: req.query.company_id });
      const row = await findCustomer(app.deps.db, companyId, req.params.id);
      if (!row) throw notFound('顧客が見つかりません');
      return { data: toCustomer(row) };
    },
  );

  for (const method of ['PUT', 'PATCH'] as const) {
    r.route({
      method,
      url: `${LIST}/:id`,
      config,
      schema: { tags, summary: '顧客の更新', params: idParams, body: updateBody },
      handler: async (req) => {
        const companyId = await companyScope(req, { write: true });
        const { updated_at, ...input } = req.body;
        const data = await updateCustomer({
          ctx: actionCtx(req, companyId),
          id: req.params.id,
          input,
          expectedUpdatedAt: updated_at,
        });
        return { data };
      },
    });
  }

  r.delete(`${LIST}/:id`, { config, schema: { tags, summary: '顧客の削除', params: idParams } }, async (req, reply) => {
    const companyId = await companyScope(req, { write: true });
    await deleteCustomer({ ctx: actionCtx(req, companyId), id: req.params.id });
    return reply.status(204).send();
  });
}
