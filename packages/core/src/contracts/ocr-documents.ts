import { z } from 'zod';
import { numberInput } from '../number-input.js';
import { optionalDateField } from './accounting.js';
import { companyIdField, idDto, idField, listQuery, optionalText, requiredText, timestampDto } from './common.js';
import { phoneField, registrationNumberField } from './fields.js';
import { TAX_CATEGORIES } from './products.js';
import { DOCUMENT_STATUSES, DOCUMENT_TYPES, documentTaxInput, MAX_DOCUMENT_AMOUNT } from './transaction-documents.js';
import { PAYMENT_METHODS } from './transactions.js';

/**
 * OCR of received invoices and receipts (docs/product/PRODUCT.md §4 "OCR documents"): each uploaded file is a
 * background job; a person checks and corrects the extracted fields, then 確定 registers a 発注取引.
 */

export const OCR_STATUSES = { 0: '待機中', 1: '処理中', 2: '完了', 3: '失敗', 4: '登録済' } as const;
export type OcrStatus = keyof typeof OCR_STATUSES;

/** Files: PNG / JPEG / PDF by content, at most 10 MB each, several per request. */
export const MAX_OCR_FILE_BYTES = 10 * 1024 * 1024;
export const MAX_OCR_FILES_PER_REQUEST = 10;
/** A PDF is read up to this many pages. */
export const MAX_OCR_PAGES = 20;

const optionalCode = <T extends Record<number, string>>(map: T, label: string) =>
  z
    .union([z.literal(''), z.coerce.number().refine((v) => Object.hasOwn(map, v), `${label}を選択してください`)])
    .optional()
    .transform((v) => (v === '' ? undefined : v));

export const OCR_DOCUMENT_SORTABLE = ['created_at', 'status', 'file_name', 'id'] as const;

/** `GET /api/ocr-documents`: keyword, company_id, status, page, sort_by, sort_dir, per_page=20 (SPEC §7). */
export const ocrDocumentListQuery = listQuery(OCR_DOCUMENT_SORTABLE, {
  defaultSort: 'created_at',
  defaultDir: 'desc',
}).extend({
  company_id: companyIdField,
  status: optionalCode(OCR_STATUSES, '状態'),
});
export type OcrDocumentListQuery = z.output<typeof ocrDocumentListQuery>;

export const ocrBoxDto = z.object({
  page: z.number().int(),
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
});

const fieldDto = <T extends z.ZodType>(value: T) =>
  z.object({
    value: value.nullable(),
    confidence: z.number(),
    box: ocrBoxDto.nullable(),
    warning: z.string().optional(),
    /** A person set this value (PUT); confidence is then 1. */
    corrected: z.boolean().optional(),
    /** `registry`: the value is the offline registry's (the issuer found through its 登録番号, ADR 0046). */
    source: z.enum(['registry']).optional(),
    /** What the OCR read, when the registry's value replaced it (the cross-check). */
    read_value: value.nullable().optional(),
  });

export const ocrTaxDto = z.object({
  tax_category: z.enum(TAX_CATEGORIES),
  base: z.number().int(),
  tax: z.number().int(),
});

/** The extracted fields on the wire: each `{ value, confidence (0–1), box | null }`. */
export const ocrFieldsDto = z.object({
  issuer_name: fieldDto(z.string()),
  registration_number: fieldDto(z.string()),
  transaction_date: fieldDto(z.string()),
  total: fieldDto(z.number().int()),
  taxes: fieldDto(z.array(ocrTaxDto)),
  phone: fieldDto(z.string()),
  document_type: fieldDto(z.number().int()),
});
export type OcrFields = z.infer<typeof ocrFieldsDto>;

export const ocrWordDto = z.object({ text: z.string(), confidence: z.number(), box: ocrBoxDto.nullable() });
export type OcrWordDto = z.infer<typeof ocrWordDto>;

/** The customer the issuer was matched to, and by what. */
export const supplierMatchDto = z.object({
  customer_id: idDto,
  customer_name: z.string(),
  matched_by: z.enum(['registration_number', 'phone', 'name']),
});
export type SupplierMatch = z.infer<typeof supplierMatchDto>;

/**
 * The expense account 確定 offers (issue 33): the one of the supplier's latest document with an account,
 * else the one the document's words suggest (交通/タクシー → 旅費交通費, 文具 → 消耗品費, 通信 → 通信費…).
 */
export const suggestedAccountDto = z.object({
  account_id: idDto,
  account_name: z.string(),
  reason: z.enum(['supplier', 'keyword']),
});
export type SuggestedAccount = z.infer<typeof suggestedAccountDto>;

/** A row of the list (without text and words). */
export const ocrDocumentDto = z.object({
  id: idDto,
  company_id: idDto,
  status: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
  /** 0–100. */
  progress: z.number().int(),
  error: z.string().nullable(),
  file_name: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  page_count: z.number().int(),
  /** Extracted fields with the person's corrections applied; null before the OCR has finished. */
  fields: ocrFieldsDto.nullable(),
  transaction_document_id: idDto.nullable(),
  created_at: timestampDto,
  updated_at: timestampDto,
});
export type OcrDocument = z.infer<typeof ocrDocumentDto>;

/** `GET /api/ocr-documents/{id}`: the row plus page images (signed links), text, words and the supplier match. */
export const ocrDocumentDetailDto = ocrDocumentDto.extend({
  pages: z.array(
    z.object({ page: z.number().int(), width: z.number().int(), height: z.number().int(), image_url: z.string() }),
  ),
  file_url: z.string(),
  text: z.string().nullable(),
  words: z.array(ocrWordDto),
  supplier_match: supplierMatchDto.nullable(),
  suggested_account: suggestedAccountDto.nullable(),
});
export type OcrDocumentDetail = z.infer<typeof ocrDocumentDetailDto>;

/** `PUT /api/ocr-documents/{id}`: the corrected values (a field left out keeps what was read). */
export const ocrCorrectionInput = z.object({
  fields: z
    .object({
      issuer_name: optionalText('発行元', 255),
      registration_number: registrationNumberField(),
      transaction_date: z
        .union([z.null(), optionalDateField('取引日')])
        .optional()
        .transform((v) => v ?? null),
      total: z
        .union([z.null(), z.literal('')])
        .transform(() => null)
        .or(
          numberInput(
            z.coerce
              .number({ error: '合計金額は数値で入力してください' })
              .int('合計金額は円単位の整数で入力してください')
              .min(0, '合計金額は0円以上で入力してください')
              .max(MAX_DOCUMENT_AMOUNT, '合計金額は999,999,999,999円以下で入力してください'),
          ),
        ),
      taxes: z.array(documentTaxInput).max(4, '税率ごとの内訳は4行までです'),
      phone: phoneField('電話番号'),
      document_type: z.coerce
        .number({ error: '書類の種類を選択してください' })
        .refine((v) => Object.hasOwn(DOCUMENT_TYPES, v), '書類の種類を選択してください'),
    })
    .partial(),
});
export type OcrCorrectionInput = z.input<typeof ocrCorrectionInput>;
export type OcrCorrectionValues = z.output<typeof ocrCorrectionInput>;

/** A supplier created at 確定 when none matched. */
export const newSupplierInput = z.object({
  name: requiredText('取引先名', 255),
  registration_number: registrationNumberField(),
  tel: phoneField('電話番号'),
});

/**
 * `POST /api/ocr-documents/{id}/confirm`: registers the 発注取引 from the (corrected) fields. The supplier is
 * `customer_id`, or `new_customer` (created), or else the matched customer.
 */
export const ocrConfirmInput = z.object({
  customer_id: z
    .union([z.literal(''), z.null(), idField('取引先')])
    .optional()
    .transform((v) => (typeof v === 'number' ? v : null)),
  new_customer: newSupplierInput.nullish().transform((v) => v ?? null),
  payment_method: z.coerce
    .number()
    .refine((v) => Object.hasOwn(PAYMENT_METHODS, v), '支払方法を選択してください')
    .default(1),
  status: z.coerce
    .number()
    .refine((v) => Object.hasOwn(DOCUMENT_STATUSES, v), '状態を選択してください')
    .default(0),
  due_date: z
    .union([z.null(), optionalDateField('支払期日')])
    .optional()
    .transform((v) => v ?? null),
  memo: optionalText('メモ', 2000),
  /** The expense account to post to (費用; null → 仕入高); the screen offers suggested_account. */
  account_id: z
    .union([z.literal(''), z.null(), idField('勘定科目')])
    .optional()
    .transform((v) => (typeof v === 'number' ? v : null)),
  /** Registers the document although it matches a registered one (see transactionDocumentInput). */
  confirm_duplicate: z.boolean({ error: '重複の確認は true または false で指定してください' }).optional(),
});
export type OcrConfirmInput = z.input<typeof ocrConfirmInput>;
export type OcrConfirmValues = z.output<typeof ocrConfirmInput>;
