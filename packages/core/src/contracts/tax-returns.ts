import { z } from 'zod';
import { numberInput } from '../number-input.js';
import { TAX_RETURN_LINE_NUMBERS } from '../tax-return.js';
import { dateDto, hasNoControlChars, idDto, timestampDto, updatedAtField } from './common.js';

/**
 * 確定申告書（別表一）: the kakutei form data of docs/product/SPEC.md §3 — a flat set of text fields, all
 * initially empty — plus what the server keeps beside it per fiscal year (overrides, 別表四 adjustments,
 * 中間申告・源泉所得税 inputs). Calls: GET/PUT /api/company/tax-returns/{fiscal_year_id}, POST …/fill,
 * POST /api/company/tax-returns/compute, GET …/pdf, POST …/post-entry.
 */

const two = (n: number) => String(n).padStart(2, '0');
const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

/** Amount rows of the form (別表一 lines 1–44, then 45–47: 剰余金の配当, 残余財産の分配日, 決算確定の日). */
export const TAX_RETURN_ROW_COUNT = 47;
/** Digit boxes per amount row (number_01 … number_11). */
export const TAX_RETURN_ROW_BOXES = 11;
/** 法人番号 digits (corporate_number_01 … _13) and 整理番号 digits (company_number_01 … _08). */
export const CORPORATE_NUMBER_BOXES = 13;
export const COMPANY_NUMBER_BOXES = 8;

/** `line_01_number_01` … the box `box` (1–11, left to right) of row `row` (1–47). */
export const rowField = (row: number, box: number) => `line_${two(row)}_number_${two(box)}`;

const DATE_PARTS = ['era', 'year', 'month', 'day'] as const;

/** Every field name of the kakutei form data, in the order of the printed form. */
export const TAX_RETURN_FORM_FIELDS: readonly string[] = [
  // 提出年月日 (和暦)
  'shinsei_year',
  'shinsei_month',
  'shinsei_day',
  // header
  'tax_office', // 税務署名
  'industry', // 法人区分（普通法人 等）
  'tax_place', // 納税地
  'corporate_name',
  'corporate_name_furigana',
  'business_type', // 事業種目
  'amount_investment_capital', // 期末現在の資本金の額又は出資金の額
  'representative_name',
  'representative_name_furigana',
  'representative_address',
  'former_tax_corporate_name', // 旧納税地及び旧法人名等
  'tel_01',
  'tel_02',
  'tel_03',
  ...range(CORPORATE_NUMBER_BOXES).map((i) => `corporate_number_${two(i)}`),
  ...range(COMPANY_NUMBER_BOXES).map((i) => `company_number_${two(i)}`),
  // 事業年度 (自)(至) and 課税事業年度 (地方法人税) in 和暦
  ...(['from', 'to'] as const).flatMap((end) => DATE_PARTS.map((p) => `fiscal_year_${end}_${p}`)),
  ...(['from', 'to'] as const).flatMap((end) => DATE_PARTS.map((p) => `taxable_year_${end}_${p}`)),
  ...range(TAX_RETURN_ROW_COUNT).flatMap((row) => range(TAX_RETURN_ROW_BOXES).map((box) => rowField(row, box))),
  // 還付を受けようとする金融機関等
  'bank_name',
  'bank_kind', // 銀行・金庫・組合・農協・漁協
  'bank_branch_name',
  'bank_branch_kind', // 本店・支店・本所・支所・出張所
  'bank_deposit_type', // 預金種類
  'bank_number', // 口座番号
  'bankpost_symbol', // ゆうちょ銀行の貯金記号番号（記号）
  'bankpost_number', // 同（番号）
  'bankpost_office', // 郵便局名等
];
export type TaxReturnForm = Record<string, string>;

/** An all-empty form (SPEC: all fields initially empty). */
export function emptyTaxReturnForm(): TaxReturnForm {
  return Object.fromEntries(TAX_RETURN_FORM_FIELDS.map((f) => [f, '']));
}

const formText = z
  .string({ error: '文字列で入力してください' })
  .max(200, '200文字以内で入力してください')
  .refine(hasNoControlChars, '使用できない文字（制御文字）が含まれています');

/** The form as sent: any subset of the known fields, every value text; an unknown field is refused. */
export const taxReturnFormInput = z.record(z.string(), formText).superRefine((form, ctx) => {
  const known = new Set(TAX_RETURN_FORM_FIELDS);
  for (const key of Object.keys(form)) {
    if (!known.has(key)) ctx.addIssue({ code: 'custom', path: [key], message: `${key} は申告書の項目ではありません` });
  }
});

const MAX_YEN = 99_999_999_999; // 11 digit boxes
const yenInt = (label: string, min = 0) =>
  numberInput(
    z.coerce
      .number({ error: `${label}は円単位の整数で入力してください` })
      .int(`${label}は円単位の整数で入力してください`)
      .min(min, `${label}は${min.toLocaleString('en-US')}円以上で入力してください`)
      .max(MAX_YEN, `${label}は${MAX_YEN.toLocaleString('en-US')}円以下で入力してください`),
  );

/** 別表四 の加算・減算 row (e.g. 損金不算入の交際費, 損金経理をした法人税等). */
export const taxAdjustmentInput = z.object({
  kind: z.enum(['add', 'subtract'], { error: '加算か減算を選択してください' }),
  label: z
    .string({ error: '項目名を入力してください' })
    .trim()
    .min(1, '項目名を入力してください')
    .max(100, '項目名は100文字以内で入力してください'),
  amount: yenInt('金額'),
});
export type TaxAdjustment = z.output<typeof taxAdjustmentInput>;

/** The amounts 別表一 needs that the books do not give. */
export const taxReturnInputsInput = z.object({
  interim_corporate_tax: yenInt('中間申告分の法人税額').default(0),
  interim_local_corporate_tax: yenInt('中間申告分の地方法人税額').default(0),
  withholding_income_tax: yenInt('所得税の額').default(0),
  foreign_tax: yenInt('外国税額').default(0),
});
export type TaxReturnInputs = z.output<typeof taxReturnInputsInput>;

const lineKey = z.string().refine((k) => TAX_RETURN_LINE_NUMBERS.includes(k), '1〜44の行番号で指定してください');
/** Lines typed by hand: line number → yen (line 1 may be negative: 欠損金額). */
export const taxReturnOverridesInput = z.record(lineKey, yenInt('金額', -MAX_YEN + 1));

/** PUT /api/company/tax-returns/{fiscal_year_id}: the draft as the form holds it. `updated_at` null = first save. */
export const taxReturnSaveInput = z.object({
  form: taxReturnFormInput.default({}),
  overrides: taxReturnOverridesInput.default({}),
  adjustments: z.array(taxAdjustmentInput).max(50, '加算・減算は50行までです').default([]),
  inputs: taxReturnInputsInput.default({
    interim_corporate_tax: 0,
    interim_local_corporate_tax: 0,
    withholding_income_tax: 0,
    foreign_tax: 0,
  }),
  updated_at: updatedAtField.nullable(),
});
export type TaxReturnSaveInput = z.input<typeof taxReturnSaveInput>;
export type TaxReturnSaveValues = z.output<typeof taxReturnSaveInput>;

/** POST …/fill: which overridden lines to drop before computing (the rest are kept). */
export const taxReturnFillInput = z.object({
  clear_overrides: z.union([z.literal('all'), z.array(lineKey)]).optional(),
});

const isoDateField = (label: string) => z.iso.date({ error: `${label}はYYYY-MM-DDの形式で入力してください` });

/** POST /api/company/tax-returns/compute — the pure computation over HTTP (core/tax-return.ts). */
export const taxReturnComputeInput = z
  .object({
    income: yenInt('所得金額', -MAX_YEN + 1),
    fiscal_year_start: isoDateField('事業年度の開始日'),
    fiscal_year_end: isoDateField('事業年度の終了日'),
    capital: yenInt('資本金').nullable().default(null),
    interim_corporate_tax: yenInt('中間申告分の法人税額').default(0),
    interim_local_corporate_tax: yenInt('中間申告分の地方法人税額').default(0),
    withholding_income_tax: yenInt('所得税の額').default(0),
    foreign_tax: yenInt('外国税額').default(0),
  })
  .refine((v) => v.fiscal_year_end >= v.fiscal_year_start, {
    path: ['fiscal_year_end'],
    message: '事業年度の終了日は開始日以後の日付にしてください',
  });

const linesDto = z.record(z.string(), z.number().int());
const explanationsDto = z.record(z.string(), z.string());
export const defenseTaxDto = z.object({
  applies: z.boolean(),
  base: z.number().int(),
  deduction: z.number().int(),
  amount: z.number().int(),
  explanation: z.string(),
});
export const taxReturnComputeDto = z.object({
  lines: linesDto,
  explanations: explanationsDto,
  defense_special_corporate_tax: defenseTaxDto,
});

const rate = (label: string, max: number) =>
  numberInput(
    z.coerce
      .number({ error: `${label}は数値で入力してください` })
      .min(0, `${label}は0以上で入力してください`)
      .max(max, `${label}は${max}以下で入力してください`),
  ).refine((v) => Math.round(v * 1000) === v * 1000 || Math.abs(Math.round(v * 1000) - v * 1000) < 1e-6, {
    message: `${label}は小数点以下3桁までで入力してください`,
  });

/** PUT /api/company/tax-return-settings: per-company rates of the local tax estimates (percent). */
export const localTaxRatesInput = z.object({
  prefectural_rate: rate('道府県民税 法人税割の税率', 100),
  municipal_rate: rate('市町村民税 法人税割の税率', 100),
  per_capita_levy: yenInt('均等割'),
  business_rate_low: rate('事業税（年400万円以下）の税率', 100),
  business_rate_middle: rate('事業税（年400万円超800万円以下）の税率', 100),
  business_rate_high: rate('事業税（年800万円超）の税率', 100),
  special_business_rate: rate('特別法人事業税の税率', 1000),
});
export const taxReturnSettingsInput = z.object({
  local_rates: localTaxRatesInput,
  updated_at: updatedAtField.nullable(),
});
export const localTaxRatesDto = z.object({
  prefectural_rate: z.number(),
  municipal_rate: z.number(),
  per_capita_levy: z.number().int(),
  business_rate_low: z.number(),
  business_rate_middle: z.number(),
  business_rate_high: z.number(),
  special_business_rate: z.number(),
});
export const taxReturnSettingsDto = z.object({
  local_rates: localTaxRatesDto,
  /** true while the documented defaults are in use (nothing saved yet). */
  is_default: z.boolean(),
  updated_at: timestampDto.nullable(),
});
export type TaxReturnSettings = z.infer<typeof taxReturnSettingsDto>;

export const localTaxEstimateDto = z.object({
  corporate_tax_base: z.number().int(),
  prefectural_tax: z.number().int(),
  municipal_tax: z.number().int(),
  per_capita_levy: z.number().int(),
  inhabitant_tax: z.number().int(),
  business_tax: z.number().int(),
  special_business_tax: z.number().int(),
  total: z.number().int(),
  explanations: explanationsDto,
});

/** A tax return as the API answers it (a fiscal year without a saved draft answers an empty one, updated_at null). */
export const taxReturnDto = z.object({
  id: idDto.nullable(),
  fiscal_year: z.object({
    id: idDto,
    start_date: dateDto,
    end_date: dateDto,
    status: z.string(),
    label: z.string(),
  }),
  form: z.record(z.string(), z.string()),
  /** 別表一 lines 1–44 as filed (computed, or typed by hand where overridden). */
  lines: linesDto,
  /** The computed lines, ignoring every override. */
  computed_lines: linesDto,
  explanations: explanationsDto,
  overrides: z.record(z.string(), z.number().int()),
  adjustments: z.array(z.object({ kind: z.enum(['add', 'subtract']), label: z.string(), amount: z.number().int() })),
  inputs: z.object({
    interim_corporate_tax: z.number().int(),
    interim_local_corporate_tax: z.number().int(),
    withholding_income_tax: z.number().int(),
    foreign_tax: z.number().int(),
  }),
  /** 税引前当期純利益 of the fiscal year when 「帳簿から作成」 last read the books (null: never). */
  book_income: z.number().int().nullable(),
  /** Line 1 before overrides: book_income + 加算 − 減算. */
  income: z.number().int(),
  defense_special_corporate_tax: defenseTaxDto,
  local_rates: localTaxRatesDto,
  local_estimate: localTaxEstimateDto,
  filled_at: timestampDto.nullable(),
  entry_id: idDto.nullable(),
  updated_at: timestampDto.nullable(),
});
export type TaxReturn = z.infer<typeof taxReturnDto>;

/**
 * POST …/post-entry: the year-end entry 法人税、住民税及び事業税 / 未払法人税等, posted on confirmation. Its
 * amount is the stored return's estimate (`local_estimate.total`, computed by the server); `amount`, when
 * sent, is the figure the person confirmed and must equal it (422 otherwise).
 */
export const taxReturnPostEntryInput = z.object({
  amount: yenInt('計上額')
    .refine((v) => v > 0, '計上額は1円以上で入力してください')
    .optional(),
  updated_at: updatedAtField,
});
