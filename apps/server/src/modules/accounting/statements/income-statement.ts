import {
  ACCOUNT_SECTIONS,
  type AccountSection,
  type IncomeStatement,
  type IncomeStatementTotals,
  monthsOf,
  type Period,
  previousPeriod,
  profitLabel,
} from '@chobo/core';
import type { Tenant } from '../../../lib/context.js';
import { type AccountRow, loadAccounts } from '../accounts.queries.js';
import { get, MOVEMENT_KINDS, net, type SumsByAccount, sumByAccount, sumByAccountMonth } from '../balances.js';
import { RowBuilder, visible } from './rows.js';

/** Profit-and-loss movements of a period (closing and opening-balance entries excluded). */
export function plMovements(tenant: Tenant, p: Period) {
  return sumByAccount(tenant, { from: p.from, to: p.to, kinds: MOVEMENT_KINDS });
}

/** Amount of an account in its section's sign: revenues credit − debit, expenses debit − credit. */
function sectionAmount(a: AccountRow, sums: SumsByAccount): number {
  const d = net(get(sums, a.id));
  return ACCOUNT_SECTIONS[a.section as AccountSection].category === 'revenue' ? -d : d;
}

function sectionTotal(accounts: AccountRow[], section: AccountSection, sums: SumsByAccount) {
  return accounts.filter((a) => a.section === section).reduce((s, a) => s + sectionAmount(a, sums), 0);
}

/** The five profit stages (docs/product/FACTS.md §1) from per-account movements. */
export function profitStages(accounts: AccountRow[], sums: SumsByAccount) {
  const t = (s: AccountSection) => sectionTotal(accounts, s, sums);
  const net_sales = t('net_sales');
  const cost = t('cost_of_sales');
  const gross_profit = net_sales - cost;
  const sga = t('sga');
  const operating_income = gross_profit - sga;
  const noi = t('non_operating_income');
  const noe = t('non_operating_expenses');
  const ordinary_income = operating_income + noi - noe;
  const ei = t('extraordinary_income');
  const el = t('extraordinary_losses');
  const income_before_tax = ordinary_income + ei - el;
  const taxes = t('income_taxes');
  const net_income = income_before_tax - taxes;
  const totals: IncomeStatementTotals = {
    net_sales,
    gross_profit,
    operating_income,
    ordinary_income,
    income_before_tax,
    net_income,
  };
  return { totals, sections: { cost, sga, noi, noe, ei, el, taxes } };
}

/** 損益計算書 (会社計算規則88条 order) with the previous period beside it and a monthly trend. */
export async function incomeStatement(tenant: Tenant, period: Period, compare = true) {
  const prevPeriod = compare ? previousPeriod(period) : null;
  const [accounts, cur, prev] = await Promise.all([
    loadAccounts(tenant),
    plMovements(tenant, period),
    prevPeriod ? plMovements(tenant, prevPeriod) : Promise.resolve(new Map() as SumsByAccount),
  ]);
  const c = profitStages(accounts, cur);
  const p = profitStages(accounts, prev);
  const b = new RowBuilder(period, compare);

  const section = (s: AccountSection, totalKey: string, cAmt: number, pAmt: number) => {
    const shown = visible(accounts, s, (x) => [sectionAmount(x, cur), sectionAmount(x, prev)]);
    // optional sections (営業外・特別) are left out when empty in both columns
    const optional = s !== 'net_sales' && s !== 'cost_of_sales' && s !== 'sga';
    if (optional && shown.length === 0 && cAmt === 0 && pAmt === 0) return;
    b.header(s, ACCOUNT_SECTIONS[s].label);
    for (const a of shown) {
      b.account(a, sectionAmount(a, cur), sectionAmount(a, prev));
    }
    b.subtotal(totalKey, `${ACCOUNT_SECTIONS[s].label}合計`, cAmt, pAmt, 1);
  };
  const stage = (k: keyof IncomeStatementTotals) => {
    if (k === 'net_sales') return;
    b.subtotal(k, profitLabel(k, c.totals[k]), c.totals[k], p.totals[k], 0, k === 'net_income' ? 'total' : 'subtotal');
  };

  section('net_sales', 'net_sales_total', c.totals.net_sales, p.totals.net_sales);
  section('cost_of_sales', 'cost_of_sales_total', c.sections.cost, p.sections.cost);
  stage('gross_profit');
  section('sga', 'sga_total', c.sections.sga, p.sections.sga);
  stage('operating_income');
  section('non_operating_income', 'non_operating_income_total', c.sections.noi, p.sections.noi);
  section('non_operating_expenses', 'non_operating_expenses_total', c.sections.noe, p.sections.noe);
  stage('ordinary_income');
  section('extraordinary_income', 'extraordinary_income_total', c.sections.ei, p.sections.ei);
  section('extraordinary_losses', 'extraordinary_losses_total', c.sections.el, p.sections.el);
  stage('income_before_tax');
  for (const a of visible(accounts, 'income_taxes', (x) => [sectionAmount(x, cur), sectionAmount(x, prev)])) {
    b.account(a, sectionAmount(a, cur), sectionAmount(a, prev), 0);
  }
  stage('net_income');

  const monthly = await monthlyTrend(tenant, period, accounts);
  const data: IncomeStatement = {
    period,
    previous_period: prevPeriod,
    rows: b.rows,
    totals: c.totals,
    previous_totals: compare ? p.totals : null,
    monthly,
  };
  return data;
}

/** Per-month 売上高 / 売上総利益 / 営業利益 / 当期純利益 of the period (for the trend chart). */
async function monthlyTrend(tenant: Tenant, period: Period, accounts: AccountRow[]) {
  const byMonth = await sumByAccountMonth(tenant, period, MOVEMENT_KINDS);
  return monthsOf(period.from, period.to).map(({ month }) => {
    const t = profitStages(accounts, byMonth.get(month) ?? new Map()).totals;
    return {
      month,
      net_sales: t.net_sales,
      gross_profit: t.gross_profit,
      operating_income: t.operating_income,
      net_income: t.net_income,
    };
  });
}
