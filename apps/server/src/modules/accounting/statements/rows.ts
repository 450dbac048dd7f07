import type { Drill, DrillAccount, Period, StatementRow } from '@chobo/core';
import type { AccountRow } from '../accounts.queries.js';

/** Builds statement rows with a current and an optional previous amount. */
export class RowBuilder {
  readonly rows: StatementRow[] = [];
  constructor(
    private readonly period: Period,
    private readonly hasPrevious: boolean,
  ) {}

  header(key: string, label: string, level = 0) {
    this.rows.push({
      kind: 'header',
      key,
      label,
      level,
      account_id: null,
      code: null,
      amount: null,
      previous: null,
      drill: null,
    });
  }

  account(a: AccountRow, amount: number, previous: number, level = 1, drillPeriod: Period = this.period) {
    const drill: Drill = { account_id: a.id, from: drillPeriod.from, to: drillPeriod.to };
    this.rows.push({
      kind: 'account',
      key: `account:${a.id}`,
      label: a.name,
      level,
      account_id: a.id,
      code: a.code,
      amount: amount + 0,
      previous: this.hasPrevious ? previous + 0 : null,
      drill,
    });
  }

  /**
   * A line computed from several accounts (or none): `accounts` are those behind it, each drilling to its
   * ledger over the period; when there is exactly one, `drill` names it as for an account row.
   */
  line(
    key: string,
    label: string,
    amount: number,
    previous: number,
    level = 1,
    accounts: AccountRow[] = [],
    kind: StatementRow['kind'] = 'account',
  ) {
    const { from, to } = this.period;
    const drillAccounts: DrillAccount[] = accounts.map((a) => ({
      account_id: a.id,
      code: a.code,
      name: a.name,
      from,
      to,
    }));
    this.rows.push({
      kind,
      key,
      label,
      level,
      account_id: null,
      code: null,
      amount: amount + 0,
      previous: this.hasPrevious ? previous + 0 : null,
      drill: accounts.length === 1 ? { account_id: accounts[0].id, from, to } : null,
      ...(accounts.length > 0 ? { drill_accounts: drillAccounts } : {}),
    });
  }

  subtotal(
    key: string,
    label: string,
    amount: number,
    previous: number,
    level = 0,
    kind: 'subtotal' | 'total' = 'subtotal',
  ) {
    this.rows.push({
      kind,
      key,
      label,
      level,
      account_id: null,
      code: null,
      amount: amount + 0,
      previous: this.hasPrevious ? previous + 0 : null,
      drill: null,
    });
  }
}

/** Accounts of a section that have something to show in either column (inactive unused ones are hidden). */
export function visible(accounts: AccountRow[], section: string, amount: (a: AccountRow) => [number, number]) {
  return accounts.filter((a) => {
    if (a.section !== section) return false;
    const [cur, prev] = amount(a);
    return cur !== 0 || prev !== 0;
  });
}
