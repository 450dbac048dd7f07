import { z } from 'zod';
import { numberInput } from '../number-input.js';
import { isoDateField, optionalDateField } from './accounting.js';
import {
  apiErrorDto,
  companyIdField,
  dateDto,
  idDto,
  idField,
  listQuery,
  optionalText,
  timestampDto,
} from './common.js';
import { registrationNumberField } from './fields.js';
import { TAX_CATEGORIES } from './products.js';
import { registryCheckDto } from './registry.js';
import { PAYMENT_METHODS } from './transactions.js';

/**
 * 発注取引 (placed transaction documents, received from suppliers) kept as 電子帳簿保存法 requires:
 * docs/product/PRODUCT.md §4 "Placed transaction documents", FACTS.md §5.
 */

/** 書類の種類. */
export const DOCUMENT_TYPES = {
  1: '見積書',
  2: '発注書',
  3: '納品書',
  4: '請求書',
  5: '領収書',
  6: '契約書',
  9: 'その他',
} as const;
export type DocumentType = keyof typeof DOCUMENT_TYPES;
/** Document types whose registration posts the purchase to the books. */
export const POSTING_DOCUMENT_TYPES: readonly DocumentType[] = [4, 5];

/** 状態 of a placed transaction document. */
export const DOCUMENT_STATUSES = { 0: '未払い', 1: '支払済' } as const;
export type DocumentStatus = keyof typeof DOCUMENT_STATUSES;

/** Files: PDF / JPEG / PNG by content, at most 10 MB each; XML only as a received e-invoice (POST …/ubl). */
export const MAX_DOCUMENT_FILE_BYTES = 10 * 1024 * 1024;
export const DOCUMENT_FILE_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'application/xml'] as const;

export const MAX_DOCUMENT_AMOUNT = 999_999_999_999;

const codeOf = <T extends Record<number, string>>(map: T, label: string) =>
  z.coerce
    .number({ error: `${label}を選択してください` })
    .refine((v) => Object.hasOwn(map, v), `${label}を選択してください`);

const optionalCode = <T extends Record<number, string>>(map: T, label: string) =>
  z
    .union([z.literal(''), codeOf(map, label)])
    .optional()
    .transform((v) => (v === '' ? undefined : v));

const wholeYen = (label: string, min = 0) =>
  numberInput(
    z.coerce
      .number({ error: `${label}は数値で入力してください` })
      .int(`${label}は円単位の整数で入力してください`)
      .min(min, `${label}は${min}円以上で入力してください`)
      .max(MAX_DOCUMENT_AMOUNT, `${label}は999,999,999,999円以下で入力してください`),
  );

/** 税率ごとの対価の額と消費税額 as written on the supplier's document. */
export const documentTaxInput = z.object({
  tax_category: z.enum(TAX_CATEGORIES, { error: '税区分を選択してください' }),
  /** 税率ごとに区分した対価の額 (tax excluded). */
  base: wholeYen('対象額'),
  /** 税率ごとに区分した消費税額等 (0 for exempt / out_of_scope). */
  tax: wholeYen('消費税額'),
});
export type DocumentTaxInput = z.input<typeof documentTaxInput>;

/** Create / update body of a 発注取引 document (without its files: they are uploaded separately). */
export const transactionDocumentInput = z
  .object({
    /** A supplier: a customer with used_for 2 or 3. */
    customer_id: idField('取引先'),
    document_type: codeOf(DOCUMENT_TYPES, '書類の種類'),
    transaction_date: isoDateField('取引日'),
    /** 取引金額 (tax included), whole yen. */
    amount: wholeYen('取引金額'),
    taxes: z.array(documentTaxInput).max(4, '税率ごとの内訳は4行までです').default([]),
    /** The supplier's 適格請求書発行事業者登録番号 as printed on the document (T + 13 digits). */
    registration_number: registrationNumberField(),
    payment_method: codeOf(PAYMENT_METHODS, '支払方法').default(1),
    due_date: z
      .union([z.null(), optionalDateField('支払期日')])
      .optional()
      .transform((v) => v ?? null),
    status: codeOf(DOCUMENT_STATUSES, '状態').default(0),
    memo: optionalText('メモ', 2000),
    /** The expense account the purchase posts to (費用 or 仕入高); null → 仕入高 (or the type's default). */
    account_id: z
      .union([z.literal(''), z.null(), idField('勘定科目')])
      .optional()
      .transform((v) => (typeof v === 'number' ? v : null)),
    /**
     * A create that matches a live document (same 登録番号 or supplier, date and amount) is refused with 409
     * and the match's id (duplicateDocumentDto); `true` registers it anyway, once the user has looked.
     */
    confirm_duplicate: z.boolean({ error: '重複の確認は true または false で指定してください' }).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.due_date && v.due_date < v.transaction_date) {
      ctx.addIssue({ code: 'custom', path: ['due_date'], message: '支払期日は取引日以降の日付を入力してください' });
    }
    const seen = new Set<string>();
    v.taxes.forEach((t, i) => {
      if (seen.has(t.tax_category)) {
        ctx.addIssue({ code: 'custom', path: ['taxes', i, 'tax_category'], message: '同じ税区分が2行あります' });
      }
      seen.add(t.tax_category);
      if ((t.tax_category === 'exempt' || t.tax_category === 'out_of_scope') && t.tax !== 0) {
        ctx.addIssue({ code: 'custom', path: ['taxes', i, 'tax'], message: '非課税・対象外の消費税額は0円です' });
      }
    });
    if (v.taxes.length > 0) {
      const sum = v.taxes.reduce((s, t) => s + t.base + t.tax, 0);
      if (sum !== v.amount) {
        ctx.addIssue({
          code: 'custom',
          path: ['amount'],
          message: `取引金額が税率ごとの内訳の合計（${sum.toLocaleString('en-US')}円）と一致しません`,
        });
      }
    }
  });
export type TransactionDocumentInput = z.input<typeof transactionDocumentInput>;
export type TransactionDocumentValues = z.output<typeof transactionDocumentInput>;

/**
 * 409 of a create that matches a registered document: what to show and the document to link to
 * (POST /api/transaction-documents, POST /api/ocr-documents/{id}/confirm).
 */
export const duplicateDocumentDto = z.object({ message: z.string(), duplicate_of: idDto });
export type DuplicateDocumentBody = z.infer<typeof duplicateDocumentDto>;
/** The 409 body of those routes as declared: a stale updated_at answers `{ message }` only. */
export const duplicateConflictDto = apiErrorDto.extend({ duplicate_of: idDto.optional() });

export const TRANSACTION_DOCUMENT_SORTABLE = [
  'transaction_date',
  'amount',
  'customer_name',
  'document_type',
  'due_date',
  'status',
  'created_at',
  'id',
] as const;

/**
 * `GET /api/transaction-documents`: keyword, company_id, status, payment_method, start_date, end_date, page,
 * sort_by, sort_dir, per_page=20 (SPEC §7) plus the 電帳法 combined search: amount_min / amount_max,
 * customer_id, document_type. `format=csv` answers the 索引簿 of the same search.
 */
export const transactionDocumentListQuery = listQuery(TRANSACTION_DOCUMENT_SORTABLE, {
  defaultSort: 'transaction_date',
  defaultDir: 'desc',
})
  .extend({
    company_id: companyIdField,
    status: optionalCode(DOCUMENT_STATUSES, '状態'),
    payment_method: optionalCode(PAYMENT_METHODS, '支払方法'),
    document_type: optionalCode(DOCUMENT_TYPES, '書類の種類'),
    customer_id: z
      .union([z.literal(''), idField('取引先')])
      .optional()
      .transform((v) => (v === '' ? undefined : v)),
    start_date: optionalDateField('開始日'),
    end_date: optionalDateField('終了日'),
    amount_min: z
      .union([z.literal(''), wholeYen('金額（下限）')])
      .optional()
      .transform((v) => (v === '' ? undefined : v)),
    amount_max: z
      .union([z.literal(''), wholeYen('金額（上限）')])
      .optional()
      .transform((v) => (v === '' ? undefined : v)),
    format: z.enum(['json', 'csv']).default('json'),
    encoding: z.enum(['utf8', 'sjis'], { error: '文字コードは utf8 または sjis で指定してください' }).default('utf8'),
  })
  .superRefine((v, ctx) => {
    if (v.start_date && v.end_date && v.end_date < v.start_date) {
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: '終了日は開始日以降の日付を指定してください' });
    }
    if (v.amount_min !== undefined && v.amount_max !== undefined && v.amount_max < v.amount_min) {
      ctx.addIssue({ code: 'custom', path: ['amount_max'], message: '金額の上限は下限以上で指定してください' });
    }
  });
export type TransactionDocumentListQuery = z.output<typeof transactionDocumentListQuery>;

/** One stored version of a file (never overwritten: a new upload is a new version). */
export const documentFileDto = z.object({
  id: idDto,
  /** 1, 2, 3… per document. */
  version: z.number().int(),
  file_name: z.string(),
  content_type: z.enum(DOCUMENT_FILE_TYPES),
  size: z.number().int(),
  /** Hex SHA-256 of the stored bytes. */
  sha256: z.string(),
  uploaded_by_name: z.string().nullable(),
  created_at: timestampDto,
  /** Set when the file was logically deleted (kept in history). */
  deleted_at: timestampDto.nullable(),
});
export type DocumentFile = z.infer<typeof documentFileDto>;

/** `POST /api/transaction-documents/{id}/files` answers one of these per file (an array when several). */
export const documentFileUploadDto = documentFileDto.pick({
  id: true,
  version: true,
  file_name: true,
  size: true,
  sha256: true,
});
export type DocumentFileUpload = z.infer<typeof documentFileUploadDto>;

/** One finding of core's e-invoice checker (checkEInvoice): rule id, fatal / warning, Japanese explanation. */
export const einvoiceFindingDto = z.object({
  rule: z.string(),
  severity: z.enum(['fatal', 'warning']),
  message: z.string(),
});

export const transactionDocumentDto = z.object({
  id: idDto,
  company_id: idDto,
  customer_id: idDto,
  customer_name: z.string(),
  document_type: z.union([
    z.literal(1),
    z.literal(2),
    z.literal(3),
    z.literal(4),
    z.literal(5),
    z.literal(6),
    z.literal(9),
  ]),
  transaction_date: dateDto,
  amount: z.number().int(),
  taxes: z.array(z.object({ tax_category: z.enum(TAX_CATEGORIES), base: z.number().int(), tax: z.number().int() })),
  registration_number: z.string().nullable(),
  /** The supplier is a registered 適格請求書発行事業者 (a valid T-number on the document). */
  is_qualified: z.boolean(),
  payment_method: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(9)]),
  due_date: dateDto.nullable(),
  status: z.union([z.literal(0), z.literal(1)]),
  memo: z.string().nullable(),
  account_id: idDto.nullable(),
  account_name: z.string().nullable(),
  /** The purchase posted to the books (請求書 / 領収書), linked both ways. */
  journal_entry_id: idDto.nullable(),
  /** Last day this document must be kept (電帳法); it cannot be deleted before. */
  retention_until: dateDto,
  /** The newest version of each file (older versions in `GET …/{id}` `files` with all versions). */
  files: z.array(documentFileDto),
  /** A received e-invoice (JP PINT): the offline checker's findings; null for any other document. */
  einvoice_findings: z.array(einvoiceFindingDto).nullable(),
  /** 要確認: the e-invoice's checker gave findings. */
  needs_review: z.boolean(),
  /**
   * The T-number checked against the 国税庁 registry on the transaction date (detail only; null without a
   * number or while no registry data is imported). Not valid → is_qualified false and the 経過措置 share.
   */
  registry_check: registryCheckDto.nullable().optional(),
  created_at: timestampDto,
  updated_at: timestampDto,
});
export type TransactionDocument = z.infer<typeof transactionDocumentDto>;

/** One row of `GET /api/transaction-documents/{id}/history`: who, when, what, before and after. */
export const documentHistoryDto = z.object({
  id: idDto,
  action: z.enum(['created', 'updated', 'deleted', 'file_added', 'file_deleted']),
  actor_name: z.string().nullable(),
  created_at: timestampDto,
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type DocumentHistory = z.infer<typeof documentHistoryDto>;

/** `GET …/files/{file_id}/link` → a short-lived signed URL that works without the bearer token. */
export const fileLinkDto = z.object({ url: z.string() });
export type FileLink = z.infer<typeof fileLinkDto>;

/** `POST /api/transaction-documents/ubl` answers one of these per XML file, in the order sent. */
export const einvoiceImportDto = z.object({
  file_name: z.string(),
  /** The supplier was not found (登録番号, 法人番号, name) and was registered. */
  supplier_created: z.boolean(),
  /** The e-invoice's own number (IBT-001). */
  invoice_number: z.string().nullable(),
  document: transactionDocumentDto,
});
export type EInvoiceImport = z.infer<typeof einvoiceImportDto>;
