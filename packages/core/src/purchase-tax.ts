/**
 * 仕入税額控除 of a purchase from a supplier that is NOT a 適格請求書発行事業者 (no valid registration number):
 * the 経過措置 (平成28年改正法附則第52条・第53条) lets the buyer deduct a share of the tax it paid, by the
 * transaction date. The table is data (docs/adr: purchase posting); a later change of the law is one row.
 * Before the インボイス制度 (2023-10-01) the whole tax was deductible (区分記載請求書等保存方式).
 */
export const NON_QUALIFIED_DEDUCTIBLE_SHARES: readonly { until: string; percent: number }[] = [
  { until: '2023-09-30', percent: 100 },
  { until: '2026-09-30', percent: 80 },
  { until: '2029-09-30', percent: 50 },
];

/** The deductible share (percent) of the tax on a purchase dated `date` from a non-適格 supplier. */
export function nonQualifiedDeductiblePercent(
  date: string,
  table: readonly { until: string; percent: number }[] = NON_QUALIFIED_DEDUCTIBLE_SHARES,
): number {
  for (const row of table) if (date <= row.until) return row.percent;
  return 0;
}

/**
 * The deductible tax of `tax` yen: all of it for a 適格 supplier; otherwise the 経過措置 share, rounded down
 * to the yen (the rest is part of the purchase's cost).
 */
export function deductibleTax(tax: number, date: string, qualified: boolean): number {
  if (qualified) return tax;
  return Math.floor((tax * nonQualifiedDeductiblePercent(date)) / 100);
}
