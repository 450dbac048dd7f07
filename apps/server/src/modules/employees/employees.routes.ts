import {
  dataOf,
  employeeDto,
  employeeInput,
  employeeListQuery,
  employeeSettingsDto,
  employeeSettingsInput,
  versioned,
} from '@chobo/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { crudRoutes } from '../../lib/crud-routes.js';
import { companyRoute } from '../../lib/tenant-route.js';
import { createEmployee, deleteEmployee, updateEmployee } from './employee-actions.js';
import { loadEmployeeSettings, updateEmployeeSettings } from './employee-settings.js';
import { findEmployee, listEmployees, toEmployee } from './employees.queries.js';

const config = { access: { roles: ['company' as const], permission: 'employees.index' } };
const settingsConfig = { access: { roles: ['company' as const], permission: 'account.max-employee' } };
const tags = ['employees'];

export async function employeeRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  crudRoutes(app, {
    scope: 'company',
    url: '/api/company/employees',
    config,
    tags,
    input: employeeInput,
    dto: employeeDto,
    notFound: '従業員が見つかりません',
    summaries: ['従業員の一覧', '従業員の登録', '従業員の詳細', '従業員の更新', '従業員の削除'],
    list: { query: employeeListQuery, run: ({ ctx, query }) => listEmployees(ctx, query) },
    create: createEmployee,
    load: async (ctx, id) => {
      const row = await findEmployee(ctx, id);
      return row && toEmployee(row);
    },
    update: updateEmployee,
    remove: deleteEmployee,
  });

  companyRoute(
    r,
    {
      method: 'GET',
      url: '/api/company/employee-settings',
      config: settingsConfig,
      schema: { tags, summary: '従業員設定（上限と就業規則）', response: { 200: dataOf(employeeSettingsDto) } },
    },
    async ({ ctx }) => ({ data: await loadEmployeeSettings(ctx) }),
  );

  companyRoute(
    r,
    {
      method: 'PUT',
      url: '/api/company/employee-settings',
      config: settingsConfig,
      schema: {
        tags,
        summary: '従業員設定の更新',
        response: { 200: dataOf(employeeSettingsDto) },
        body: versioned(employeeSettingsInput),
      },
    },
    async ({ ctx, req }) => {
      return { data: await updateEmployeeSettings({ ctx, input: req.body }) };
    },
  );
}
