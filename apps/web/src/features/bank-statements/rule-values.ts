import { type BankRule, type BankRuleInput, formatJPY } from '@chobo/core';

/** The rule form's values, their API body, and the checks made before asking the server. */

export interface SplitValues {
  key: number;
  account_id: number | null;
  tax_category: string;
  mode: 'amount' | 'percent';
  amount: number | '';
  percent: number | '';
  description: string;
}

export interface RuleValues {
  name: string;
  priority: number;
  is_active: boolean;
  text_mode: 'contains' | 'regex';
  text: string;
  direction: 'in' | 'out' | 'any';
  amount_min: number | '';
  amount_max: number | '';
  counterparty_contains: string;
  account_id: number | null;
  tax_category: string;
  customer_id: number | null;
  description_template: string;
  splits: SplitValues[];
}

let splitKey = 1;

/** An empty split line (振込手数料 and the like are 課税仕入10% by default). */
export function newSplit(): SplitValues {
  return {
    key: splitKey++,
    account_id: null,
    tax_category: 'purchase_10',
    mode: 'amount',
    amount: '',
    percent: '',
    description: '',
  };
}

/** The form's values of a saved rule, of a rule offer (partial) or of a new rule. */
export function ruleValues(r: Partial<BankRule> = {}): RuleValues {
  return {
    name: r.name ?? '',
    priority: r.priority ?? 100,
    is_active: r.is_active ?? true,
    text_mode: r.description_regex ? 'regex' : 'contains',
    text: r.description_regex ?? r.description_contains ?? '',
    direction: r.direction ?? 'any',
    amount_min: r.amount_min ?? '',
    amount_max: r.amount_max ?? '',
    counterparty_contains: r.counterparty_contains ?? '',
    account_id: r.account_id ?? null,
    tax_category: r.tax_category ?? 'none',
    customer_id: r.customer_id ?? null,
    description_template: r.description_template ?? '',
    splits: (r.splits ?? []).map((s) => ({
      key: splitKey++,
      account_id: s.account_id,
      tax_category: s.tax_category,
      mode: s.percent !== null ? 'percent' : 'amount',
      amount: s.amount ?? '',
      percent: s.percent ?? '',
      description: s.description ?? '',
    })),
  };
}

const num = (v: number | '') => (v === '' ? null : Number(v));

/** The API body of the form's values. */
export function ruleInput(v: RuleValues): BankRuleInput {
  return {
    name: v.name,
    priority: v.priority,
    is_active: v.is_active,
    description_contains: v.text_mode === 'contains' ? v.text || null : null,
    description_regex: v.text_mode === 'regex' ? v.text || null : null,
    direction: v.direction,
    amount_min: num(v.amount_min),
    amount_max: num(v.amount_max),
    counterparty_contains: v.counterparty_contains || null,
    account_id: v.account_id as number,
    tax_category: v.tax_category as 'none',
    customer_id: v.customer_id,
    description_template: v.description_template || null,
    splits: v.splits.map((s) => ({
      account_id: s.account_id as number,
      tax_category: s.tax_category as 'none',
      amount: s.mode === 'amount' ? num(s.amount) : null,
      percent: s.mode === 'percent' ? num(s.percent) : null,
      description: s.description || null,
    })),
  };
}

/**
 * How the splits divide an example amount (as the server does: each split its fixed amount or its
 * percentage rounded down to the yen, the main line the rest) and what is wrong with them.
 */
export function splitCheck(sample: number, splits: Pick<SplitValues, 'mode' | 'amount' | 'percent'>[]) {
  const parts = splits.map((s) =>
    s.mode === 'amount' ? Number(s.amount || 0) : Math.floor((sample * Number(s.percent || 0)) / 100),
  );
  const percent = splits.reduce((t, s) => t + (s.mode === 'percent' ? Number(s.percent || 0) : 0), 0);
  const rest = sample - parts.reduce((t, p) => t + p, 0);
  const problems: string[] = [];
  if (splits.some((s) => (s.mode === 'amount' ? s.amount === '' : s.percent === '')))
    problems.push('分割の金額または割合を入力してください');
  if (percent >= 100) problems.push(`分割の割合の合計が${percent}%です。100%未満にしてください`);
  else if (rest <= 0)
    problems.push(
      `分割の合計 ${formatJPY(sample - rest)} が金額 ${formatJPY(sample)} 以上です（主の勘定科目に残りません）`,
    );
  return { parts, rest, percent, ok: problems.length === 0, problems };
}

/** What is wrong with the values before the server is asked (the errors by field, as the server names them). */
export function localErrors(v: RuleValues, check: ReturnType<typeof splitCheck>): Record<string, string[]> {
  const e: Record<string, string[]> = {};
  if (!v.name.trim()) e.name = ['ルール名を入力してください'];
  if (!v.account_id) e.account_id = ['勘定科目を選択してください'];
  if (!v.text && !v.counterparty_contains && v.amount_min === '' && v.amount_max === '')
    e.text = ['条件を1つ以上入力してください'];
  v.splits.forEach((s, i) => {
    if (!s.account_id) e[`splits.${i}.account_id`] = ['勘定科目を選択してください'];
  });
  if (v.splits.length && !check.ok) e.splits = check.problems;
  return e;
}
