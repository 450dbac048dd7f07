import {
  type CashFlowRole,
  type CashFlowStatement,
  type CashFlowTotals,
  type Period,
  previousPeriod,
} from '@chobo/core';
import type { Tenant } from '../../../lib/context.js';
import { type AccountRow, loadAccounts } from '../accounts.queries.js';
import { add, get, MOVEMENT_KINDS, net, type Sums, sumByAccount } from '../balances.js';
import { RowBuilder } from './rows.js';

const BS_ROLES = new Set<CashFlowRole>([
  'cash',
  'receivables',
  'inventory',
  'payables',
  'consumption_tax',
  'other_operating_asset',
  'other_operating_liability',
  'provision',
  'income_tax_payable',
  'deferred_tax',
  'fixed_assets',
  'securities',
  'loans_receivable',
  'deposits',
  'short_term_debt',
  'long_term_debt',
  'bonds',
  'equity',
  'treasury_stock',
  'retained_earnings',
]);
const PL_ROLES = new Set<CashFlowRole>([
  'pl',
  'depreciation',
  'interest_income',
  'interest_expense',
  'asset_sale',
  'income_taxes',
]);

/**
 * The role an account plays here, made safe: a balance-sheet account always gets a balance-sheet role
 * (else その他 資産/負債) and a P/L account a P/L role (else 'pl'), so every account's movement lands in
 * exactly one line and 営業 + 投資 + 財務 = Δ現金 holds whatever the chart says.
 */
function roleOf(a: AccountRow): CashFlowRole {
  const role = a.cash_flow_role as CashFlowRole;
  const pl = a.category === 'revenue' || a.category === 'expense';
  if (pl) return PL_ROLES.has(role) ? role : 'pl';
  if (BS_ROLES.has(role)) return role;
  return a.category === 'asset' ? 'other_operating_asset' : 'other_operating_liability';
}

interface Figures {
  lines: Record<string, number>;
  totals: CashFlowTotals;
  /** Per line (and cash_begin / cash_end): ids of the accounts whose lines of the period make it up. */
  sources: Record<string, Set<number>>;
}

/** What an account shows in the period: its movement, and (for cash) its balance at the beginning. */
interface Seen {
  a: AccountRow;
  role: CashFlowRole;
  m: Sums;
  begin: number;
}
const moved = (s: Seen) => s.m.debit !== 0 || s.m.credit !== 0;
const has =
  (...roles: CashFlowRole[]) =>
  (s: Seen) =>
    roles.includes(s.role) && moved(s);

/**
 * The accounts behind each line, following the formulas of `figures`: an account counts when it has a line
 * of the kind the figure is made of in the period (gross splits look at the debit or credit side only).
 */
const SOURCES: Record<string, (s: Seen) => boolean> = {
  income_before_tax: (s) =>
    (s.a.category === 'revenue' || s.a.category === 'expense') && s.role !== 'income_taxes' && moved(s),
  depreciation: has('depreciation'),
  provision: has('provision'),
  interest_income_reversal: has('interest_income'),
  interest_expense_reversal: has('interest_expense'),
  asset_sale_reversal: has('asset_sale'),
  receivables: has('receivables'),
  inventory: has('inventory'),
  payables: has('payables'),
  consumption_tax: has('consumption_tax'),
  other_assets: has('other_operating_asset'),
  other_liabilities: has('other_operating_liability'),
  interest_received: has('interest_income'),
  interest_paid: has('interest_expense'),
  income_taxes_paid: has('income_taxes', 'income_tax_payable', 'deferred_tax'),
  fixed_acquired: (s) => s.role === 'fixed_assets' && s.a.normal_side === 'debit' && s.m.debit !== 0,
  fixed_sold: (s) =>
    (s.role === 'fixed_assets' && (s.m.credit !== 0 || (s.a.normal_side === 'credit' && moved(s)))) ||
    has('depreciation', 'asset_sale')(s),
  securities: has('securities'),
  loans_made: (s) => s.role === 'loans_receivable' && s.a.normal_side === 'debit' && s.m.debit !== 0,
  loans_collected: (s) =>
    s.role === 'loans_receivable' && (s.m.credit !== 0 || (s.a.normal_side === 'credit' && moved(s))),
  deposits: has('deposits'),
  short_term_debt: has('short_term_debt'),
  long_term_borrowed: (s) => s.role === 'long_term_debt' && s.m.credit !== 0,
  long_term_repaid: (s) => s.role === 'long_term_debt' && s.m.debit !== 0,
  bonds: has('bonds'),
  equity: has('equity'),
  treasury_stock: has('treasury_stock'),
  dividends: has('retained_earnings'),
  cash_begin: (s) => s.role === 'cash' && (s.begin !== 0 || moved(s)),
  cash_end: (s) => s.role === 'cash' && (s.begin !== 0 || moved(s)),
};

/** Movements of the period: ordinary entries; the period's opening-balance entries count as its beginning. */
async function figures(tenant: Tenant, accounts: AccountRow[], p: Period): Promise<Figures> {
  const [before, opening, move] = await Promise.all([
    sumByAccount(tenant, { before: p.from }),
    sumByAccount(tenant, { from: p.from, to: p.to, kinds: ['opening'] }),
    sumByAccount(tenant, { from: p.from, to: p.to, kinds: MOVEMENT_KINDS }),
  ]);
  const d: Record<string, number> = {}; // Σ net debit by role
  const debits: Record<string, number> = {}; // Σ debit by role (gross splits)
  const credits: Record<string, number> = {};
  const sources: Record<string, Set<number>> = Object.fromEntries(Object.keys(SOURCES).map((k) => [k, new Set()]));
  let pretax = 0;
  let cashBegin = 0;
  for (const a of accounts) {
    const role = roleOf(a);
    const m: Sums = get(move, a.id);
    d[role] = (d[role] ?? 0) + net(m);
    if (a.normal_side === 'debit') debits[role] = (debits[role] ?? 0) + m.debit;
    credits[role] = (credits[role] ?? 0) + m.credit;
    if ((a.category === 'revenue' || a.category === 'expense') && role !== 'income_taxes') pretax -= net(m);
    const begin = role === 'cash' ? net(add(get(before, a.id), get(opening, a.id))) : 0;
    cashBegin += begin;
    const seen: Seen = { a, role, m, begin };
    for (const [k, test] of Object.entries(SOURCES)) if (test(seen)) sources[k].add(a.id);
  }
  const r = (k: CashFlowRole) => d[k] ?? 0;
  const L: Record<string, number> = {
    income_before_tax: pretax,
    depreciation: r('depreciation'),
    provision: -r('provision'),
    interest_income_reversal: r('interest_income'),
    interest_expense_reversal: r('interest_expense'),
    asset_sale_reversal: r('asset_sale'),
    receivables: -r('receivables'),
    inventory: -r('inventory'),
    payables: -r('payables'),
    consumption_tax: -r('consumption_tax'),
    other_assets: -r('other_operating_asset'),
    other_liabilities: -r('other_operating_liability'),
  };
  L.operating_subtotal = Object.values(L).reduce((s, v) => s + v, 0);
  L.interest_received = -r('interest_income');
  L.interest_paid = -r('interest_expense');
  L.income_taxes_paid = -r('income_taxes') - r('income_tax_payable') - r('deferred_tax');
  const operating = L.operating_subtotal + L.interest_received + L.interest_paid + L.income_taxes_paid;

  const fixedNet = -r('fixed_assets') - r('depreciation') - r('asset_sale');
  L.fixed_acquired = -(debits.fixed_assets ?? 0);
  L.fixed_sold = fixedNet - L.fixed_acquired;
  L.securities = -r('securities');
  L.loans_made = -(debits.loans_receivable ?? 0);
  L.loans_collected = -r('loans_receivable') - L.loans_made;
  L.deposits = -r('deposits');
  const investing = fixedNet + L.securities + L.loans_made + L.loans_collected + L.deposits;

  L.short_term_debt = -r('short_term_debt');
  L.long_term_borrowed = credits.long_term_debt ?? 0;
  L.long_term_repaid = -r('long_term_debt') - L.long_term_borrowed;
  L.bonds = -r('bonds');
  L.equity = -r('equity');
  L.treasury_stock = -r('treasury_stock');
  L.dividends = -r('retained_earnings');
  const financing =
    L.short_term_debt + L.long_term_borrowed + L.long_term_repaid + L.bonds + L.equity + L.treasury_stock + L.dividends;

  const netChange = r('cash');
  return {
    lines: L,
    sources,
    totals: {
      operating,
      investing,
      financing,
      net_change: netChange,
      cash_begin: cashBegin,
      cash_end: cashBegin + netChange,
    },
  };
}

const OPERATING: [string, string][] = [
  ['income_before_tax', '税引前当期純利益'],
  ['depreciation', '減価償却費'],
  ['provision', '引当金の増減額（△は減少）'],
  ['interest_income_reversal', '受取利息及び受取配当金'],
  ['interest_expense_reversal', '支払利息'],
  ['asset_sale_reversal', '固定資産売却損益・除却損（△は益）'],
  ['receivables', '売上債権の増減額（△は増加）'],
  ['inventory', '棚卸資産の増減額（△は増加）'],
  ['payables', '仕入債務の増減額（△は減少）'],
  ['consumption_tax', '未払消費税等の増減額'],
  ['other_assets', 'その他の資産の増減額'],
  ['other_liabilities', 'その他の負債の増減額'],
];
const AFTER_SUBTOTAL: [string, string][] = [
  ['interest_received', '利息及び配当金の受取額'],
  ['interest_paid', '利息の支払額'],
  ['income_taxes_paid', '法人税等の支払額'],
];
const INVESTING: [string, string][] = [
  ['fixed_acquired', '有形・無形固定資産の取得による支出'],
  ['fixed_sold', '有形・無形固定資産の売却による収入'],
  ['securities', '有価証券・投資有価証券の取得・売却（純額）'],
  ['loans_made', '貸付けによる支出'],
  ['loans_collected', '貸付金の回収による収入'],
  ['deposits', '定期預金・差入保証金の増減額'],
];
const FINANCING: [string, string][] = [
  ['short_term_debt', '短期借入金の純増減額'],
  ['long_term_borrowed', '長期借入れによる収入'],
  ['long_term_repaid', '長期借入金の返済による支出'],
  ['bonds', '社債の発行・償還（純額）'],
  ['equity', '株式の発行による収入'],
  ['treasury_stock', '自己株式の取得による支出'],
  ['dividends', '配当金の支払額'],
];

/** キャッシュ・フロー計算書 (indirect method, docs/product/FACTS.md §2) with the previous period beside it. */
export async function cashFlowStatement(tenant: Tenant, period: Period, compare = true): Promise<CashFlowStatement> {
  const accounts = await loadAccounts(tenant);
  const prevPeriod = compare ? previousPeriod(period) : null;
  const [c, p] = await Promise.all([
    figures(tenant, accounts, period),
    prevPeriod ? figures(tenant, accounts, prevPeriod) : Promise.resolve(null),
  ]);
  const b = new RowBuilder(period, compare);
  const pv = (k: string) => p?.lines[k] ?? 0;
  /** Accounts behind a line in either column, in chart order (each drills to its ledger). */
  const behind = (k: string) => accounts.filter((a) => c.sources[k]?.has(a.id) || p?.sources[k]?.has(a.id));
  const lines = (list: [string, string][], skipZero: boolean) => {
    for (const [k, label] of list) {
      if (skipZero && c.lines[k] === 0 && pv(k) === 0) continue;
      b.line(k, label, c.lines[k], pv(k), 1, behind(k));
    }
  };
  const pt = (k: keyof CashFlowTotals) => p?.totals[k] ?? 0;
  b.header('operating', 'Ⅰ 営業活動によるキャッシュ・フロー');
  lines(OPERATING.slice(0, 1), false);
  lines(OPERATING.slice(1), true);
  b.subtotal('operating_subtotal', '小計', c.lines.operating_subtotal, pv('operating_subtotal'), 1);
  lines(AFTER_SUBTOTAL, true);
  b.subtotal('operating_total', '営業活動によるキャッシュ・フロー', c.totals.operating, pt('operating'));
  b.header('investing', 'Ⅱ 投資活動によるキャッシュ・フロー');
  lines(INVESTING, true);
  b.subtotal('investing_total', '投資活動によるキャッシュ・フロー', c.totals.investing, pt('investing'));
  b.header('financing', 'Ⅲ 財務活動によるキャッシュ・フロー');
  lines(FINANCING, true);
  b.subtotal('financing_total', '財務活動によるキャッシュ・フロー', c.totals.financing, pt('financing'));
  b.subtotal(
    'net_change',
    'Ⅳ 現金及び現金同等物の増減額（△は減少）',
    c.totals.net_change,
    pt('net_change'),
    0,
    'total',
  );
  // the balances of cash drill to the ledgers of the cash accounts (前期繰越 and 残高 of the period)
  b.line(
    'cash_begin',
    'Ⅴ 現金及び現金同等物の期首残高',
    c.totals.cash_begin,
    pt('cash_begin'),
    0,
    behind('cash_begin'),
    'total',
  );
  b.line(
    'cash_end',
    'Ⅵ 現金及び現金同等物の期末残高',
    c.totals.cash_end,
    pt('cash_end'),
    0,
    behind('cash_end'),
    'total',
  );
  return { period, previous_period: prevPeriod, rows: b.rows, totals: c.totals, previous_totals: p?.totals ?? null };
}
