import type { Drill, Period, StatementRow } from '@chobo/core';
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

  line(key: string, label: string, amount: number, previous: number, level = 1) {
    this.rows.push({
      kind: 'account',
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
