import {
  dataOf,
  employeeDto,
  employeeInput,
  employeeListQuery,
  employeeSettingsDto,
  employeeSettingsInput,
  idParams,
  noContentDto,
  pageOf,
  versioned,
} from '@chobo/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/http-errors.js';
import { companyRoute } from '../../lib/tenant-route.js';
import { createEmployee, deleteEmployee, updateEmployee } from './employee-actions.js';
import { loadEmployeeSettings, updateEmployeeSettings } from './employee-settings.js';
import { findEmployee, listEmployees, toEmployee } from './employees.queries.js';

const config = { access: { roles: ['company' as const], permission: 'employees.index' } };
const settingsConfig = { access: { roles: ['company' as const], permission: 'account.max-employee' } };
const tags = ['employees'];
const LIST = '/api/company/employees';

export async function employeeRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  companyRoute(
    r,
    {
      method: 'GET',
      url: LIST,
      config,
      schema: { tags, summary: '従業員の一覧', response: { 200: pageOf(employeeDto) }, querystring: employeeListQuery },
    },
    async ({ ctx, req }) => listEmployees(ctx, req.query),
  );

  companyRoute(
    r,
    {
      method: 'POST',
      url: LIST,
      config,
      schema: { tags, summary: '従業員の登録', response: { 201: dataOf(employeeDto) }, body: employeeInput },
    },
    async ({ ctx, req, reply }) => {
      const data = await createEmployee({ ctx, input: req.body });
      return reply.status(201).send({ data });
    },
  );

  companyRoute(
    r,
    {
      method: 'GET',
      url: `${LIST}/:id`,
      config,
      schema: { tags, summary: '従業員の詳細', response: { 200: dataOf(employeeDto) }, params: idParams },
    },
    async ({ ctx, req }) => {
      const row = await findEmployee(ctx, req.params.id);
      if (!row) throw notFound('従業員が見つかりません');
      return { data: toEmployee(row) };
    },
  );

  for (const method of ['PUT', 'PATCH'] as const) {
    companyRoute(
      r,
      {
        method,
        url: `${LIST}/:id`,
        config,
        schema: {
          tags,
          summary: '従業員の更新',
          response: { 200: dataOf(employeeDto) },
          params: idParams,
          body: versioned(employeeInput),
        },
      },
      async ({ ctx, req }) => {
        return {
          data: await updateEmployee({ ctx, input: { ...req.body, id: req.params.id } }),
        };
      },
    );
  }

  companyRoute(
    r,
    {
      method: 'DELETE',
      url: `${LIST}/:id`,
      config,
      schema: { tags, summary: '従業員の削除', response: { 204: noContentDto }, params: idParams },
    },
    async ({ ctx, req, reply }) => {
      await deleteEmployee({ ctx, input: { id: req.params.id } });
      return reply.status(204).send();
    },
  );

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
