import {
  addDays,
  balanceSheetDto,
  balanceSheetQuery,
  cashFlowStatementDto,
  dataOf,
  incomeStatementDto,
  ledgerPageDto,
  ledgerQuery,
  periodQuery,
  shiftYears,
  trialBalanceDto,
} from '@chobo/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { companies } from '../../db/schema/index.js';
import type { Tenant } from '../../lib/context.js';
import { companyRoute } from '../../lib/tenant-route.js';
import { resolvePeriod } from './balances.js';
import { ACCOUNTING_ACCESS } from './journal.routes.js';
import { cellYen, type ExportTable, periodText, statementTable, toCsv, toPdf } from './statement-files.js';
import { balanceSheet } from './statements/balance-sheet.js';
import { cashFlowStatement } from './statements/cash-flow.js';
import { incomeStatement } from './statements/income-statement.js';
import { ledgerPage } from './statements/ledger.js';
import { trialBalance } from './statements/trial-balance.js';

const config = { access: ACCOUNTING_ACCESS };
const tags = ['accounting'];

async function companyName({ db, companyId }: Tenant) {
  const [row] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId));
  return row?.name ?? '';
}

/** Sends a table as CSV (UTF-8 with BOM) or PDF (A4) with a Japanese file name. */
async function sendFile(reply: FastifyReply, format: 'csv' | 'pdf', baseName: string, table: ExportTable) {
  const body = format === 'csv' ? toCsv(table) : await toPdf(table);
  const file = `${baseName}.${format}`;
  return reply
    .header('Content-Type', format === 'csv' ? 'text/csv; charset=utf-8' : 'application/pdf')
    .header('Content-Disposition', `attachment; filename="${format}"; filename*=UTF-8''${encodeURIComponent(file)}`)
    .send(body);
}

export async function statementRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

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
      const table: ExportTable = {
        title: '残高試算表',
        subtitle: `${await companyName(ctx)}　${periodText(period.from, period.to)}　（単位：円）`,
        headers: ['コード', '勘定科目', '期首残高', '借方', '貸方', '期末残高'],
        numeric: [false, false, true, true, true, true],
        widths: [0.8, 2.4, 1.3, 1.3, 1.3, 1.3],
        rows: [
          // files leave out accounts with nothing in any column
          ...data.rows
            .filter((x) => x.opening !== 0 || x.debit !== 0 || x.credit !== 0 || x.closing !== 0)
            .map((x) => ({ cells: [x.code, x.name, x.opening, x.debit, x.credit, x.closing] })),
          { cells: ['', '合計', null, data.totals.debit, data.totals.credit, null], bold: true },
        ],
      };
      return sendFile(reply, req.query.format, `残高試算表_${period.from}_${period.to}`, table);
    },
  );

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
      return sendFile(reply, q.format, `貸借対照表_${date}`, table);
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
      return sendFile(reply, req.query.format, `損益計算書_${period.from}_${period.to}`, table);
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
      return sendFile(reply, req.query.format, `キャッシュフロー計算書_${period.from}_${period.to}`, table);
    },
  );

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
      if (q.format === 'json') return ledgerPage(ctx, q.account_id, period, q.page, q.per_page);
      // files carry the whole period
      const first = await ledgerPage(ctx, q.account_id, period, 1, 500);
      const lines = [...first.data.lines];
      for (let p = 2; p <= first.meta.last_page; p++) {
        lines.push(...(await ledgerPage(ctx, q.account_id, period, p, 500)).data.lines);
      }
      const acc = first.data.account;
      const table: ExportTable = {
        title: `総勘定元帳　${acc.code} ${acc.name}`,
        subtitle: `${await companyName(ctx)}　${periodText(period.from, period.to)}　（単位：円）`,
        headers: ['日付', 'No.', '摘要', '相手科目', '借方', '貸方', '残高'],
        numeric: [false, true, false, false, true, true, true],
        widths: [1, 0.6, 2.6, 1.4, 1.1, 1.1, 1.2],
        rows: [
          { cells: ['', '', '前期繰越', '', null, null, cellYen(first.data.opening)] },
          ...lines.map((l) => ({
            cells: [
              l.date,
              l.entry_number,
              l.description,
              l.contra_account_name,
              l.debit || null,
              l.credit || null,
              l.balance,
            ],
          })),
        ],
      };
      return sendFile(reply, q.format, `総勘定元帳_${acc.code}_${period.from}_${period.to}`, table);
    },
  );
}
