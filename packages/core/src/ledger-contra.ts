/**
 * The 相手科目 a ledger line shows: the other side's account when the entry's other side has one account,
 * else 「諸口」 — except that the other side's 仮払消費税等 / 仮受消費税等 lines do not count (税抜経理 splits a
 * taxable line into net + its tax on the same side, FACTS.md §4), so 消耗品費 5,000 + 仮払消費税等 500 /
 * 普通預金 5,500 shows 消耗品費 on the 普通預金 line, as 弥生 / freee do. An other side that is only a tax
 * account shows that account.
 */
export interface ContraCandidate {
  account_id: number;
  name: string;
  /** The account is 仮払消費税等 or 仮受消費税等. */
  tax: boolean;
}

export const SUNDRY_ACCOUNTS = '諸口';

export function ledgerContra(others: readonly ContraCandidate[]): { account_id: number | null; name: string } {
  const distinct = [...new Map(others.map((o) => [o.account_id, o])).values()];
  const main = distinct.length === 1 ? distinct : distinct.filter((o) => !o.tax);
  if (main.length === 1) return { account_id: main[0].account_id, name: main[0].name };
  return { account_id: null, name: SUNDRY_ACCOUNTS };
}
