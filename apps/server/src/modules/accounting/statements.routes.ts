import {
  addDays,
  balanceSheetDto,
  balanceSheetQuery,
  cashFlowStatementDto,
  dataOf,
  incomeStatementDto,
  ledgerPageDto,
  ledgerQuery,
  monthlyTrialBalanceDto,
  periodQuery,
  shiftYears,
  trialBalanceDto,
} from '@chobo/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { companyRoute, type ZodApp } from '../../lib/tenant-route.js';
import { companyName } from '../company-profile/company.queries.js';
import { resolvePeriod } from './balances.js';
import { ACCOUNTING_ACCESS } from './journal.routes.js';
import { ledgerTable, periodText, sendTable, statementTable, trialBalanceTable } from './statement-files.js';
import { balanceSheet } from './statements/balance-sheet.js';
import { cashFlowStatement } from './statements/cash-flow.js';
import { incomeStatement } from './statements/income-statement.js';
import { ledgerPage, wholeLedger } from './statements/ledger.js';
import { monthlyTrialBalance, trialBalance } from './statements/trial-balance.js';

const config = { access: ACCOUNTING_ACCESS };
const tags = ['accounting'];

/** 残高試算表, 貸借対照表, 損益計算書, キャッシュ・フロー計算書 and 総勘定元帳: JSON, or CSV / PDF files. */
export async function statementRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  trialBalanceRoutes(r);
  financialStatementRoutes(r);
  ledgerRoutes(r);
}

function trialBalanceRoutes(r: ZodApp) {
  companyRoute(
    r,
    {
      method: 'GET',
      url: '/api/company/trial-balance',
      config,
      schema: {
        tags,
        summary: '残高試算表',
        response: { 200: dataOf(trialBalanceDto).describe('format=json の答え（format=csv / pdf はファイル）') },
        querystring: periodQuery,
      },
    },
    async ({ ctx, req, reply }) => {
      const period = await resolvePeriod(ctx, req.query);
      const data = await trialBalance(ctx, period);
      if (req.query.format === 'json') return { data };
      const table = trialBalanceTable(data, await companyName(ctx), period);
      return sendTable(reply, req.query.format, `残高試算表_${period.from}_${period.to}`, table);
    },
  );

  companyRoute(
    r,
    {
      method: 'GET',
      url: '/api/company/trial-balance/monthly',
      config,
      schema: {
        tags,
        summary: '月次推移試算表（BS: 各月末残高、PL: 各月の金額）',
        response: { 200: dataOf(monthlyTrialBalanceDto) },
        querystring: periodQuery,
      },
    },
    async ({ ctx, req }) => ({ data: await monthlyTrialBalance(ctx, await resolvePeriod(ctx, req.query)) }),
  );
}

function financialStatementRoutes(r: ZodApp) {
  companyRoute(
    r,
    {
      method: 'GET',
      url: '/api/company/balance-sheet',
      config,
      schema: {
        tags,
        summary: '貸借対照表',
        response: { 200: dataOf(balanceSheetDto).describe('format=json の答え（format=csv / pdf はファイル）') },
        querystring: balanceSheetQuery,
      },
    },
    async ({ ctx, req, reply }) => {
      const q = req.query;
      let date: string;
      let previousDate: string;
      let periodFrom: string | undefined;
      if (q.date) {
        date = q.date;
        previousDate = shiftYears(q.date, -1);
      } else {
        const period = await resolvePeriod(ctx, q);
        date = period.to;
        previousDate = addDays(period.from, -1);
        periodFrom = period.from;
      }
      const data = await balanceSheet(ctx, date, { previousDate, periodFrom });
      if (q.format === 'json') return { data };
      const table = statementTable(
        '貸借対照表',
        await companyName(ctx),
        `${date.replace(/^(\d+)-(\d+)-(\d+)$/, (_, y, m, d) => `${y}年${Number(m)}月${Number(d)}日`)}現在`,
        data.rows,
        '前期',
      );
      return sendTable(reply, q.format, `貸借対照表_${date}`, table);
    },
  );

  companyRoute(
    r,
    {
      method: 'GET',
      url: '/api/company/income-statement',
      config,
      schema: {
        tags,
        summary: '損益計算書',
        response: { 200: dataOf(incomeStatementDto).describe('format=json の答え（format=csv / pdf はファイル）') },
        querystring: periodQuery,
      },
    },
    async ({ ctx, req, reply }) => {
      const period = await resolvePeriod(ctx, req.query);
      const data = await incomeStatement(ctx, period, req.query.compare);
      if (req.query.format === 'json') return { data };
      const table = statementTable(
        '損益計算書',
        await companyName(ctx),
        periodText(period.from, period.to),
        data.rows,
        data.previous_period ? '前期' : null,
      );
      return sendTable(reply, req.query.format, `損益計算書_${period.from}_${period.to}`, table);
    },
  );

  companyRoute(
    r,
    {
      method: 'GET',
      url: '/api/company/cash-flow',
      config,
      schema: {
        tags,
        summary: 'キャッシュ・フロー計算書（間接法）',
        response: { 200: dataOf(cashFlowStatementDto).describe('format=json の答え（format=csv / pdf はファイル）') },
        querystring: periodQuery,
      },
    },
    async ({ ctx, req, reply }) => {
      const period = await resolvePeriod(ctx, req.query);
      const data = await cashFlowStatement(ctx, period, req.query.compare);
      if (req.query.format === 'json') return { data };
      const table = statementTable(
        'キャッシュ・フロー計算書',
        await companyName(ctx),
        periodText(period.from, period.to),
        data.rows,
        data.previous_period ? '前期' : null,
      );
      return sendTable(reply, req.query.format, `キャッシュフロー計算書_${period.from}_${period.to}`, table);
    },
  );
}

function ledgerRoutes(r: ZodApp) {
  companyRoute(
    r,
    {
      method: 'GET',
      url: '/api/company/ledger',
      config,
      schema: {
        tags,
        summary: '総勘定元帳',
        response: { 200: ledgerPageDto.describe('format=json の答え（format=csv / pdf はファイル）') },
        querystring: ledgerQuery,
      },
    },
    async ({ ctx, req, reply }) => {
      const q = req.query;
      const period = await resolvePeriod(ctx, q);
      if (q.format === 'json') return ledgerPage(ctx, q.account_id, period, q.page, q.per_page, q.customer_id);
      // files carry the whole period
      const ledger = await wholeLedger(ctx, q.account_id, period, q.customer_id);
      const acc = ledger.account;
      const table = ledgerTable(ledger, await companyName(ctx), period);
      const who = ledger.customer ? `_${ledger.customer.name}` : '';
      return sendTable(reply, q.format, `総勘定元帳_${acc.code}${who}_${period.from}_${period.to}`, table);
    },
  );
}
