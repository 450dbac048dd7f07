import type { OcrCorrectionInput, OcrDocumentDetail } from '@chobo/core';

type Num = number | '';

/** The OCR result's fields as the editor holds them ('' for an empty number). */
export interface FormValues {
  issuer_name: string;
  registration_number: string;
  transaction_date: string;
  total: Num;
  base10: Num;
  tax10: Num;
  base8: Num;
  tax8: Num;
  phone: string;
  document_type: string;
}

/** What the editor starts from: the fields read (or corrected before). */
export function initialValues(d: OcrDocumentDetail): FormValues {
  const f = d.fields;
  const tax = (rate: '10' | '8') => f?.taxes.value?.find((t) => t.tax_category === rate);
  return {
    issuer_name: f?.issuer_name.value ?? '',
    registration_number: f?.registration_number.value ?? '',
    transaction_date: f?.transaction_date.value ?? '',
    total: f?.total.value ?? '',
    base10: tax('10')?.base ?? '',
    tax10: tax('10')?.tax ?? '',
    base8: tax('8')?.base ?? '',
    tax8: tax('8')?.tax ?? '',
    phone: f?.phone.value ?? '',
    document_type: String(f?.document_type.value ?? 4),
  };
}

/** The fields a person changed, as the PUT body expects them. */
export function changes(before: FormValues, now: FormValues): OcrCorrectionInput['fields'] {
  const out: NonNullable<OcrCorrectionInput['fields']> = {};
  const text = (k: 'issuer_name' | 'registration_number' | 'transaction_date' | 'phone') => {
    if (before[k] !== now[k]) out[k] = now[k].trim() === '' ? null : now[k].trim();
  };
  text('issuer_name');
  text('registration_number');
  text('transaction_date');
  text('phone');
  if (before.total !== now.total) out.total = now.total === '' ? null : now.total;
  if (before.document_type !== now.document_type) out.document_type = Number(now.document_type);
  const taxKeys = ['base10', 'tax10', 'base8', 'tax8'] as const;
  if (taxKeys.some((k) => before[k] !== now[k])) {
    out.taxes = (['10', '8'] as const)
      .filter((r) => now[`base${r}`] !== '' || now[`tax${r}`] !== '')
      .map((r) => ({ tax_category: r, base: Number(now[`base${r}`] || 0), tax: Number(now[`tax${r}`] || 0) }));
  }
  return out;
}
