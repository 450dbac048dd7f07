import {
  type AccountCategory,
  type AccountSection,
  type MonthlyTrialBalance,
  type NormalSide,
  nextMonthStart,
  type Period,
  type TrialBalance,
} from '@chobo/core';
import type { Tenant } from '../../../lib/context.js';
import { loadAccounts } from '../accounts.queries.js';
import { add, get, MOVEMENT_KINDS, signed, sumByAccount, sumByAccountMonth } from '../balances.js';

/**
 * 残高試算表 for [from, to]: opening = everything before `from`; debit/credit = the period's movements
 * including its opening-balance entries but not its closing (決算振替) entries, so a closed year still
 * shows its revenues and expenses; closing = opening + movements, signed by each account's normal side.
 */
export async function trialBalance(tenant: Tenant, period: Period): Promise<TrialBalance> {
  const [accounts, before, during] = await Promise.all([
    loadAccounts(tenant),
    sumByAccount(tenant, { before: period.from }),
    sumByAccount(tenant, { from: period.from, to: period.to, kinds: [...MOVEMENT_KINDS, 'opening'] }),
  ]);
  const rows: TrialBalance['rows'] = [];
  let debit = 0;
  let credit = 0;
  for (const a of accounts) {
    const open = get(before, a.id);
    const move = get(during, a.id);
    if (!a.is_active && open.debit === open.credit && move.debit === 0 && move.credit === 0) continue;
    const side = a.normal_side as NormalSide;
    debit += move.debit;
    credit += move.credit;
    rows.push({
      account_id: a.id,
      code: a.code,
      name: a.name,
      category: a.category as AccountCategory,
      section: a.section as AccountSection,
      normal_side: side,
      opening: signed(open, side),
      debit: move.debit,
      credit: move.credit,
      closing: signed(add(open, move), side),
      drill: { account_id: a.id, from: period.from, to: period.to },
    });
  }
  return { period, rows, totals: { debit, credit } };
}

/**
 * 月次推移試算表 of the period, on the trial balance's figures (the same entry kinds): 資産・負債・純資産 show
 * each month-end's balance (the last is the trial balance's closing), 収益・費用 each month's amount (summing
 * to the period's movement).
 */
export async function monthlyTrialBalance(tenant: Tenant, period: Period): Promise<MonthlyTrialBalance> {
  const kinds = [...MOVEMENT_KINDS, 'opening' as const];
  const [accounts, before, byMonth] = await Promise.all([
    loadAccounts(tenant),
    sumByAccount(tenant, { before: period.from }),
    sumByAccountMonth(tenant, period, kinds),
  ]);
  const months: string[] = [];
  for (let m = `${period.from.slice(0, 7)}-01`; m <= period.to; m = nextMonthStart(m)) months.push(m.slice(0, 7));
  const rows: MonthlyTrialBalance['rows'] = [];
  for (const a of accounts) {
    const side = a.normal_side as NormalSide;
    const open = get(before, a.id);
    const moves = months.map((m) => get(byMonth.get(m) ?? new Map(), a.id));
    const moved = moves.some((s) => s.debit !== 0 || s.credit !== 0);
    if (!a.is_active && open.debit === open.credit && !moved) continue;
    const pl = a.category === 'revenue' || a.category === 'expense';
    let running = open;
    const balances = moves.map((s) => {
      running = add(running, s);
      return signed(running, side);
    });
    const amounts = moves.map((s) => signed(s, side));
    rows.push({
      account_id: a.id,
      code: a.code,
      name: a.name,
      category: a.category as AccountCategory,
      section: a.section as AccountSection,
      normal_side: side,
      opening: signed(open, side),
      closing: signed(running, side),
      kind: pl ? 'amount' : 'balance',
      months: pl ? amounts : balances,
      total: pl ? amounts.reduce((x, y) => x + y, 0) : signed(running, side),
    });
  }
  return { period, months, rows };
}
