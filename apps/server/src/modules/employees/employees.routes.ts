import { employeeInput, employeeListQuery, employeeSettingsInput } from '@chobo/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actionCtx } from '../../lib/context.js';
import { notFound } from '../../lib/http-errors.js';
import { companyScope } from '../../plugins/auth.js';
import { createEmployee, deleteEmployee, updateEmployee } from './employee-actions.js';
import { loadEmployeeSettings, updateEmployeeSettings } from './employee-settings.js';
import { findEmployee, listEmployees, toEmployee } from './employees.queries.js';

const config = { access: { roles: ['company' as const], permission: 'employees.index' } };
const settingsConfig = { access: { roles: ['company' as const], permission: 'account.max-employee' } };
const tags = ['employees'];
const LIST = '/api/company/employees';
const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export async function employeeRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(LIST, { config, schema: { tags, summary: '従業員の一覧', querystring: employeeListQuery } }, async (req) =>
    listEmployees(app.deps.db, await companyScope(req, { write: false }), req.query),
  );

  r.post(LIST, { config, schema: { tags, summary: '従業員の登録', body: employeeInput } }, async (req, reply) => {
    const companyId = await companyScope(req, { write: true });
    const data = await createEmployee({ app, ctx: actionCtx(req, companyId), input: req.body });
    return reply.status(201).send({ data });
  });

  r.get(`${LIST}/:id`, { config, schema: { tags, summary: '従業員の詳細', params: idParams } }, async (req) => {
    const companyId = await companyScope(req, { write: false });
    const row = await findEmployee(app.deps.db, companyId, req.params.id);
    if (!row) throw notFound('従業員が見つかりません');
    return { data: toEmployee(row) };
  });

  for (const method of ['PUT', 'PATCH'] as const) {
    r.route({
      method,
      url: `${LIST}/:id`,
      config,
      schema: { tags, summary: '従業員の更新', params: idParams, body: employeeInput },
      handler: async (req) => {
        const companyId = await companyScope(req, { write: true });
        return {
          data: await updateEmployee({ app, ctx: actionCtx(req, companyId), id: req.params.id, input: req.body }),
        };
      },
    });
  }

  r.delete(
    `${LIST}/:id`,
    { config, schema: { tags, summary: '従業員の削除', params: idParams } },
    async (req, reply) => {
      const companyId = await companyScope(req, { write: true });
      await deleteEmployee({ ctx: actionCtx(req, companyId), id: req.params.id });
      return reply.status(204).send();
    },
  );

  r.get(
    '/api/company/employee-settings',
    { config: settingsConfig, schema: { tags, summary: '従業員設定（上限と就業規則）' } },
    async (req) => ({ data: await loadEmployeeSettings(app.deps.db, await companyScope(req, { write: false })) }),
  );

  r.put(
    '/api/company/employee-settings',
    { config: settingsConfig, schema: { tags, summary: '従業員設定の更新', body: employeeSettingsInput } },
    async (req) => {
      const companyId = await companyScope(req, { write: true });
      return { data: await updateEmployeeSettings({ ctx: actionCtx(req, companyId), input: req.body }) };
    },
  );
}
