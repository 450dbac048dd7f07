import { z } from 'zod';
import { codeInput, numberInput } from '../number-input.js';
import { idDto, listQuery, optionalText, requiredText, timestampDto } from './common.js';

/** 税区分 (docs/product/PRODUCT.md §4): '10' 10%, '8' 8% 軽減, 'exempt' 非課税, 'out_of_scope' 対象外. */
export const TAX_CATEGORIES = ['10', '8', 'exempt', 'out_of_scope'] as const;
export type TaxCategory = (typeof TAX_CATEGORIES)[number];
export const TAX_CATEGORY_LABELS: Record<TaxCategory, string> = {
  '10': '10%',
  '8': '8%（軽減）',
  exempt: '非課税',
  out_of_scope: '対象外',
};

export const MAX_UNIT_PRICE = 999_999_999;

/** Create / update body of a product (docs/product/PRODUCT.md §4 商品管理). */
export const productInput = z.object({
  code: codeInput(
    requiredText('商品コード', 50).refine((v) => !/[\s\u3000]/.test(v), '商品コードに空白は使用できません'),
  ),
  name: requiredText('商品名', 255),
  unit: optionalText('単位', 20),
  unit_price: numberInput(
    z.coerce
      .number({ error: '単価は数値で入力してください' })
      .int('単価は円単位の整数で入力してください')
      .min(0, '単価は0円以上で入力してください')
      .max(MAX_UNIT_PRICE, '単価は999,999,999円以下で入力してください'),
  ),
  tax_category: z.enum(TAX_CATEGORIES, { error: '税区分を選択してください' }),
  description: optionalText('説明', 2000),
  is_active: z.boolean({ error: '有効・無効を選択してください' }).default(true),
});
export type ProductInput = z.input<typeof productInput>;
export type ProductValues = z.output<typeof productInput>;

/** A product as the API answers it. */
export const productDto = z.object({
  id: idDto,
  company_id: idDto,
  code: z.string(),
  name: z.string(),
  unit: z.string().nullable(),
  unit_price: z.number().int(),
  tax_category: z.enum(TAX_CATEGORIES),
  description: z.string().nullable(),
  is_active: z.boolean(),
  created_at: timestampDto,
  updated_at: timestampDto,
});
export type Product = z.infer<typeof productDto>;

export const PRODUCT_SORTABLE = [
  'id',
  'code',
  'name',
  'unit_price',
  'tax_category',
  'created_at',
  'updated_at',
] as const;

export const productListQuery = listQuery(PRODUCT_SORTABLE, { defaultSort: 'code', defaultDir: 'asc' });
export type ProductListQuery = z.infer<typeof productListQuery>;

/** The columns of products.csv, in order (download and upload use the same header). */
export const PRODUCT_CSV_HEADER = ['商品コード', '商品名', '単位', '単価', '税区分', '説明', '有効'] as const;

/** CSV cell → tax category: the label of the download or the API value. */
export function parseTaxCategoryCell(cell: string): TaxCategory | null {
  const v = cell.trim().replace(/％/g, '%');
  for (const c of TAX_CATEGORIES) {
    if (v === c || v === TAX_CATEGORY_LABELS[c]) return c;
  }
  if (v === '10%') return '10';
  if (v === '8%' || v === '8%軽減' || v === '軽減') return '8';
  return null;
}

/** CSV cell → active flag ('有効'/'無効', 1/0, true/false; empty = 有効). */
export function parseActiveCell(cell: string): boolean | null {
  const v = cell.trim().toLowerCase();
  if (v === '' || v === '有効' || v === '1' || v === 'true') return true;
  if (v === '無効' || v === '0' || v === 'false') return false;
  return null;
}

export const productUploadRowErrorDto = z.object({
  /** 1-based line number in the file (the header is line 1). */
  line: z.number().int(),
  code: z.string().nullable(),
  messages: z.array(z.string()),
});
export type ProductUploadRowError = z.infer<typeof productUploadRowErrorDto>;

/** Answer of POST /api/product-upload (preview with dry_run=1, otherwise the import). */
export const productUploadReportDto = z.object({
  dry_run: z.boolean(),
  encoding: z.enum(['utf-8', 'shift_jis']),
  total: z.number().int(),
  added: z.number().int(),
  updated: z.number().int(),
  errors: z.array(productUploadRowErrorDto),
  rows: z.array(
    z.object({
      line: z.number().int(),
      code: z.string(),
      name: z.string(),
      unit_price: z.number().int(),
      tax_category: z.enum(TAX_CATEGORIES),
      action: z.enum(['add', 'update']),
    }),
  ),
});
export type ProductUploadReport = z.infer<typeof productUploadReportDto>;
