import {
  ACCOUNT_SECTIONS,
  type AccountSection,
  addDays,
  type BalanceSheet,
  type BalanceSheetTotals,
  type Period,
  shiftYears,
} from '@chobo/core';
import type { Tenant } from '../../../lib/context.js';
import { type AccountRow, loadAccounts } from '../accounts.queries.js';
import { get, net, type SumsByAccount, sumByAccount } from '../balances.js';
import { RowBuilder, visible } from './rows.js';

interface Column {
  sums: SumsByAccount;
  /** Profit not yet closed into 繰越利益剰余金 (shown inside it, so the sheet balances). */
  unclosed: number;
}

/** Balances of every account at the end of `date` (all entries, closing entries included). */
async function column(tenant: Tenant, accounts: AccountRow[], date: string): Promise<Column> {
  const sums = await sumByAccount(tenant, { to: date });
  let unclosed = 0;
  for (const a of accounts) {
    if (a.category === 'revenue' || a.category === 'expense') unclosed -= net(get(sums, a.id));
  }
  return { sums, unclosed };
}

/** Amount in the sign of its side of the sheet: assets debit − credit, the rest credit − debit. */
function amount(a: AccountRow, col: Column): number {
  const d = net(get(col.sums, a.id));
  const v = a.category === 'asset' ? d : -d;
  return a.system_key === 'retained_earnings' ? v + col.unclosed : v;
}

const ASSET_GROUPS: { key: string; label: string; sections: AccountSection[] }[] = [
  { key: 'current_assets', label: '流動資産', sections: ['current_assets'] },
  {
    key: 'fixed_assets',
    label: '固定資産',
    sections: ['tangible_fixed_assets', 'intangible_fixed_assets', 'investments'],
  },
  { key: 'deferred_assets', label: '繰延資産', sections: ['deferred_assets'] },
];
const LIABILITY_GROUPS = [
  { key: 'current_liabilities', label: '流動負債', sections: ['current_liabilities'] as AccountSection[] },
  { key: 'fixed_liabilities', label: '固定負債', sections: ['fixed_liabilities'] as AccountSection[] },
];
const SHAREHOLDERS: AccountSection[] = ['capital_stock', 'capital_surplus', 'retained_earnings', 'treasury_stock'];

/**
 * 貸借対照表 as of `date` (会社計算規則 layout: 資産の部 / 負債の部 / 純資産の部), with the balances as of
 * `previousDate` beside it. The profit not yet closed sits in 繰越利益剰余金, so 資産合計 = 負債純資産合計.
 */
export async function balanceSheet(
  tenant: Tenant,
  date: string,
  opts: { previousDate?: string | null; periodFrom?: string } = {},
): Promise<BalanceSheet> {
  const previousDate = opts.previousDate === undefined ? shiftYears(date, -1) : opts.previousDate;
  const accounts = await loadAccounts(tenant);
  const [cur, prev] = await Promise.all([
    column(tenant, accounts, date),
    previousDate ? column(tenant, accounts, previousDate) : Promise.resolve({ sums: new Map(), unclosed: 0 }),
  ]);
  const drillPeriod: Period = { from: opts.periodFrom ?? addDays(previousDate ?? shiftYears(date, -1), 1), to: date };
  const b = new RowBuilder(drillPeriod, previousDate !== null);
  const pair = (a: AccountRow): [number, number] => [amount(a, cur), amount(a, prev)];
  const sumOf = (sections: AccountSection[]): [number, number] =>
    accounts
      .filter((a) => sections.includes(a.section as AccountSection))
      .reduce<[number, number]>((s, a) => [s[0] + amount(a, cur), s[1] + amount(a, prev)], [0, 0]);
  const isEmpty = (sections: AccountSection[]) =>
    sections.every((s) => visible(accounts, s, pair).length === 0) && sumOf(sections).every((v) => v === 0);
  const sectionRows = (s: AccountSection, level: number, withSubtotal: boolean) => {
    if (isEmpty([s])) return;
    if (withSubtotal) b.header(s, ACCOUNT_SECTIONS[s].label, level);
    for (const a of visible(accounts, s, pair)) b.account(a, ...pair(a), level + 1);
    if (withSubtotal) b.subtotal(`${s}_total`, `${ACCOUNT_SECTIONS[s].label}合計`, ...sumOf([s]), level);
  };

  b.header('assets', '資産の部');
  for (const g of ASSET_GROUPS) {
    if (g.key !== 'current_assets' && isEmpty(g.sections)) continue;
    b.header(g.key, g.label, 1);
    for (const s of g.sections) sectionRows(s, 2, g.sections.length > 1);
    b.subtotal(`${g.key}_total`, `${g.label}合計`, ...sumOf(g.sections), 1);
  }
  const assets = sumOf(ASSET_GROUPS.flatMap((g) => g.sections));
  b.subtotal('assets_total', '資産合計', ...assets, 0, 'total');

  b.header('liabilities', '負債の部');
  for (const g of LIABILITY_GROUPS) {
    b.header(g.key, g.label, 1);
    for (const s of g.sections) sectionRows(s, 1, false);
    b.subtotal(`${g.key}_total`, `${g.label}合計`, ...sumOf(g.sections), 1);
  }
  const liabilities = sumOf(LIABILITY_GROUPS.flatMap((g) => g.sections));
  b.subtotal('liabilities_total', '負債合計', ...liabilities, 0, 'total');

  b.header('net_assets', '純資産の部');
  b.header('shareholders_equity', '株主資本', 1);
  for (const s of SHAREHOLDERS) {
    const many = s === 'capital_surplus' || s === 'retained_earnings';
    sectionRows(s, 2, many);
  }
  b.subtotal('shareholders_equity_total', '株主資本合計', ...sumOf(SHAREHOLDERS), 1);
  for (const s of ['valuation', 'stock_acquisition_rights'] as AccountSection[]) {
    const [c, p] = sumOf([s]);
    if (c === 0 && p === 0) continue;
    b.header(s, ACCOUNT_SECTIONS[s].label, 1);
    sectionRows(s, 1, false);
    b.subtotal(`${s}_total`, `${ACCOUNT_SECTIONS[s].label}合計`, c, p, 1);
  }
  const netAssets = sumOf([...SHAREHOLDERS, 'valuation', 'stock_acquisition_rights']);
  b.subtotal('net_assets_total', '純資産合計', ...netAssets, 0, 'total');
  b.subtotal(
    'liabilities_net_assets_total',
    '負債純資産合計',
    liabilities[0] + netAssets[0],
    liabilities[1] + netAssets[1],
    0,
    'total',
  );

  const totals = (i: 0 | 1): BalanceSheetTotals => ({
    assets: assets[i],
    liabilities: liabilities[i],
    net_assets: netAssets[i],
  });
  return {
    date,
    period: drillPeriod,
    previous_period: previousDate ? { from: shiftYears(drillPeriod.from, -1), to: previousDate } : null,
    rows: b.rows,
    totals: totals(0),
    previous_totals: previousDate ? totals(1) : null,
  };
}
