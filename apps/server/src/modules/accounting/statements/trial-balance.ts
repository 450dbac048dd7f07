import type { AccountCategory, AccountSection, NormalSide, Period, TrialBalance } from '@chobo/core';
import type { Tenant } from '../../../lib/context.js';
import { loadAccounts } from '../accounts.queries.js';
import { add, get, MOVEMENT_KINDS, signed, sumByAccount } from '../balances.js';

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
