import { type BankRule, compileUserPattern, type UserPattern } from '@chobo/core';
import { normalizeText } from './formats/index.js';

/**
 * A rule ready to test rows: its texts in NFKC (so ﾌﾘｺﾐ matches フリコミ) and its regex compiled once with
 * core's linear-time engine (compileUserPattern, ADR 0042). A stored pattern the engine refuses (saved
 * before the engine changed) makes the rule `refused`: it matches nothing, and the caller reports it.
 */
export interface CompiledRule {
  rule: Pick<
    BankRule,
    'id' | 'name' | 'account_id' | 'tax_category' | 'customer_id' | 'description_template' | 'splits'
  >;
  refused: boolean;
  test(row: RuleRow): boolean;
}

export interface RuleRow {
  direction: 'in' | 'out';
  amount: number;
  /** NFKC form of the description. */
  search: string;
  /** `search` upper-cased, when the caller has it already (bulk import). */
  searchUpper?: string;
  counterparty_name: string | null;
}

export interface RuleLike {
  id: number;
  name: string;
  direction: string;
  amount_min: number | null;
  amount_max: number | null;
  description_contains: string | null;
  description_regex: string | null;
  counterparty_contains: string | null;
  account_id: number;
  tax_category: string;
  customer_id: number | null;
  description_template: string | null;
  splits: BankRule['splits'];
}

export function compileRule(r: RuleLike): CompiledRule {
  const contains = r.description_contains ? normalizeText(r.description_contains).toUpperCase() : null;
  const cp = r.counterparty_contains ? normalizeText(r.counterparty_contains).toUpperCase() : null;
  const regex: UserPattern | null = r.description_regex ? compileUserPattern(r.description_regex) : null;
  const refused = r.description_regex !== null && regex === null;
  return {
    refused,
    rule: {
      id: r.id,
      name: r.name,
      account_id: r.account_id,
      tax_category: r.tax_category,
      customer_id: r.customer_id,
      description_template: r.description_template,
      splits: r.splits,
    },
    test(row) {
      if (refused) return false;
      if (r.direction !== 'any' && row.direction !== r.direction) return false;
      if (r.amount_min !== null && row.amount < r.amount_min) return false;
      if (r.amount_max !== null && row.amount > r.amount_max) return false;
      const text = row.searchUpper ?? row.search.toUpperCase();
      if (contains && !text.includes(contains)) return false;
      if (regex && !regex.test(row.search)) return false;
      if (
        cp &&
        !normalizeText(row.counterparty_name ?? row.search)
          .toUpperCase()
          .includes(cp)
      )
        return false;
      return true;
    },
  };
}

/** The first rule (in priority order) that matches the row. */
export function firstRule(rules: CompiledRule[], row: RuleRow): CompiledRule | null {
  for (const r of rules) if (r.test(row)) return r;
  return null;
}

export interface PlannedLine {
  account_id: number;
  tax_category: string;
  amount: number;
  description: string | null;
}

/**
 * The lines a rule makes of a row (on the side opposite the bank): each split its fixed amount or its
 * percentage (rounded down to the yen), the main line the rest. Null when the splits exceed the amount.
 */
export function splitLines(
  amount: number,
  main: { account_id: number; tax_category: string },
  splits: {
    account_id: number;
    tax_category: string;
    amount: number | null;
    percent: number | null;
    description: string | null;
  }[],
): { main: PlannedLine; splits: PlannedLine[] } | null {
  const out: PlannedLine[] = splits.map((s) => ({
    account_id: s.account_id,
    tax_category: s.tax_category,
    amount: s.amount ?? Math.floor((amount * (s.percent ?? 0)) / 100),
    description: s.description,
  }));
  const rest = amount - out.reduce((t, s) => t + s.amount, 0);
  if (rest <= 0) return null;
  return { main: { ...main, amount: rest, description: null }, splits: out.filter((s) => s.amount > 0) };
}

/** 摘要 rewrite: {description} {counterparty} {date} {amount} in the template. */
export function rewriteDescription(
  template: string | null,
  row: { description: string; counterparty_name: string | null; date: string; amount: number },
): string {
  if (!template) return row.description;
  return template
    .replaceAll('{description}', row.description)
    .replaceAll('{counterparty}', row.counterparty_name ?? '')
    .replaceAll('{date}', row.date)
    .replaceAll('{amount}', String(row.amount))
    .slice(0, 255);
}
