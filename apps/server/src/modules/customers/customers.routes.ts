import {
  companyIdQuery,
  customerDto,
  customerInput,
  customerListQuery,
  customerSimilarQuery,
  dataOf,
  idParams,
  noContentDto,
  pageOf,
  similarCustomerDto,
  versioned,
} from '@chobo/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/http-errors.js';
import { sendJsonText } from '../../lib/json-text.js';
import { companyRoute } from '../../lib/tenant-route.js';
import type { RouteAccess } from '../../plugins/auth.js';
import { createCustomer, deleteCustomer, updateCustomer } from './customer-actions.js';
import { findCustomer, findSimilarCustomers, listCustomersJson, toCustomer } from './customers.queries.js';

/** Company users with customer.index; admins may read a company's customers with companies.index. */
const ACCESS: RouteAccess = {
  roles: ['company', 'employee', 'admin'],
  permission: 'customer.index',
  adminPermission: 'companies.index',
};
const config = { access: ACCESS };
const tags = ['customers'];
const LIST = '/api/company/customer';

const updateBody = versioned(customerInput);

export async function customerRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  companyRoute(
    r,
    {
      method: 'GET',
      url: LIST,
      config,
      schema: { tags, summary: '顧客の一覧', response: { 200: pageOf(customerDto) }, querystring: customerListQuery },
    },
    async ({ ctx, req, reply }) => {
      return sendJsonText(reply, await listCustomersJson(ctx, req.query));
    },
  );

  companyRoute(
    r,
    {
      method: 'GET',
      url: `${LIST}/similar`,
      config,
      schema: {
        tags,
        summary: '同じ名前・登録番号の顧客（登録・編集画面の警告。登録は拒否しません）',
        response: { 200: z.object({ data: z.array(similarCustomerDto) }) },
        querystring: customerSimilarQuery,
      },
    },
    async ({ ctx, req }) => ({ data: await findSimilarCustomers(ctx, req.query) }),
  );

  companyRoute(
    r,
    {
      method: 'POST',
      url: LIST,
      config,
      schema: { tags, summary: '顧客の登録', response: { 201: dataOf(customerDto) }, body: customerInput },
    },
    async ({ ctx, req, reply }) => {
      const data = await createCustomer({ ctx, input: req.body });
      return reply.status(201).send({ data });
    },
  );

  companyRoute(
    r,
    {
      method: 'GET',
      url: `${LIST}/:id`,
      config,
      schema: {
        tags,
        summary: '顧客の詳細',
        response: { 200: dataOf(customerDto) },
        params: idParams,
        querystring: companyIdQuery,
      },
    },
    async ({ ctx, req }) => {
      const row = await findCustomer(ctx, req.params.id);
      if (!row) throw notFound('顧客が見つかりません');
      return { data: toCustomer(row) };
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
          summary: '顧客の更新',
          response: { 200: dataOf(customerDto) },
          params: idParams,
          body: updateBody,
        },
      },
      async ({ ctx, req }) => {
        const data = await updateCustomer({ ctx, input: { ...req.body, id: req.params.id } });
        return { data };
      },
    );
  }

  companyRoute(
    r,
    {
      method: 'DELETE',
      url: `${LIST}/:id`,
      config,
      schema: { tags, summary: '顧客の削除', response: { 204: noContentDto }, params: idParams },
    },
    async ({ ctx, req, reply }) => {
      await deleteCustomer({ ctx, input: { id: req.params.id } });
      return reply.status(204).send();
    },
  );
}
