import { z } from 'zod';
import { SIMPLIFIED_BASE_LIMIT } from '../consumption-tax/rules.js';
import { numberInput } from '../number-input.js';
import { dateDto, idDto, timestampDto, updatedAtField } from './common.js';

/**
 * 消費税の確定申告 (issue 27): the body of POST /api/company/consumption-tax-returns/compute, its answer, the
 * stored draft per fiscal year (GET/PUT /api/company/consumption-tax-returns/{fiscal_year_id}), the answer of
 * POST …/fill (the inputs from the books, each figure with its sources), POST …/post-entry and the company's
 * consumption-tax settings. Amounts are integer yen, tax-inclusive where named `gross`; omitted parts are 0.
 * The computation itself is packages/core/src/consumption-tax/ (pure).
 */

const MAX_YEN = 999_999_999_999_999;
const yen = (label: string) =>
  numberInput(
    z.coerce
      .number({ error: `${label}は円単位の整数で入力してください` })
      .int(`${label}は円単位の整数で入力してください`)
      .min(0, `${label}は0円以上で入力してください`)
      .max(MAX_YEN, `${label}が大きすぎます`),
  ).default(0);

export const CONSUMPTION_TAX_METHODS = ['general', 'simplified', 'two_tenths'] as const;
export type ConsumptionTaxMethod = (typeof CONSUMPTION_TAX_METHODS)[number];
export const CONSUMPTION_TAX_METHOD_LABELS: Record<ConsumptionTaxMethod, string> = {
  general: '一般課税',
  simplified: '簡易課税',
  two_tenths: '2割特例',
};
export const SALES_CALCS = ['warimodoshi', 'tsumiage'] as const;
export const PURCHASE_CALCS = ['tsumiage', 'warimodoshi'] as const;
export type SalesCalc = (typeof SALES_CALCS)[number];
export type PurchaseCalc = (typeof PURCHASE_CALCS)[number];
export const CALC_LABELS: Record<SalesCalc, string> = { warimodoshi: '割戻し計算', tsumiage: '積上げ計算' };
/** 課税売上割合 < 95% or 課税売上高 > 5億円: how the purchase tax is apportioned. */
export const APPORTIONMENTS = ['individual', 'proportional'] as const;
export type Apportionment = (typeof APPORTIONMENTS)[number];
export const APPORTIONMENT_LABELS: Record<Apportionment, string> = {
  individual: '個別対応方式',
  proportional: '一括比例配分方式',
};
/** The rates of the return (標準税率 10%, 軽減税率 8%), as the keys of every per-rate object. */
export const CONSUMPTION_TAX_RATES = ['10', '8'] as const;
export type ConsumptionTaxRate = (typeof CONSUMPTION_TAX_RATES)[number];
/** 事業区分 1–6 and their みなし仕入率 (percent). */
export const BUSINESS_TYPES = [1, 2, 3, 4, 5, 6] as const;
export type BusinessType = (typeof BUSINESS_TYPES)[number];
export const DEEMED_PURCHASE_RATES: Record<BusinessType, number> = { 1: 90, 2: 80, 3: 70, 4: 60, 5: 50, 6: 40 };
export const BUSINESS_TYPE_LABELS: Record<BusinessType, string> = {
  1: '第1種事業（卸売業）',
  2: '第2種事業（小売業等）',
  3: '第3種事業（製造業等）',
  4: '第4種事業（その他）',
  5: '第5種事業（サービス業等）',
  6: '第6種事業（不動産業）',
};

const perRateGross = (label: string) =>
  z
    .object({ '10': yen(`${label}（10%）`), '8': yen(`${label}（8%）`) })
    .partial()
    .default({})
    .transform((v) => ({ '10': v['10'] ?? 0, '8': v['8'] ?? 0 }));
const grossAndTax = (label: string, rate: string) =>
  z
    .object({
      gross: yen(`${label}（${rate}・税込）`),
      invoice_tax: yen(`${label}（${rate}）の適格請求書の消費税額等`),
    })
    .partial()
    .default({})
    .transform((v) => ({ gross: v.gross ?? 0, invoice_tax: v.invoice_tax ?? 0 }));
const perRateGrossAndTax = (label: string) =>
  z
    .object({ '10': grossAndTax(label, '10%'), '8': grossAndTax(label, '8%') })
    .partial()
    .default({})
    .transform((v) => ({
      '10': v['10'] ?? { gross: 0, invoice_tax: 0 },
      '8': v['8'] ?? { gross: 0, invoice_tax: 0 },
    }));
export type PerRate<T> = Record<ConsumptionTaxRate, T>;
export type GrossAndTax = { gross: number; invoice_tax: number };

const isoDate = (label: string) => z.iso.date({ error: `${label}はYYYY-MM-DDの形式で入力してください` });
const businessType = z.coerce
  .number({ error: '事業区分は1〜6で指定してください' })
  .int('事業区分は1〜6で指定してください')
  .min(1, '事業区分は1〜6で指定してください')
  .max(6, '事業区分は1〜6で指定してください');

/** The parts of the compute body that do not depend on the method (what a draft stores). */
const computeFields = {
  method: z.enum(CONSUMPTION_TAX_METHODS, { error: '課税方式は一般課税・簡易課税・2割特例から選択してください' }),
  period_start: isoDate('課税期間の開始日'),
  period_end: isoDate('課税期間の終了日'),
  sales_calc: z
    .enum(SALES_CALCS, { error: '売上税額の計算方法は割戻し計算か積上げ計算を選択してください' })
    .default('warimodoshi'),
  purchase_calc: z
    .enum(PURCHASE_CALCS, { error: '仕入税額の計算方法は積上げ計算か割戻し計算を選択してください' })
    .default('tsumiage'),
  base_period_taxable_sales: yen('基準期間の課税売上高'),
  /** 課税売上高, taxable sales per rate: `gross` tax-inclusive; `invoice_tax` the 消費税額等 on the issued 適格請求書 (積上げ). */
  sales: perRateGrossAndTax('課税売上'),
  /** 売上に係る対価の返還等 (returns, discounts), tax-inclusive. */
  sales_returns: perRateGross('売上の返還等対価'),
  /** 貸倒れ of taxable sales, tax-inclusive. */
  bad_debts: perRateGross('貸倒れ'),
  /** 貸倒回収 (bad debts recovered), tax-inclusive — line ③ 控除過大調整税額. Optional. */
  bad_debts_recovered: perRateGross('貸倒回収'),
  /** Taxable purchases from registered suppliers: `gross` tax-inclusive, `invoice_tax` on the received 適格請求書. */
  purchases: perRateGrossAndTax('課税仕入れ'),
  /** 仕入に係る対価の返還等 (purchase returns), tax-inclusive: reduces the purchase tax at its rate. Optional. */
  purchase_returns: perRateGross('仕入の返還等対価'),
  /** Purchases from non-registered suppliers, tax-inclusive, by 経過措置 share (80% / 50%). */
  transitional_purchases: z
    .object({ '80': perRateGross('経過措置80%の課税仕入れ'), '50': perRateGross('経過措置50%の課税仕入れ') })
    .partial()
    .default({})
    .transform((v) => ({ '80': v['80'] ?? { '10': 0, '8': 0 }, '50': v['50'] ?? { '10': 0, '8': 0 } })),
  /** 非課税売上高 (for 課税売上割合). */
  exempt_sales: yen('非課税売上高'),
  /** 免税売上高 (exports; part of 課税売上高 at 0%). */
  export_sales: yen('免税売上高'),
  /** 簡易課税: the taxable sales per 事業区分 (tax-inclusive). Empty: every sale is of `main_business_type`. */
  business_types: z
    .array(z.object({ type: businessType, sales: perRateGross('事業区分ごとの課税売上') }), {
      error: '事業区分ごとの売上は配列で指定してください',
    })
    .max(6, '事業区分は6つまでです')
    .default([]),
  /** 簡易課税 with no `business_types`: the company's main 事業区分. */
  main_business_type: businessType.optional(),
  /** 個別対応方式 or 一括比例配分方式 (asked when 課税売上割合 < 95% or 課税売上高 > 5億円). */
  apportionment: z.enum(APPORTIONMENTS, { error: '個別対応方式か一括比例配分方式を選択してください' }).optional(),
  /**
   * 個別対応方式: the purchases (of `purchases`) that are 課税売上げにのみ要するもの and 共通して要するもの; the rest
   * of `purchases` is 非課税売上げにのみ要するもの. Transitional purchases are split in the same shares.
   */
  purchase_split: z
    .object({
      taxable: perRateGrossAndTax('課税売上対応の課税仕入れ'),
      common: perRateGrossAndTax('共通対応の課税仕入れ'),
    })
    .optional(),
  /** 中間納付税額 (national) and 中間納付譲渡割額 (local) already paid. */
  interim_national: yen('中間納付税額'),
  interim_local: yen('中間納付譲渡割額'),
};

export const consumptionTaxComputeInput = z.object(computeFields).refine((v) => v.period_end >= v.period_start, {
  path: ['period_end'],
  message: '課税期間の終了日は開始日以後の日付にしてください',
});
export type ConsumptionTaxComputeInput = z.input<typeof consumptionTaxComputeInput>;
export type ConsumptionTaxInputs = z.output<typeof consumptionTaxComputeInput>;

/** A link from an explained figure to what is behind it. */
export const consumptionTaxLinkDto = z.object({
  label: z.string(),
  account_code: z.string().optional(),
  account_name: z.string().optional(),
  /** 税区分 (the journal lines' tax_category). */
  tax_category: z.string().optional(),
  tax_label: z.string().optional(),
  entry_ids: z.array(idDto).optional(),
  /** The journal list's query (GET /api/company/journal-entries?… / the 仕訳帳 screen) that shows the entries. */
  query: z.record(z.string(), z.string()).optional(),
});
export type ConsumptionTaxLink = z.infer<typeof consumptionTaxLinkDto>;

/** One explained line of 第一表 (or of a 付表). */
export const consumptionTaxExplanationDto = z.object({
  /** The line number as printed: '①', '②', '④', … ('' for a working figure that is not on 第一表). */
  line: z.string(),
  /** The figure's key in the answer (taxable_base, output_tax, …). */
  key: z.string(),
  label: z.string(),
  amount: z.number().int(),
  /** How the figure was reached, in Japanese. */
  text: z.string(),
  links: z.array(consumptionTaxLinkDto).optional(),
});
export type ConsumptionTaxExplanation = z.infer<typeof consumptionTaxExplanationDto>;

const int = z.number().int();
/** The figures of one rate (付表1-3 / 4-3 columns). */
export const consumptionTaxRateDto = z.object({
  /** 課税売上 tax-inclusive. */
  sales_gross: int,
  /** 課税標準額 (1,000-yen cut). */
  taxable_base: int,
  /** 消費税額 (7.8% / 6.24%, or 積上げ). */
  output_tax: int,
  returns_tax: int,
  bad_debt_tax: int,
  recovered_tax: int,
  /** 課税仕入れに係る消費税額 before apportionment (registered + 経過措置 − purchase returns). */
  purchase_tax: int,
  /** 控除対象仕入税額 of the rate. */
  deductible_input_tax: int,
});
export type ConsumptionTaxRateFigures = z.infer<typeof consumptionTaxRateDto>;

export const DEEMED_RATE_RULES = ['single', 'weighted', 'special_75_single', 'special_75_pair'] as const;
export type DeemedRateRule = (typeof DEEMED_RATE_RULES)[number];
/** 簡易課税: the みなし仕入率 used and the methods the law allowed. */
export const deemedRateDto = z.object({
  rule: z.enum(DEEMED_RATE_RULES),
  /** The effective rate in percent (a weighted rate may be fractional). */
  percent: z.number(),
  text: z.string(),
  candidates: z.array(
    z.object({ rule: z.enum(DEEMED_RATE_RULES), label: z.string(), deduction: int, chosen: z.boolean() }),
  ),
});
export type DeemedRate = z.infer<typeof deemedRateDto>;

/** The answer of compute: 第一表's figures (signed where noted), per rate, and each line explained. */
export const consumptionTaxResultDto = z.object({
  method: z.enum(CONSUMPTION_TAX_METHODS),
  /** ① 課税標準額 (both rates). */
  taxable_base: int,
  /** ② 消費税額. */
  output_tax: int,
  /** ③ 控除過大調整税額 (貸倒回収). */
  adjustment_tax: int,
  /** ④ 控除対象仕入税額. */
  deductible_input_tax: int,
  /** ⑤ 返還等対価に係る税額. */
  returns_tax: int,
  /** ⑥ 貸倒れに係る税額. */
  bad_debt_tax: int,
  /** ⑨ 差引税額 (100-yen cut) when ≥ 0; −⑧ 控除不足還付税額 when negative. */
  net_tax: int,
  /** ⑩ 中間納付税額. */
  interim_national: int,
  /** ⑪ 納付税額. */
  payable_national: int,
  /** ⑧ 控除不足還付税額 + ⑫ 中間納付還付税額. */
  refund_national: int,
  /** ⑳ 譲渡割額 (納税額) when ≥ 0; −⑲ 還付額 when negative. */
  local_tax: int,
  /** ㉑ 中間納付譲渡割額. */
  interim_local: int,
  /** ㉒ 納付譲渡割額. */
  payable_local: int,
  /** ⑲ 還付額 + ㉓ 中間納付還付譲渡割額. */
  refund_local: int,
  /** ㉖ 消費税及び地方消費税の合計税額: positive to pay, negative refunded. */
  total_payable: int,
  /** 課税売上割合 (0–1) and 課税売上高 (tax-exclusive, annualised for a short period). */
  taxable_sales_ratio: z.number(),
  taxable_sales: int,
  /** 個別対応 / 一括比例 when the full deduction was not allowed; null when it was. */
  apportionment: z.enum(APPORTIONMENTS).nullable(),
  by_rate: z.object({ '10': consumptionTaxRateDto, '8': consumptionTaxRateDto }),
  deemed_rate: deemedRateDto.optional(),
  /** Lines by 第一表 number → amount ('①' → …), as the PDF prints them. */
  lines: z.record(z.string(), int),
  explanation: z.array(consumptionTaxExplanationDto),
});
export type ConsumptionTaxResult = z.infer<typeof consumptionTaxResultDto>;

/** One method of the comparison: allowed (with its total) or refused (with the reason). */
export const consumptionTaxComparisonItemDto = z.object({
  method: z.enum(CONSUMPTION_TAX_METHODS),
  label: z.string(),
  allowed: z.boolean(),
  reason: z.string().nullable(),
  total_payable: int.nullable(),
  cheapest: z.boolean(),
});
export const consumptionTaxComparisonDto = z.array(consumptionTaxComparisonItemDto);
export type ConsumptionTaxComparison = z.infer<typeof consumptionTaxComparisonDto>;

/**
 * The company's consumption-tax settings (GET/PUT /api/company/consumption-tax-settings): the 課税方式 (簡易課税 =
 * the 簡易課税制度選択届出書 is filed, 消費税法37条), the 計算方法, and what a year without a saved return
 * starts from — 基準期間の課税売上高 (null: read from the 基準期間's books, else the previous return) and the
 * 中間申告 payments (中間納付税額 ⑩, 中間納付譲渡割額 ㉑).
 */
export const consumptionTaxSettingsFields = {
  method: z.enum(['general', 'simplified'], { error: '課税方式は一般課税か簡易課税を選択してください' }),
  main_business_type: businessType.nullable().default(null),
  sales_calc: z.enum(SALES_CALCS, { error: '売上税額の計算方法を選択してください' }),
  purchase_calc: z.enum(PURCHASE_CALCS, { error: '仕入税額の計算方法を選択してください' }),
  apportionment: z.enum(APPORTIONMENTS).nullable().default(null),
  base_period_taxable_sales: z
    .preprocess(
      (v) => (v === '' || v === undefined ? null : v),
      numberInput(
        z.coerce
          .number({ error: '基準期間の課税売上高は円単位の整数で入力してください' })
          .int('基準期間の課税売上高は円単位の整数で入力してください')
          .min(0, '基準期間の課税売上高は0円以上で入力してください')
          .max(MAX_YEN, '基準期間の課税売上高が大きすぎます')
          .nullable(),
      ),
    )
    .default(null),
  interim_national: yen('中間納付税額'),
  interim_local: yen('中間納付譲渡割額'),
};
export const consumptionTaxSettingsInput = z
  .object({ ...consumptionTaxSettingsFields, updated_at: updatedAtField.nullable() })
  .refine((v) => v.method !== 'simplified' || v.main_business_type !== null, {
    path: ['main_business_type'],
    message: '簡易課税では主な事業区分を選択してください',
  })
  .refine((v) => !(v.sales_calc === 'tsumiage' && v.purchase_calc === 'warimodoshi'), {
    path: ['purchase_calc'],
    message: '売上税額を積上げ計算するときは、仕入税額も積上げ計算にしてください',
  })
  .refine(
    (v) =>
      v.method !== 'simplified' ||
      v.base_period_taxable_sales === null ||
      v.base_period_taxable_sales <= SIMPLIFIED_BASE_LIMIT,
    {
      path: ['method'],
      message: '基準期間の課税売上高が5,000万円を超えるため、簡易課税は選択できません（消費税法37条1項）',
    },
  );
export const consumptionTaxSettingsDto = z.object({
  method: z.enum(['general', 'simplified']),
  main_business_type: int.nullable(),
  sales_calc: z.enum(SALES_CALCS),
  purchase_calc: z.enum(PURCHASE_CALCS),
  apportionment: z.enum(APPORTIONMENTS).nullable(),
  base_period_taxable_sales: int.nullable(),
  interim_national: int,
  interim_local: int,
  is_default: z.boolean(),
  updated_at: timestampDto.nullable(),
});
export type ConsumptionTaxSettings = z.infer<typeof consumptionTaxSettingsDto>;

/** The inputs as a draft keeps them: the compute body without the period (the fiscal year's). */
export const consumptionTaxDraftInputs = z
  .object(computeFields, { error: '申告書の入力内容を指定してください' })
  .omit({ period_start: true, period_end: true });
export type ConsumptionTaxDraftInputs = z.output<typeof consumptionTaxDraftInputs>;

/** The stored inputs as the API answers them (plain shapes, for the responses). */
const int_ = z.number().int();
const gtDto = z.object({ gross: int_, invoice_tax: int_ });
const rateGtDto = z.object({ '10': gtDto, '8': gtDto });
const rateDto = z.object({ '10': int_, '8': int_ });
export const consumptionTaxInputsDto = z.object({
  method: z.enum(CONSUMPTION_TAX_METHODS),
  sales_calc: z.enum(SALES_CALCS),
  purchase_calc: z.enum(PURCHASE_CALCS),
  base_period_taxable_sales: int_,
  sales: rateGtDto,
  sales_returns: rateDto,
  bad_debts: rateDto,
  bad_debts_recovered: rateDto,
  purchases: rateGtDto,
  purchase_returns: rateDto,
  transitional_purchases: z.object({ '80': rateDto, '50': rateDto }),
  exempt_sales: int_,
  export_sales: int_,
  business_types: z.array(z.object({ type: int_, sales: rateDto })),
  main_business_type: int_.optional(),
  apportionment: z.enum(APPORTIONMENTS).optional(),
  purchase_split: z.object({ taxable: rateGtDto, common: rateGtDto }).optional(),
  interim_national: int_,
  interim_local: int_,
});

/** PUT /api/company/consumption-tax-returns/{fiscal_year_id}. `updated_at` null = the first save. */
export const consumptionTaxSaveInput = z.object({
  inputs: consumptionTaxDraftInputs,
  updated_at: updatedAtField.nullable(),
});
export type ConsumptionTaxSaveInput = z.input<typeof consumptionTaxSaveInput>;

/** Where a filled figure comes from: the journal lines of an account and 税区分, or the invoices / documents. */
export const consumptionTaxSourceDto = z.object({
  kind: z.enum(['journal', 'invoices', 'documents', 'settings']),
  label: z.string(),
  amount: int,
  count: int,
  account_code: z.string().optional(),
  account_name: z.string().optional(),
  tax_category: z.string().optional(),
  tax_label: z.string().optional(),
  /** The list query that shows the lines (journal: account_id, tax_category, date_from, date_to). */
  query: z.record(z.string(), z.string()),
});
export type ConsumptionTaxSource = z.infer<typeof consumptionTaxSourceDto>;
/** Figure path ('sales.10.gross', 'purchases.8.invoice_tax', 'transitional_purchases.80.10', …) → its sources. */
export const consumptionTaxSourcesDto = z.record(z.string(), z.array(consumptionTaxSourceDto));
export type ConsumptionTaxSources = z.infer<typeof consumptionTaxSourcesDto>;

/** POST …/fill: whether to keep what the books cannot say (method, calc, base period, interim) — default yes. */
export const consumptionTaxFillInput = z.object({ updated_at: updatedAtField.nullable().optional() });
export const consumptionTaxFillDto = z.object({
  inputs: consumptionTaxInputsDto,
  sources: consumptionTaxSourcesDto,
});

/** The settlement figures (what post-entry posts): balances of 仮受 / 仮払消費税等 and 未払消費税等. */
export const consumptionTaxSettlementDto = z.object({
  output_balance: int,
  input_balance: int,
  /** 未払消費税等 = total_payable + the interim payments (the year's whole tax). */
  payable: int,
  /** output_balance − input_balance − payable: > 0 → 雑収入, < 0 → 雑損失. */
  rounding: int,
});

/** A stored return as the API answers it (a fiscal year without a draft answers the defaults, updated_at null). */
export const consumptionTaxReturnDto = z.object({
  id: idDto.nullable(),
  fiscal_year: z.object({
    id: idDto,
    start_date: dateDto,
    end_date: dateDto,
    status: z.string(),
    label: z.string(),
  }),
  inputs: consumptionTaxInputsDto,
  /** The company settings' 簡易課税 election, which the computation and the comparison apply (core checkElection). */
  simplified_elected: z.boolean(),
  /** The computation of the stored inputs; null when the method is refused (`refusal` says why). */
  result: consumptionTaxResultDto.nullable(),
  refusal: z.string().nullable(),
  comparison: consumptionTaxComparisonDto,
  sources: consumptionTaxSourcesDto,
  settlement: consumptionTaxSettlementDto.nullable(),
  filled_at: timestampDto.nullable(),
  entry_id: idDto.nullable(),
  updated_at: timestampDto.nullable(),
});
export type ConsumptionTaxReturn = z.infer<typeof consumptionTaxReturnDto>;

/** POST …/post-entry: posted on confirmation; `total_payable`, when sent, must equal the stored return's. */
export const consumptionTaxPostEntryInput = z.object({
  total_payable: z.number().int().optional(),
  updated_at: updatedAtField,
});
