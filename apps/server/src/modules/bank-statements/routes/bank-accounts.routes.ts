import { companyBankAccountDto, companyBankAccountInput } from '@chobo/core';
import type { FastifyInstance } from 'fastify';
import { crudRoutes } from '../../../lib/crud-routes.js';
import {
  BANK_ACCOUNT_NOT_FOUND,
  createBankAccount,
  deleteBankAccount,
  listBankAccounts,
  loadBankAccount,
  updateBankAccount,
} from '../bank-accounts.js';
import { config, tags } from './shared.js';

/** 銀行口座: /api/company/bank-accounts. */
export function bankAccountRoutes(app: FastifyInstance) {
  crudRoutes(app, {
    scope: 'company',
    config,
    tags,
    updateMethods: ['PUT'],
    url: '/api/company/bank-accounts',
    input: companyBankAccountInput,
    dto: companyBankAccountDto,
    notFound: BANK_ACCOUNT_NOT_FOUND,
    summaries: ['銀行口座の一覧', '銀行口座の登録', '銀行口座', '銀行口座の更新', '銀行口座の削除'],
    list: { all: listBankAccounts },
    create: createBankAccount,
    load: loadBankAccount,
    update: updateBankAccount,
    remove: deleteBankAccount,
  });
}
