import { customerDto, customerInput, customerListQuery } from '@chobo/core';
import type { FastifyInstance } from 'fastify';
import { crudRoutes } from '../../lib/crud-routes.js';
import { sendJsonText } from '../../lib/json-text.js';
import { adminReadable, type RouteAccess } from '../../plugins/auth.js';
import { createCustomer, deleteCustomer, updateCustomer } from './customer-actions.js';
import { findCustomer, listCustomersJson, toCustomer } from './customers.queries.js';

/** Company users with customer.index; admins may read a company's customers with companies.index. */
const ACCESS: RouteAccess = adminReadable('customer.index');

export async function customerRoutes(app: FastifyInstance) {
  crudRoutes(app, {
    scope: 'company',
    url: '/api/company/customer',
    config: { access: ACCESS },
    tags: ['customers'],
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
  });
}
