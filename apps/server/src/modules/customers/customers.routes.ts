import { customerDto, customerInput, customerListQuery, customerSimilarQuery, similarCustomerDto } from '@chobo/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { crudRoutes } from '../../lib/crud-routes.js';
import { sendJsonText } from '../../lib/json-text.js';
import { companyRoute } from '../../lib/tenant-route.js';
import { adminReadable } from '../../plugins/auth.js';
import { createCustomer, deleteCustomer, updateCustomer } from './customer-actions.js';
import { findCustomer, findSimilarCustomers, listCustomersJson, toCustomer } from './customers.queries.js';

/** Company users with customer.index; admins may read a company's customers with companies.index. */
const config = { access: adminReadable('customer.index') };
const tags = ['customers'];
const LIST = '/api/company/customer';

export async function customerRoutes(app: FastifyInstance) {
  crudRoutes(app, {
    scope: 'company',
    url: LIST,
    config,
    tags,
    input: customerInput,
    dto: customerDto,
    notFound: '顧客が見つかりません',
    summaries: ['顧客の一覧', '顧客の登録', '顧客の詳細', '顧客の更新', '顧客の削除'],
    list: {
      query: customerListQuery,
      run: async ({ ctx, query, reply }) => sendJsonText(reply, await listCustomersJson(ctx, query)),
    },
    adminReads: true,
    create: createCustomer,
    load: async (ctx, id) => {
      const row = await findCustomer(ctx, id);
      return row && toCustomer(row);
    },
    update: updateCustomer,
    remove: deleteCustomer,
    more: similarRoute,
  });
}

/** GET {LIST}/similar: the warning of the customer form (never a refusal). */
function similarRoute(app: FastifyInstance) {
  companyRoute(
    app,
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
}
