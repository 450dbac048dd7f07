import { type Invoice, type InvoiceValues, invoiceInput, type TaxMode, todayInTokyo } from '@chobo/core';
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { emptyLine, isBlankLine, LINE_FIELDS, type LineFormValues } from '../transactions/form-values';

/** The 請求書 form: the sales it bills (合計請求書) and free lines edited with the 受注取引 line editor. */
export interface InvoiceFormValues {
  customer_id: number | null;
  issue_date: string;
  due_date: string;
  notes: string;
  tax_mode: TaxMode;
  transaction_ids: number[];
  lines: LineFormValues[];
}

const HEAD_FIELDS = ['customer_id', 'issue_date', 'due_date', 'notes', 'tax_mode', 'transaction_ids'];

export function newInvoiceValues(customerId: number | null, transactionIds: number[], taxMode: TaxMode) {
  return {
    customer_id: customerId,
    issue_date: todayInTokyo(),
    due_date: '',
    notes: '',
    tax_mode: taxMode,
    transaction_ids: transactionIds,
    // the sales are the content: no empty free row to skip past
    lines: transactionIds.length > 0 ? [] : [emptyLine()],
  } satisfies InvoiceFormValues;
}

/** A draft on the form: its free lines only (the lines copied from sales come back from `transaction_ids`). */
export function invoiceToFormValues(invoice: Invoice): InvoiceFormValues {
  return {
    customer_id: invoice.customer_id,
    issue_date: invoice.issue_date,
    due_date: invoice.due_date ?? '',
    notes: invoice.notes ?? '',
    tax_mode: invoice.tax_mode,
    transaction_ids: [...invoice.transaction_ids],
    lines: invoice.lines
      .filter((l) => l.transaction_id === null)
      .map((l) => ({
        product_id: null,
        product_code: '',
        description: l.description,
        quantity: l.quantity,
        unit: l.unit ?? '',
        unit_price: l.unit_price,
        tax_category: l.tax_category,
      })),
  };
}

/** The request body (invoiceInput's shape) and, for each body line, its row on the form. */
export function toInvoiceBody(values: InvoiceFormValues): { body: Record<string, unknown>; formIndex: number[] } {
  const formIndex: number[] = [];
  const lines = values.lines.flatMap((l, i) => {
    if (isBlankLine(l)) return [];
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
      transaction_ids: values.transaction_ids,
      lines,
      issue_date: values.issue_date,
      due_date: values.due_date || null,
      notes: values.notes,
      tax_mode: values.tax_mode,
    },
    formIndex,
  };
}

export function invoiceFieldNames(count: number): string[] {
  const names = [...HEAD_FIELDS];
  for (let i = 0; i < count; i++) for (const f of LINE_FIELDS) names.push(`lines.${i}.${f}`);
  return names;
}

const zod = zodResolver(invoiceInput);

/** invoiceInput (the server's own rules and messages) on the body, with line errors moved back to their rows. */
export const invoiceResolver: Resolver<InvoiceFormValues, unknown, InvoiceValues> = async (
  values,
  context,
  options,
) => {
  const { body, formIndex } = toInvoiceBody(values);
  // biome-ignore lint/suspicious/noExplicitAny: the body is the contract's input, checked by zod here
  const result = await zod(body as any, context, options as any);
  if (Object.keys(result.errors).length === 0) return { values: result.values as InvoiceValues, errors: {} };
  const errors = { ...result.errors } as FieldErrors<InvoiceFormValues> & Record<string, unknown>;
  const lineErrors = (result.errors as { lines?: unknown }).lines;
  if (Array.isArray(lineErrors)) {
    const mapped: unknown[] = [];
    lineErrors.forEach((e, i) => {
      if (e) mapped[formIndex[i] ?? i] = e;
    });
    Object.assign(mapped, { root: (lineErrors as unknown as { root?: unknown }).root });
    errors.lines = mapped as never;
  } else if (lineErrors && typeof lineErrors === 'object' && 'message' in lineErrors) {
    // 受注取引を選ぶか、明細を1行以上… is about the lines as a whole
    errors.lines = { root: lineErrors } as never;
  }
  return { values: {}, errors: errors as FieldErrors<InvoiceFormValues> };
};
