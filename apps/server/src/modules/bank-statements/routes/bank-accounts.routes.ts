import { companyBankAccountDto, companyBankAccountInput, dataOf, noContentDto, versioned } from '@chobo/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { notFound } from '../../../lib/http-errors.js';
import { companyRoute } from '../../../lib/tenant-route.js';
import {
  createBankAccount,
  deleteBankAccount,
  listBankAccounts,
  loadBankAccount,
  updateBankAccount,
} from '../bank-accounts.js';
import { config, idParams, tags } from './shared.js';

/** 銀行口座: /api/company/bank-accounts. */
export function bankAccountRoutes(r: FastifyInstance) {
  const BA = '/api/company/bank-accounts';
  companyRoute(
    r,
    {
      method: 'GET',
      url: BA,
      config,
      schema: { tags, summary: '銀行口座の一覧', response: { 200: dataOf(z.array(companyBankAccountDto)) } },
    },
    async ({ ctx }) => ({ data: await listBankAccounts(ctx) }),
  );
  companyRoute(
    r,
    {
      method: 'POST',
      url: BA,
      config,
      schema: {
        tags,
        summary: '銀行口座の登録',
        body: companyBankAccountInput,
        response: { 201: dataOf(companyBankAccountDto) },
      },
    },
    async ({ ctx, req, reply }) => {
      const data = await createBankAccount({ ctx, input: req.body });
      return reply.code(201).send({ data });
    },
  );
  companyRoute(
    r,
    {
      method: 'GET',
      url: `${BA}/:id`,
      config,
      schema: { tags, summary: '銀行口座', params: idParams, response: { 200: dataOf(companyBankAccountDto) } },
    },
    async ({ ctx, req }) => {
      const data = await loadBankAccount(ctx, req.params.id);
      if (!data) throw notFound('銀行口座が見つかりません');
      return { data };
    },
  );
  companyRoute(
    r,
    {
      method: 'PUT',
      url: `${BA}/:id`,
      config,
      schema: {
        tags,
        summary: '銀行口座の更新',
        params: idParams,
        body: versioned(companyBankAccountInput),
        response: { 200: dataOf(companyBankAccountDto) },
      },
    },
    async ({ ctx, req }) => ({ data: await updateBankAccount({ ctx, input: { ...req.body, id: req.params.id } }) }),
  );
  companyRoute(
    r,
    {
      method: 'DELETE',
      url: `${BA}/:id`,
      config,
      schema: { tags, summary: '銀行口座の削除', params: idParams, response: { 204: noContentDto } },
    },
    async ({ ctx, req, reply }) => {
      await deleteBankAccount({ ctx, input: { id: req.params.id } });
      return reply.code(204).send();
    },
  );
}
