import { z } from 'zod';
import { formatDateJa } from '../format.js';
import { emailField } from './auth.js';
import { hasNoControlChars } from './common.js';
import type { Invoice } from './invoices.js';

/**
 * 請求書メール: the company's template (件名 and 本文 with placeholders, stored in the company's settings; null = the
 * default below), filled with one invoice's fields by the same function on the server (what is sent) and in the
 * send dialog (its preview).
 */
export const INVOICE_MAIL_PLACEHOLDERS = ['取引先名', '請求書番号', '請求金額', '支払期限', '会社名'] as const;
export type InvoiceMailPlaceholder = (typeof INVOICE_MAIL_PLACEHOLDERS)[number];
export type InvoiceMailFields = Record<InvoiceMailPlaceholder, string>;

export const DEFAULT_INVOICE_MAIL_TEMPLATE = {
  subject: '【請求書】No.{請求書番号} {会社名}',
  body: [
    '{取引先名}',
    '',
    'いつもお世話になっております。',
    '{会社名}です。',
    '',
    '請求書 No.{請求書番号}（ご請求金額 {請求金額}、お支払期限 {支払期限}）を添付にてお送りいたします。',
    'ご確認のほど、よろしくお願いいたします。',
    '',
    '{会社名}',
  ].join('\n'),
} as const;

const PLACEHOLDER = /\{([^{}\s]{1,20})\}/g;

/** The placeholders a text uses that are not one of INVOICE_MAIL_PLACEHOLDERS (e.g. 「{取引先}」). */
export function unknownPlaceholders(text: string): string[] {
  const known = new Set<string>(INVOICE_MAIL_PLACEHOLDERS);
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]!))].filter((name) => !known.has(name));
}

/** The text with each {placeholder} replaced by the invoice's field (unknown ones are left as written). */
export function fillInvoiceMail(text: string, fields: InvoiceMailFields): string {
  return text.replace(PLACEHOLDER, (whole, name: string) =>
    name in fields ? fields[name as InvoiceMailPlaceholder] : whole,
  );
}

/** An issued invoice's fields for the template (from its snapshots: recipient with 敬称, issuer). */
export function invoiceMailFields(invoice: Invoice): InvoiceMailFields {
  const recipient = invoice.recipient
    ? `${invoice.recipient.name} ${invoice.recipient.honorific ?? ''}`.trim()
    : invoice.customer_name;
  const due = invoice.due_date;
  return {
    取引先名: recipient,
    請求書番号: String(invoice.number),
    請求金額: `${invoice.totals.total.toLocaleString('ja-JP')}円`,
    支払期限: due ? formatDateJa(due) : '別途ご案内',
    会社名: invoice.issuer?.name ?? '',
  };
}

const templateText = (label: string, max: number) =>
  z
    .string({ error: `${label}を入力してください` })
    .trim()
    .min(1, `${label}を入力してください`)
    .max(max, `${label}は${max}文字以内で入力してください`)
    .refine((v) => unknownPlaceholders(v).length === 0, {
      message: `使えない差し込み項目があります（使えるのは ${INVOICE_MAIL_PLACEHOLDERS.map((p) => `{${p}}`).join(' ')}）`,
    });

const subjectText = templateText('件名', 200).refine((v) => !/[\r\n]/.test(v) && hasNoControlChars(v), {
  message: '件名に改行や制御文字は使えません',
});
const bodyText = templateText('本文', 5000);

/** GET/PUT /api/company/invoice-mail-template: the company's template (the default until one is saved). */
export const invoiceMailTemplateDto = z.object({
  subject: z.string(),
  body: z.string(),
  /** true while the company uses the default (nothing saved). */
  is_default: z.boolean(),
});
export type InvoiceMailTemplate = z.infer<typeof invoiceMailTemplateDto>;
export const invoiceMailTemplateInput = z.object({ subject: subjectText, body: bodyText });
export type InvoiceMailTemplateInput = z.infer<typeof invoiceMailTemplateInput>;

const MAX_COPIES = 10;
const addressList = (label: string) =>
  z
    .array(emailField, { error: `${label}はメールアドレスの一覧で指定してください` })
    .max(MAX_COPIES, `${label}は${MAX_COPIES}件までです`)
    .optional();

/**
 * POST /api/invoices/:id/send (the specification's call), its body extended: to (default: the customer's address),
 * cc, bcc, and subject / body (default: the company's template; placeholders are filled on the server).
 */
export const invoiceSendInput = z
  .object({
    to: emailField.optional(),
    cc: addressList('CC'),
    bcc: addressList('BCC'),
    subject: subjectText.optional(),
    body: bodyText.optional(),
    /** Also attach the e-invoice (JP PINT XML, 請求書_N.xml) beside the PDF. */
    attach_xml: z.boolean({ error: '電子インボイスの添付は true または false で指定してください' }).optional(),
  })
  .nullish();
export type InvoiceSendInput = NonNullable<z.infer<typeof invoiceSendInput>>;

/** Splits what a person types in a CC/BCC field ("a@x.jp, b@y.jp" or one a line) into addresses. */
export function splitAddresses(text: string): string[] {
  return text
    .split(/[\s,，、;；]+/)
    .map((a) => a.trim())
    .filter(Boolean);
}

/** GET /api/invoices/:id/payments: the 入金履歴 of an invoice (the payments allocated to it, oldest first). */
export const invoicePaymentDto = z.object({
  payment_id: z.number().int(),
  date: z.iso.date(),
  /** What this payment settles of the invoice (its allocation). */
  amount: z.number().int(),
  /** The payment's 振込手数料 (the whole payment's). */
  fee: z.number().int(),
  fee_bearer: z.string(),
  /** The payment's whole amount (it may settle other documents too). */
  payment_amount: z.number().int(),
});
export type InvoicePayment = z.infer<typeof invoicePaymentDto>;
