import {
  type TaxCategory,
  type TaxMode,
  type Transaction,
  type TransactionValues,
  todayInTokyo,
  transactionInput,
} from '@chobo/core';
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, Resolver } from 'react-hook-form';

export interface LineFormValues {
  product_id: number | null;
  /** The picked product's code, shown on the row (not sent). */
  product_code: string;
  description: string;
  quantity: number | string;
  unit: string;
  unit_price: number | string;
  tax_category: TaxCategory;
}

export interface TransactionFormValues {
  customer_id: number | null;
  transaction_date: string;
  due_date: string;
  subject: string;
  payment_method: string;
  status: string;
  memo: string;
  tax_mode: TaxMode;
  lines: LineFormValues[];
}

export const LINE_FIELDS = ['product_id', 'description', 'quantity', 'unit', 'unit_price', 'tax_category'] as const;
const HEAD_FIELDS = ['customer_id', 'transaction_date', 'due_date', 'subject', 'payment_method', 'status', 'memo'];

export const emptyLine = (): LineFormValues => ({
  product_id: null,
  product_code: '',
  description: '',
  quantity: 1,
  unit: '',
  unit_price: '',
  tax_category: '10',
});

export function toFormValues(t: Transaction | null, taxMode: TaxMode): TransactionFormValues {
  if (!t) {
    return {
      customer_id: null,
      transaction_date: todayInTokyo(),
      due_date: '',
      subject: '',
      payment_method: '1',
      status: '0',
      memo: '',
      tax_mode: taxMode,
      lines: [emptyLine()],
    };
  }
  return {
    customer_id: t.customer_id,
    transaction_date: t.transaction_date,
    due_date: t.due_date ?? '',
    subject: t.subject,
    payment_method: String(t.payment_method),
    status: String(t.status),
    memo: t.memo ?? '',
    tax_mode: t.tax_mode,
    lines: t.lines.map((l) => ({
      product_id: l.product_id,
      product_code: '',
      description: l.description,
      quantity: l.quantity,
      unit: l.unit ?? '',
      unit_price: l.unit_price,
      tax_category: l.tax_category,
    })),
  };
}

/** A row nobody typed into (e.g. the one Enter added last) is left out rather than refused. */
export function isBlankLine(l: LineFormValues): boolean {
  return l.product_id === null && !l.description.trim() && (l.unit_price === '' || l.unit_price === 0);
}

/**
 * The request body (the core contract's input shape) and, for each body line, its row on the form —
 * server errors such as `lines.0.quantity` are about body lines.
 */
export function toBody(values: TransactionFormValues): { body: Record<string, unknown>; formIndex: number[] } {
  const formIndex: number[] = [];
  const lines = values.lines.flatMap((l, i) => {
    if (isBlankLine(l) && values.lines.length > 1) return [];
    formIndex.push(i);
    return [
      {
        product_id: l.product_id,
        description: l.description,
        quantity: l.quantity,
        unit: l.unit,
        unit_price: l.unit_price,
        tax_category: l.tax_category,
      },
    ];
  });
  return {
    body: {
      customer_id: values.customer_id ?? '',
      transaction_date: values.transaction_date,
      due_date: values.due_date || null,
      subject: values.subject,
      payment_method: values.payment_method,
      status: values.status,
      memo: values.memo,
      tax_mode: values.tax_mode,
      lines,
    },
    formIndex,
  };
}

/** `lines.{body index}…` → `lines.{form row}…`. */
export function remapLineErrors(errors: Record<string, string[]>, formIndex: number[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [key, messages] of Object.entries(errors)) {
    const m = /^lines\.(\d+)(\..+)?$/.exec(key);
    const target = m ? `lines.${formIndex[Number(m[1])] ?? Number(m[1])}${m[2] ?? ''}` : key;
    out[target] = [...(out[target] ?? []), ...messages];
  }
  return out;
}

/** Every field name of the form with `count` rows (server errors for other keys go to the top alert). */
export function fieldNames(count: number): string[] {
  const names = [...HEAD_FIELDS, 'tax_mode'];
  for (let i = 0; i < count; i++) for (const f of LINE_FIELDS) names.push(`lines.${i}.${f}`);
  return names;
}

const zod = zodResolver(transactionInput);

/**
 * The form's resolver: the shared contract (`transactionInput`, the server's own rules and messages) applied
 * to the body, with line errors moved back to their rows.
 */
export const transactionResolver: Resolver<TransactionFormValues, unknown, TransactionValues> = async (
  values,
  context,
  options,
) => {
  const { body, formIndex } = toBody(values);
  // biome-ignore lint/suspicious/noExplicitAny: the body is the contract's input, checked by zod here
  const result = await zod(body as any, context, options as any);
  if (Object.keys(result.errors).length === 0) {
    return { values: result.values as TransactionValues, errors: {} };
  }
  const errors = { ...result.errors } as FieldErrors<TransactionFormValues> & Record<string, unknown>;
  const lineErrors = (result.errors as { lines?: unknown }).lines;
  if (Array.isArray(lineErrors)) {
    const mapped: unknown[] = [];
    lineErrors.forEach((e, i) => {
      if (e) mapped[formIndex[i] ?? i] = e;
    });
    // a message about the lines as a whole (明細を1行以上…)
    const root = (lineErrors as unknown as { root?: unknown; message?: string; type?: string }).root;
    Object.assign(mapped, { root });
    errors.lines = mapped as never;
  }
  return { values: {}, errors: errors as FieldErrors<TransactionFormValues> };
};

export function listPathFrom(state: unknown): string {
  const search = (state as { listSearch?: unknown } | null)?.listSearch;
  return typeof search === 'string' && search.startsWith('?')
    ? `/company/transactions${search}`
    : '/company/transactions';
}
