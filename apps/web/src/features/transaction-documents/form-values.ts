import {
  type TaxCategory,
  type TransactionDocument,
  type TransactionDocumentValues,
  taxInInclusive,
  todayInTokyo,
  transactionDocumentInput,
} from '@chobo/core';
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { rateRowsTotals } from '../../components/lines-editor/totals';
import { DOCS_PATH, ratePercent } from './labels';

export interface TaxRowValues {
  tax_category: TaxCategory;
  /** 対象額 (tax excluded), as typed. */
  base: number | string;
  /** 消費税額, as typed. */
  tax: number | string;
}

export interface DocumentFormValues {
  customer_id: number | null;
  document_type: string;
  transaction_date: string;
  amount: number | string;
  taxes: TaxRowValues[];
  registration_number: string;
  payment_method: string;
  due_date: string;
  status: string;
  memo: string;
  account_id: number | null;
}

const HEAD_FIELDS = [
  'customer_id',
  'document_type',
  'transaction_date',
  'amount',
  'registration_number',
  'payment_method',
  'due_date',
  'status',
  'memo',
  'account_id',
  'taxes',
] as const;

export const emptyTaxRow = (tax_category: TaxCategory = '10'): TaxRowValues => ({ tax_category, base: '', tax: '' });

export function toFormValues(doc: TransactionDocument | null): DocumentFormValues {
  if (!doc) {
    return {
      customer_id: null,
      document_type: '4',
      transaction_date: todayInTokyo(),
      amount: '',
      taxes: [emptyTaxRow('10')],
      registration_number: '',
      payment_method: '1',
      due_date: '',
      status: '0',
      memo: '',
      account_id: null,
    };
  }
  return {
    customer_id: doc.customer_id,
    document_type: String(doc.document_type),
    transaction_date: doc.transaction_date,
    amount: doc.amount,
    taxes: doc.taxes.length ? doc.taxes.map((t) => ({ ...t })) : [emptyTaxRow('10')],
    registration_number: doc.registration_number ?? '',
    payment_method: String(doc.payment_method),
    due_date: doc.due_date ?? '',
    status: String(doc.status),
    memo: doc.memo ?? '',
    account_id: doc.account_id,
  };
}

/** '12,000' → 12000; '' stays '' (the contract says what is missing). */
export function yen(value: number | string): number | string {
  if (typeof value === 'number') return value;
  const text = value.normalize('NFKC').replace(/[,\s円¥]/g, '');
  return text === '' ? '' : /^-?\d+$/.test(text) ? Number(text) : text;
}

/** A box's whole yen, 0 while empty or not a number. */
export const yenOrZero = (v: number | string): number => {
  const n = yen(v);
  return typeof n === 'number' ? n : 0;
};

/** The 内訳's totals (税抜・消費税・税込) as entered — the shared per-rate totals of the lines editor. */
export function taxTotals(rows: readonly TaxRowValues[]) {
  return rateRowsTotals(
    rows.map((r) => ({ tax_category: r.tax_category, base: yenOrZero(r.base), tax: yenOrZero(r.tax) })),
  );
}

/** An empty box is "not entered" (z.coerce would read '' as 0). */
const blankToUndefined = (v: number | string) => (v === '' ? undefined : v);

const isBlankRow = (t: TaxRowValues) => yen(t.base) === '' && yen(t.tax) === '';

/** The request body and, for each body tax row, its row on the form (server errors name body rows). */
export function toBody(values: DocumentFormValues): { body: Record<string, unknown>; formIndex: number[] } {
  const formIndex: number[] = [];
  const taxes = values.taxes.flatMap((t, i) => {
    if (isBlankRow(t)) return [];
    formIndex.push(i);
    const tax = yen(t.tax);
    // 非課税・対象外 carry no tax: an empty box means 0
    return [
      {
        tax_category: t.tax_category,
        base: yen(t.base),
        tax: tax === '' && ratePercent(t.tax_category) === 0 ? 0 : tax,
      },
    ];
  });
  return {
    body: {
      customer_id: values.customer_id ?? '',
      document_type: values.document_type,
      transaction_date: values.transaction_date,
      amount: blankToUndefined(yen(values.amount)),
      taxes,
      registration_number: values.registration_number,
      payment_method: values.payment_method,
      due_date: values.due_date || null,
      status: values.status,
      memo: values.memo,
      account_id: values.account_id,
    },
    formIndex,
  };
}

/** `taxes.{body index}…` → `taxes.{form row}…`. */
export function remapTaxErrors(errors: Record<string, string[]>, formIndex: number[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [key, messages] of Object.entries(errors)) {
    const m = /^taxes\.(\d+)(\..+)?$/.exec(key);
    const target = m ? `taxes.${formIndex[Number(m[1])] ?? Number(m[1])}${m[2] ?? ''}` : key;
    out[target] = [...(out[target] ?? []), ...messages];
  }
  return out;
}

export function fieldNames(rows: number): string[] {
  const names: string[] = [...HEAD_FIELDS];
  for (let i = 0; i < rows; i++) for (const f of ['tax_category', 'base', 'tax']) names.push(`taxes.${i}.${f}`);
  return names;
}

/**
 * The tax helper: a total (tax included) at one rate split into 対象額 and 消費税 with 10/110 or 8/108
 * (rounded down, as most suppliers print it). Non-taxable rows take the whole amount with no tax.
 */
export function splitInclusive(amount: number, category: TaxCategory): { base: number; tax: number } {
  const rate = ratePercent(category);
  const tax = rate ? taxInInclusive(amount, rate, 'floor') : 0;
  return { base: amount - tax, tax };
}

const zod = zodResolver(transactionDocumentInput);

/** The contract (`transactionDocumentInput`, the server's rules and messages) applied to the body. */
export const documentResolver: Resolver<DocumentFormValues, unknown, TransactionDocumentValues> = async (
  values,
  context,
  options,
) => {
  const { body, formIndex } = toBody(values);
  // biome-ignore lint/suspicious/noExplicitAny: the body is the contract's input, checked by zod here
  const result = await zod(body as any, context, options as any);
  if (Object.keys(result.errors).length === 0) {
    return { values: result.values as TransactionDocumentValues, errors: {} };
  }
  const errors = { ...result.errors } as FieldErrors<DocumentFormValues> & Record<string, unknown>;
  const rowErrors = (result.errors as { taxes?: unknown }).taxes;
  if (Array.isArray(rowErrors)) {
    const mapped: unknown[] = [];
    rowErrors.forEach((e, i) => {
      if (e) mapped[formIndex[i] ?? i] = e;
    });
    Object.assign(mapped, { root: (rowErrors as unknown as { root?: unknown }).root });
    errors.taxes = mapped as never;
  }
  return { values: {}, errors: errors as FieldErrors<DocumentFormValues> };
};

export function listPathFrom(state: unknown): string {
  const search = (state as { listSearch?: unknown } | null)?.listSearch;
  return typeof search === 'string' && search.startsWith('?') ? `${DOCS_PATH}${search}` : DOCS_PATH;
}
