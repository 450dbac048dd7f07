import { lineTax, type Rounding, TAXABLE_CATEGORIES } from '@chobo/core';
import type { FieldErrors } from 'react-hook-form';
import { formatAmount } from './format';
import type { Account, JournalEntry, JournalEntryInput, JournalLineInput, JournalTaxCategory } from './types';

/** What the entry form edits: amounts as whole yen or '' while empty. */
export interface LineValues {
  account_id: number | null;
  debit: number | '';
  credit: number | '';
  memo: string;
  /** 税区分 key; follows the account's default until the server's value is loaded. */
  tax_category: JournalTaxCategory | null;
}

export interface EntryFormValues {
  date: string;
  description: string;
  lines: LineValues[];
}

export const emptyLine = (): LineValues => ({ account_id: null, debit: '', credit: '', memo: '', tax_category: null });

export function toFormValues(entry: JournalEntry): EntryFormValues {
  return {
    date: entry.date.slice(0, 10),
    description: entry.description ?? '',
    lines: entry.lines.map((line) => ({
      account_id: line.account_id,
      debit: line.debit || '',
      credit: line.credit || '',
      memo: line.memo ?? '',
      tax_category: line.tax_category ?? null,
    })),
  };
}

const yen = (v: number | '' | null | undefined) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

export interface Totals {
  debit: number;
  credit: number;
  /** debit − credit */
  difference: number;
  balanced: boolean;
}

/** 借方合計 / 貸方合計 / 差額 of the lines; balanced = equal and not zero. */
export function totalsOf(lines: readonly LineValues[]): Totals {
  let debit = 0;
  let credit = 0;
  for (const line of lines) {
    debit += yen(line.debit);
    credit += yen(line.credit);
  }
  return { debit, credit, difference: debit - credit, balanced: debit === credit && debit > 0 };
}

const isBlank = (line: LineValues) =>
  line.account_id === null && yen(line.debit) === 0 && yen(line.credit) === 0 && !line.memo.trim();

/**
 * Lines that carry something (blank lines are dropped), in the wire shape; `formIndex[i]` is the form
 * line of body line i, so the server's `lines.i.*` errors land under the right field.
 */
export function toBody(
  values: EntryFormValues,
  split: TaxSplit | null = null,
): { body: JournalEntryInput; formIndex: number[]; taxes: SplitTax[] } {
  const formIndex: number[] = [];
  const lines: JournalLineInput[] = [];
  const taxes: SplitTax[] = [];
  values.lines.forEach((line, i) => {
    if (isBlank(line)) return;
    let debit = yen(line.debit);
    let credit = yen(line.credit);
    const memo = line.memo.trim() || null;
    const account_id = line.account_id ?? 0;
    const tax = split
      ? taxOfLine({ account_id, debit, credit, tax_category: line.tax_category }, split, values.date)
      : null;
    if (tax && split?.mode === 'inclusive') {
      // 税込入力: the line keeps the net amount (税抜入力: it already is net)
      if (debit > 0) debit -= tax.amount;
      else credit -= tax.amount;
    }
    formIndex.push(i);
    lines.push({ account_id, debit, credit, memo, ...(line.tax_category ? { tax_category: line.tax_category } : {}) });
    if (!tax) return;
    formIndex.push(i);
    lines.push({
      account_id: tax.account_id,
      debit: debit > 0 ? tax.amount : 0,
      credit: credit > 0 ? tax.amount : 0,
      memo,
      tax_category: 'none',
    });
    taxes.push({ ...tax, formIndex: i, net: debit || credit });
  });
  return { body: { date: values.date, description: values.description.trim(), lines }, formIndex, taxes };
}

/**
 * 税抜経理: a line with a taxable 税区分 splits into its net amount and a 仮払消費税等 (課税仕入) / 仮受消費税等
 * (課税売上) line on the same side. mode 'inclusive' (税込入力): the typed amount contains the tax, tax = amount ×
 * 10/110 (8/108); 'exclusive' (税抜入力): the typed amount is net, tax = amount × 10% (8%); rounded with the
 * company's rounding.
 */
export interface TaxSplit {
  mode: 'inclusive' | 'exclusive';
  rounding: Rounding;
  /** 仮払消費税等 */
  prepaidId: number | null;
  /** 仮受消費税等 */
  receivedId: number | null;
}

export interface SplitTax {
  formIndex: number;
  account_id: number;
  amount: number;
  net: number;
}

function taxOfLine(
  line: { account_id: number; debit: number; credit: number; tax_category: JournalTaxCategory | null },
  split: TaxSplit,
  date: string,
): { account_id: number; amount: number } | null {
  // the same rates and rounding as every posting path (core tax-split.ts)
  const r = line.tax_category ? TAXABLE_CATEGORIES[line.tax_category] : undefined;
  if (!r) return null;
  const account = r.kind === 'purchase' ? split.prepaidId : split.receivedId;
  if (!account || line.account_id === split.prepaidId || line.account_id === split.receivedId) return null;
  // (a purchase without a 適格請求書: the 経過措置 share of the entry's date)
  const tax = lineTax(line.debit || line.credit, line.tax_category, split.mode, split.rounding, date || undefined);
  return tax > 0 ? { account_id: account, amount: tax } : null;
}

/** The two consumption-tax accounts of a chart (by name, else by role and section). */
export function taxAccounts(accounts: Account[]): { prepaidId: number | null; receivedId: number | null } {
  const find = (name: string, section: string) =>
    accounts.find((a) => a.name === name)?.id ??
    accounts.find((a) => a.cash_flow_role === 'consumption_tax' && a.section === section && a.name.startsWith('仮'))
      ?.id ??
    null;
  return {
    prepaidId: find('仮払消費税等', 'current_assets'),
    receivedId: find('仮受消費税等', 'current_liabilities'),
  };
}

/** 借方合計 / 貸方合計 of what will be sent (after the tax split). */
export function totalsOfBody(body: JournalEntryInput): Totals {
  let debit = 0;
  let credit = 0;
  for (const line of body.lines) {
    debit += Number(line.debit ?? 0);
    credit += Number(line.credit ?? 0);
  }
  return { debit, credit, difference: debit - credit, balanced: debit === credit && debit > 0 };
}

/** Server errors keyed by body line ('lines.1.debit') → keyed by form line. */
export function remapLineErrors(errors: Record<string, string[]>, formIndex: number[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [key, messages] of Object.entries(errors)) {
    const m = /^lines\.(\d+)(\..+)?$/.exec(key);
    const target = m ? `lines.${formIndex[Number(m[1])] ?? Number(m[1])}${m[2] ?? ''}` : key;
    out[target] = [...(out[target] ?? []), ...messages];
  }
  return out;
}

/** The 相手科目 text of one side: the account's name, or 諸口 when the other side has several accounts. */
export function sideSummary(names: string[]): string {
  const unique = [...new Set(names)];
  if (unique.length === 0) return '—';
  return unique.length > 1 ? '諸口' : unique[0];
}

/** What the form shows live: 借方合計 / 貸方合計 / 差額 of what will be sent, and the tax lines the split adds. */
export function entryPreview(
  lines: readonly LineValues[],
  split: TaxSplit | null,
  date = '',
): { totals: Totals; taxes: SplitTax[] } {
  const preview = toBody({ date, description: '', lines: [...lines] }, split);
  return { totals: split ? totalsOfBody(preview.body) : totalsOf(lines), taxes: preview.taxes };
}

/** The line Enter adds: pre-filled with the amount that balances the entry, on the side that lacks it. */
export function balancingLine(totals: Totals): LineValues {
  const line = emptyLine();
  if (totals.difference > 0) line.credit = totals.difference;
  else if (totals.difference < 0) line.debit = -totals.difference;
  return line;
}

/** Why Ctrl+Enter did not save: said next to the totals. */
export function unbalancedReason(totals: { debit: number; credit: number; difference: number }): string {
  if (totals.debit === 0 && totals.credit === 0)
    return '保存できません: 金額が入力されていません。借方と貸方に金額を入力してください。';
  const side = totals.difference > 0 ? '貸方' : '借方';
  return `保存できません: 借方合計と貸方合計が一致していません（${side}が${formatAmount(Math.abs(totals.difference))}円不足しています）。`;
}

/** The names of the accounts on each side (lines with an amount there), for the 相手科目 summary. */
export function sideNames(
  lines: readonly LineValues[],
  nameOf: (id: number | null) => string | null,
): { debit: string[]; credit: string[] } {
  const names = (side: 'debit' | 'credit') =>
    lines.filter((l) => Number(l[side]) > 0).flatMap((l) => nameOf(l.account_id) ?? []);
  return { debit: names('debit'), credit: names('credit') };
}

export const LINE_FIELDS = ['account_id', 'debit', 'credit', 'memo', 'tax_category'] as const;

/** Every field name of a form with `count` lines: where server errors may be shown. */
export function fieldNames(count: number): string[] {
  const names = ['date', 'description', 'lines'];
  for (let i = 0; i < count; i++) for (const f of LINE_FIELDS) names.push(`lines.${i}.${f}`);
  return names;
}

/** The shared contract's issues in the server's 422 shape ('lines.0.debit' → messages; no path → 'lines'). */
export function contractErrors(
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>,
): Record<string, string[]> {
  const local: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.path.join('.') || 'lines';
    local[key] = [...(local[key] ?? []), issue.message];
  }
  return local;
}

/** The message of one line field. */
export function lineError(
  errors: FieldErrors<EntryFormValues>,
  index: number,
  field: (typeof LINE_FIELDS)[number],
): string | undefined {
  return errors.lines?.[index]?.[field]?.message;
}

/** The message about the lines as a whole (「仕訳行は2行以上…」), set as `lines` or `lines.root`. */
export function linesError(errors: FieldErrors<EntryFormValues>): string | undefined {
  const lines = errors.lines as { message?: string; root?: { message?: string } } | undefined;
  return lines?.root?.message ? lines.root.message : lines?.message;
}
