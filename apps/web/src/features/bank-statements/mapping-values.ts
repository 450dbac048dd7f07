import type { BankCsvMapping, BankCsvMappingInput } from '@chobo/core';

type Col = number | null;

/** The column mapping form's values: which column (1-based) holds what, the rows to skip. */
export interface MappingValues {
  name: string;
  skip_rows: number;
  has_header: boolean;
  amount_mode: 'in_out' | 'signed';
  date_column: Col;
  description_column: Col;
  in_column: Col;
  out_column: Col;
  amount_column: Col;
  balance_column: Col;
  counterparty_column: Col;
}

/** The roles a column can have; `mode`: only with that form of the amount. */
export const ROLES: {
  key: keyof MappingValues;
  label: string;
  required?: boolean;
  mode?: MappingValues['amount_mode'];
}[] = [
  { key: 'date_column', label: '日付', required: true },
  { key: 'description_column', label: '摘要', required: true },
  { key: 'in_column', label: '入金', required: true, mode: 'in_out' },
  { key: 'out_column', label: '出金', required: true, mode: 'in_out' },
  { key: 'amount_column', label: '金額（入金は＋・出金は−）', required: true, mode: 'signed' },
  { key: 'balance_column', label: '残高' },
  { key: 'counterparty_column', label: '相手先' },
];

/** The roles asked for with the amount in `mode`. */
export const rolesFor = (mode: MappingValues['amount_mode']) => ROLES.filter((r) => !r.mode || r.mode === mode);

/** A role's name without its note: 金額（入金は＋・出金は−） → 金額. */
export const roleName = (r: (typeof ROLES)[number]) => r.label.replace(/（.*/, '');

/** The values of a saved mapping, or of a new one. */
export const valuesOf = (m: BankCsvMapping | null): MappingValues => ({
  name: m?.name ?? '',
  skip_rows: m?.skip_rows ?? 0,
  has_header: m?.has_header ?? true,
  amount_mode: m && m.amount_column !== null ? 'signed' : 'in_out',
  date_column: m?.date_column ?? null,
  description_column: m?.description_column ?? null,
  in_column: m?.in_column ?? null,
  out_column: m?.out_column ?? null,
  amount_column: m?.amount_column ?? null,
  balance_column: m?.balance_column ?? null,
  counterparty_column: m?.counterparty_column ?? null,
});

/** The body to save: only the amount columns of the chosen mode. */
export function mappingInput(v: MappingValues): BankCsvMappingInput {
  const signed = v.amount_mode === 'signed';
  return {
    name: v.name,
    skip_rows: v.skip_rows,
    has_header: v.has_header,
    date_column: v.date_column as number,
    description_column: v.description_column as number,
    amount_column: signed ? v.amount_column : null,
    in_column: signed ? null : v.in_column,
    out_column: signed ? null : v.out_column,
    balance_column: v.balance_column,
    counterparty_column: v.counterparty_column,
  };
}

/** A guess from the header row: 日付 / 摘要 / 入金 / 出金 / 残高 by the usual words. */
export function guess(header: string[]): Partial<MappingValues> {
  const find = (re: RegExp) => {
    const i = header.findIndex((h) => re.test(h));
    return i >= 0 ? i + 1 : null;
  };
  const g: Partial<MappingValues> = {
    date_column: find(/日付|年月日|取引日|日時/),
    description_column: find(/摘要|内容|取引|お取り?扱/),
    in_column: find(/入金|預入|預り|お預/),
    out_column: find(/出金|引出|支払|お引/),
    balance_column: find(/残高/),
    counterparty_column: find(/相手|依頼人|振込人|名義/),
  };
  const amount = find(/^金額$|取引金額/);
  if (amount && !g.in_column) return { ...g, amount_mode: 'signed', amount_column: amount };
  return g;
}

/** What must be filled before saving: the name and every required column of the chosen form. */
export function mappingErrors(v: MappingValues): Record<string, string[]> {
  const e: Record<string, string[]> = {};
  if (!v.name.trim()) e.name = ['名前を入力してください'];
  for (const r of rolesFor(v.amount_mode))
    if (r.required && v[r.key] === null) e[r.key] = [`${roleName(r)}の列を指定してください`];
  return e;
}
