import { companyBankAccountDto, companyBankAccountInput } from '@chobo/core';
import type { FastifyInstance } from 'fastify';
import {
  BANK_ACCOUNT_NOT_FOUND,
  createBankAccount,
  deleteBankAccount,
  listBankAccounts,
  loadBankAccount,
  updateBankAccount,
} from '../bank-accounts.js';
import { crudRoutes } from './crud.js';

/** 銀行口座: /api/company/bank-accounts. */
export function bankAccountRoutes(app: FastifyInstance) {
  crudRoutes(app, {
    url: '/api/company/bank-accounts',
    input: companyBankAccountInput,
    dto: companyBankAccountDto,
    notFound: BANK_ACCOUNT_NOT_FOUND,
    summaries: ['銀行口座の一覧', '銀行口座の登録', '銀行口座', '銀行口座の更新', '銀行口座の削除'],
    list: listBankAccounts,
    create: createBankAccount,
    load: loadBankAccount,
    update: updateBankAccount,
    remove: deleteBankAccount,
  });
}
