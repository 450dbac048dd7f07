/**
 * 法人税 確定申告書 別表一 (docs/product/FACTS.md §3): lines 1–44 computed to the yen by ONE pure function,
 * the form's digit boxes, 和暦 (FACTS §8), and the 法人住民税 / 事業税 estimates for the 未払法人税等 entry.
 * The web form, the server (POST /api/company/tax-returns/compute, fill, PDF) and any other tool use this code.
 */

/** The line numbers of 別表一 that carry a number (1–44). */
export const TAX_RETURN_LINE_NUMBERS = Array.from({ length: 44 }, (_, i) => String(i + 1));
export type TaxReturnLineNo = string;
export type TaxReturnLines = Record<string, number>;

/** 項目 of each line (FACTS §3). */
export const TAX_RETURN_LINE_LABELS: Record<string, string> = {
  '1': '所得金額又は欠損金額',
  '2': '法人税額',
  '3': '法人税額の特別控除額',
  '4': '税額控除超過額相当額等の加算額',
  '5': '課税土地譲渡利益金額',
  '6': '同上に対する税額',
  '7': '課税留保金額',
  '8': '同上に対する税額',
  '9': '法人税額計',
  '10': '分配時調整外国税相当額等の控除額',
  '11': '仮装経理に基づく過大申告の更正に伴う控除法人税額',
  '12': '控除税額',
  '13': '差引所得に対する法人税額',
  '14': '中間申告分の法人税額',
  '15': '差引確定法人税額',
  '16': '所得税の額',
  '17': '外国税額',
  '18': '計',
  '19': '控除した金額',
  '20': '控除しきれなかった金額',
  '21': '所得税額等の還付金額',
  '22': '中間納付額',
  '23': '欠損金の繰戻しによる還付請求税額',
  '24': '計',
  '25': '（修正申告）納付すべき法人税額又は減少する還付請求税額',
  '26': '欠損金等の当期控除額',
  '27': '翌期へ繰り越す欠損金額',
  '28': '所得の金額に対する法人税額',
  '29': '課税留保金額に対する法人税額',
  '30': '課税標準法人税額',
  '31': '地方法人税額',
  '32': '税額控除超過額相当額の加算額',
  '33': '課税留保金額に係る地方法人税額',
  '34': '所得地方法人税額',
  '35': '分配時調整外国税相当額等の控除額',
  '36': '仮装経理に基づく過大申告の更正に伴う控除地方法人税額',
  '37': '外国税額の控除額',
  '38': '差引地方法人税額',
  '39': '中間申告分の地方法人税額',
  '40': '差引確定地方法人税額',
  '41': '外国税額の還付金額',
  '42': '中間納付額',
  '43': '計',
  '44': '（修正申告）納付すべき地方法人税額',
};

/** What the computation needs (the body of POST /api/company/tax-returns/compute). */
export interface TaxReturnComputeInput {
  /** Line 1: 所得金額 (negative = 欠損金額), integer yen. */
  income: number;
  fiscal_year_start: string;
  fiscal_year_end: string;
  /** 期末資本金 (null: not registered — treated as 中小法人 and said so). */
  capital: number | null;
  interim_corporate_tax: number;
  interim_local_corporate_tax: number;
  withholding_income_tax: number;
  foreign_tax: number;
}

/** 防衛特別法人税 (fiscal years starting on or after 2026-04-01), shown beside 別表一 where it applies. */
export interface DefenseSpecialCorporateTax {
  applies: boolean;
  /** 基準法人税額 (line 28, cut down to 1,000 yen). */
  base: number;
  /** 基礎控除額 5,000,000 × months / 12. */
  deduction: number;
  amount: number;
  explanation: string;
}

export interface TaxReturnResult {
  lines: TaxReturnLines;
  explanations: Record<string, string>;
  defense_special_corporate_tax: DefenseSpecialCorporateTax;
}

export const SME_CAPITAL_LIMIT = 100_000_000;
export const SME_ANNUAL_THRESHOLD = 8_000_000;
export const LOCAL_CORPORATE_TAX_PERMILLE = 103; // 10.3%
export const DEFENSE_TAX_START = '2026-04-01';
export const DEFENSE_TAX_ANNUAL_DEDUCTION = 5_000_000;

const yen = (v: number) => `${v < 0 ? '△' : ''}${Math.abs(v).toLocaleString('en-US')}円`;
/** 切り捨て (toward zero for positives; negatives never reach here). */
export const cut1000 = (v: number) => (v > 0 ? Math.floor(v / 1000) * 1000 : 0);
export const cut100 = (v: number) => (v > 0 ? Math.floor(v / 100) * 100 : 0);
const pos = (v: number) => Math.max(0, v);
const int = (v: number | null | undefined) => (Number.isFinite(v) ? Math.trunc(v as number) : 0);

/**
 * Months of a fiscal year (暦に従って計算し、1月に満たない端数は1月), at most 12.
 * 2025-04-01〜2026-03-31 → 12; 2025-04-01〜2025-09-30 → 6; 2025-04-10〜2025-09-30 → 6.
 */
export function fiscalMonths(start: string, end: string): number {
  const [sy, sm, sd] = start.split('-').map(Number);
  const e = new Date(`${end}T00:00:00Z`);
  e.setUTCDate(e.getUTCDate() + 1); // the day after the end (exclusive)
  const xy = e.getUTCFullYear();
  const xm = e.getUTCMonth() + 1;
  const xd = e.getUTCDate();
  const diff = (xy - sy) * 12 + (xm - sm) + (xd > sd ? 1 : 0);
  return Math.min(12, Math.max(1, diff));
}

/**
 * Lines 1–44 of 別表一 per FACTS §3. `overrides` (line → amount) replace a computed line; later lines are
 * computed from the overridden value. A line that does not apply is 0. Amounts are integer yen.
 */
export function computeTaxReturn(
  input: TaxReturnComputeInput,
  overrides: Partial<Record<string, number>> = {},
): TaxReturnResult {
  const L: TaxReturnLines = {};
  const ex: Record<string, string> = {};
  const set = (no: number, value: number, explanation?: string) => {
    const key = String(no);
    const o = overrides[key];
    if (o !== undefined && o !== null && Number.isFinite(o)) {
      L[key] = Math.trunc(o);
      ex[key] = `手入力の金額 ${yen(L[key])}（計算値 ${yen(value)}）。${explanation ?? ''}`.trim();
    } else {
      L[key] = value + 0;
      if (explanation) ex[key] = explanation;
    }
    return L[key];
  };
  const months = fiscalMonths(input.fiscal_year_start, input.fiscal_year_end);
  const capital = input.capital;
  const sme = capital === null || capital <= SME_CAPITAL_LIMIT;
  const capitalText = capital === null ? '資本金未登録のため中小法人として計算' : `資本金 ${yen(capital)}`;

  // 1 所得金額又は欠損金額
  const l1 = set(1, int(input.income), '別表四の所得金額（税引前当期純利益 ± 加算・減算）。負の値は欠損金額（△）');

  // 2 法人税額 (次葉): 15% / 23.2% with the 8,000,000 × months / 12 threshold
  const threshold = cut1000(Math.floor((SME_ANNUAL_THRESHOLD * months) / 12));
  const base = pos(l1);
  let l2: number;
  let l2ex: string;
  if (base <= 0) {
    l2 = 0;
    l2ex = `所得金額が${l1 < 0 ? '欠損' : '0円'}のため法人税額は0円`;
  } else if (sme) {
    const large = input.fiscal_year_start >= '2025-04-01' && base > Math.floor((1_000_000_000 * months) / 12);
    const lowRate = large ? 170 : 150; // per mille
    const low = cut1000(Math.min(base, threshold));
    const high = cut1000(base - Math.min(base, threshold));
    const lowTax = (low * lowRate) / 1000;
    const highTax = (high * 232) / 1000;
    l2 = lowTax + highTax;
    l2ex =
      `${capitalText}（中小法人）。年${yen(SME_ANNUAL_THRESHOLD)}以下の部分 = ${yen(SME_ANNUAL_THRESHOLD)} × ${months}/12 = ${yen(threshold)}（千円未満切捨て）。` +
      `${yen(low)} × ${lowRate / 10}% = ${yen(lowTax)}、` +
      `超える部分 ${yen(high)}（千円未満切捨て）× 23.2% = ${yen(highTax)}。合計 ${yen(l2)}` +
      (large ? '（所得が年10億円を超えるため軽減税率は17%）' : '');
  } else {
    const all = cut1000(base);
    l2 = (all * 232) / 1000;
    l2ex = `${capitalText}（資本金1億円超のため軽減税率なし）。${yen(all)}（千円未満切捨て）× 23.2% = ${yen(l2)}`;
  }
  set(2, l2, l2ex);
  const l3 = set(3, 0, '租税特別措置法による特別控除（このシステムでは計算しません。該当する場合は手入力）');
  const l4 = set(4, 0, '該当する場合は手入力');
  set(5, 0, '土地譲渡利益金額（千円未満切捨て）。該当する場合は手入力');
  const l6 = set(6, 0, '該当する場合は手入力');
  set(7, 0, '課税留保金額（特定同族会社のみ、千円未満切捨て）。該当する場合は手入力');
  const l8 = set(8, 0, '該当する場合は手入力');
  const l9 = set(
    9,
    L['2'] - l3 + l4 + l6 + l8,
    `② − ③ + ④ + ⑥ + ⑧ = ${yen(L['2'])} − ${yen(l3)} + ${yen(l4)} + ${yen(l6)} + ${yen(l8)}`,
  );
  const l10 = set(10, 0, '該当する場合は手入力');
  const l11 = set(11, 0, '該当する場合は手入力');

  // 16–18 所得税額等 (needed by 12)
  const w16 = int(input.withholding_income_tax);
  const w17 = int(input.foreign_tax);
  // (object keys that are integers keep numeric order, so computing 16–18 first is invisible to callers)
  const l16 = set(16, w16, '源泉徴収された所得税額（預金利息等）');
  const l17 = set(17, w17, '外国税額');
  const l18 = set(18, l16 + l17, `⑯ + ⑰ = ${yen(l16)} + ${yen(l17)}`);
  const l12 = set(
    12,
    pos(Math.min(l9 - l10 - l11, l18)),
    `⑨ − ⑩ − ⑪ と ⑱ のうち少ない金額 = min(${yen(l9 - l10 - l11)}, ${yen(l18)})`,
  );
  const l13raw = pos(l9 - l10 - l11 - l12);
  const l13 = set(13, cut100(l13raw), `⑨ − ⑩ − ⑪ − ⑫ = ${yen(l9 - l10 - l11 - l12)}（0円未満は0円、百円未満切捨て）`);
  const l14 = set(14, cut100(int(input.interim_corporate_tax)), '中間申告で納付した法人税額（百円未満切捨て）');
  set(15, cut100(pos(l13 - l14)), `⑬ − ⑭ = ${yen(l13 - l14)}（0円未満は0円、百円未満切捨て）`);
  const l19 = set(19, l12, `⑫ と同じ ${yen(l12)}`);
  const l20 = set(20, pos(l18 - l19), `⑱ − ⑲ = ${yen(l18 - l19)}（0円未満は0円）`);
  const l21 = set(21, l20, `⑳ と同じ ${yen(l20)}（還付される所得税額等）`);
  const l22 = set(
    22,
    pos(l14 - l13),
    `⑭ − ⑬ = ${yen(l14 - l13)}（中間納付額が確定税額を超える分は還付。0円未満は0円）`,
  );
  const l23 = set(23, 0, '欠損金の繰戻し還付を請求する場合は手入力');
  set(24, l21 + l22 + l23, `㉑ + ㉒ + ㉓ = ${yen(l21)} + ${yen(l22)} + ${yen(l23)}（還付金額の計）`);
  set(25, 0, '修正申告の場合のみ');
  set(26, 0, '前期以前の欠損金を当期に控除する場合は手入力（別表七）');
  set(27, pos(-l1), l1 < 0 ? `当期の欠損金額 ${yen(-l1)} を翌期へ繰り越します（別表七）` : '当期は欠損金がありません');
  const l28 = set(28, L['2'] - l3 + l4 + l6, `② − ③ + ④ + ⑥ = ${yen(L['2'])} − ${yen(l3)} + ${yen(l4)} + ${yen(l6)}`);
  const l29 = set(29, l8, `⑧ と同じ ${yen(l8)}`);
  const l30 = set(30, cut1000(l28 + l29), `㉘ + ㉙ = ${yen(l28 + l29)}（千円未満切捨て）`);
  const l31raw = Math.floor((l30 * LOCAL_CORPORATE_TAX_PERMILLE) / 1000);
  const l31 = set(31, l31raw, `㉚ × 10.3% = ${yen(l30)} × 10.3% = ${yen(l31raw)}（円未満切捨て）`);
  const l32 = set(32, 0, '該当する場合は手入力');
  const l33 = set(33, 0, '該当する場合は手入力');
  const l34 = set(34, l31 + l32 + l33, `㉛ + ㉜ + ㉝ = ${yen(l31)} + ${yen(l32)} + ${yen(l33)}`);
  const l35 = set(35, 0, '該当する場合は手入力');
  const l36 = set(36, 0, '該当する場合は手入力');
  const l37 = set(37, 0, '外国税額控除を地方法人税から控除する場合は手入力');
  const l38 = set(
    38,
    cut100(pos(l34 - l35 - l36 - l37)),
    `㉞ − ㉟ − ㊱ − ㊲ = ${yen(l34 - l35 - l36 - l37)}（0円未満は0円、百円未満切捨て）`,
  );
  const l39 = set(
    39,
    cut100(int(input.interim_local_corporate_tax)),
    '中間申告で納付した地方法人税額（百円未満切捨て）',
  );
  set(40, cut100(pos(l38 - l39)), `㊳ − ㊴ = ${yen(l38 - l39)}（0円未満は0円、百円未満切捨て）`);
  const l41 = set(41, 0, '該当する場合は手入力');
  const l42 = set(42, pos(l39 - l38), `㊴ − ㊳ = ${yen(l39 - l38)}（0円未満は0円）`);
  set(43, l41 + l42, `㊶ + ㊷ = ${yen(l41)} + ${yen(l42)}（地方法人税の還付金額の計）`);
  set(44, 0, '修正申告の場合のみ');

  return { lines: L, explanations: ex, defense_special_corporate_tax: defenseTax(input, L['28'], months) };
}

/**
 * 防衛特別法人税 (FACTS §3): (基準法人税額 − 5,000,000) × 4% for fiscal years starting on or after 2026-04-01.
 * The 5,000,000 基礎控除 is prorated by months for a short year; base cut to 1,000 yen, tax to 100 yen.
 */
export function defenseTax(input: TaxReturnComputeInput, line28: number, months: number): DefenseSpecialCorporateTax {
  const applies = input.fiscal_year_start >= DEFENSE_TAX_START;
  const deduction = Math.floor((DEFENSE_TAX_ANNUAL_DEDUCTION * months) / 12);
  const base = cut1000(pos(line28));
  if (!applies) {
    return {
      applies,
      base,
      deduction,
      amount: 0,
      explanation: '2026年4月1日以後に開始する事業年度から課されます（この事業年度は対象外）',
    };
  }
  const amount = cut100(Math.floor((pos(base - deduction) * 4) / 100));
  return {
    applies,
    base,
    deduction,
    amount,
    explanation: `（基準法人税額 ${yen(base)} − 基礎控除 ${yen(deduction)}）× 4% = ${yen(amount)}（百円未満切捨て）`,
  };
}

/** Line 1 before overrides: 税引前当期純利益 + 加算 − 減算 (別表四, simplified to adjustment rows). */
export function incomeFromBooks(
  bookIncome: number | null,
  adjustments: readonly { kind: 'add' | 'subtract'; amount: number }[],
): number {
  return adjustments.reduce((s, a) => s + (a.kind === 'add' ? a.amount : -a.amount), bookIncome ?? 0);
}

/** The capital the form states (期末現在の資本金の額: digits, commas and 円 allowed), else `fallback`. */
export function capitalFromForm(text: string | undefined, fallback: number | null): number | null {
  const t = (text ?? '').replace(/[,，円\s]/g, '');
  return /^\d{1,15}$/.test(t) ? Number(t) : fallback;
}

// ───────────────────────── digit boxes ─────────────────────────

/**
 * Splits an amount into `boxes` digit boxes, right-aligned ('' for an empty box). A negative amount
 * (欠損金額) is written with △ in the box left of its digits. 0 gives one '0' in the last box;
 * `null` gives all boxes empty. More digits than boxes → RangeError.
 */
export function digitBoxes(value: number | null | undefined, boxes = 11): string[] {
  const out: string[] = Array.from({ length: boxes }, () => '');
  if (value === null || value === undefined || !Number.isFinite(value)) return out;
  const v = Math.trunc(value);
  const chars = [...(v < 0 ? `△${String(-v)}` : String(v))];
  if (chars.length > boxes) throw new RangeError(`${value} does not fit in ${boxes} boxes`);
  for (let i = 0; i < chars.length; i++) out[boxes - chars.length + i] = chars[i];
  return out;
}

/** A digit string (法人番号, 13 digits) into boxes, left-aligned; anything but digits is dropped. */
export function digitStringBoxes(text: string | null | undefined, boxes = 13): string[] {
  const digits = [...(text ?? '').replace(/\D/g, '')].slice(0, boxes);
  return Array.from({ length: boxes }, (_, i) => digits[i] ?? '');
}

// ───────────────────────── 和暦 ─────────────────────────

export interface Wareki {
  era: string;
  year: number;
  /** 元 for the first year of an era, otherwise the number. */
  year_text: string;
  month: number;
  day: number;
  /** 令和元年5月1日 */
  text: string;
}

const warekiFormat = new Intl.DateTimeFormat('ja-JP-u-ca-japanese', {
  era: 'long',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  timeZone: 'UTC',
});

/** An ISO date (YYYY-MM-DD) in 和暦 (FACTS §8: 令和 from 2019-05-01, 平成 1989-01-08 to 2019-04-30). */
export function toWareki(date: string): Wareki {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new RangeError(`not an ISO date: ${date}`);
  const parts = warekiFormat.formatToParts(new Date(`${date}T00:00:00Z`));
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  const era = get('era');
  const year = Number(get('year'));
  const month = Number(get('month'));
  const day = Number(get('day'));
  const year_text = year === 1 ? '元' : String(year);
  return { era, year, year_text, month, day, text: `${era}${year_text}年${month}月${day}日` };
}

// ───────────────────────── 法人住民税・事業税 (estimates) ─────────────────────────

/**
 * Per-company rates of the local taxes (docs/product/FACTS.md §3, UNCONFIRMED): they depend on the
 * prefecture and the municipality, so each company keeps its own. Rates in percent.
 */
export interface LocalTaxRates {
  /** 法人住民税 法人税割 道府県民税 (%) */
  prefectural_rate: number;
  /** 法人住民税 法人税割 市町村民税 (%) (東京23区: 都が両方を課税、計7.0%) */
  municipal_rate: number;
  /** 均等割 (年額、円): 資本金1,000万円以下・従業者50人以下 道府県 20,000 + 市町村 50,000 */
  per_capita_levy: number;
  /** 事業税 所得割 (%) 年400万円以下 / 400万円超800万円以下 / 800万円超 */
  business_rate_low: number;
  business_rate_middle: number;
  business_rate_high: number;
  /** 特別法人事業税 (%) of 基準法人所得割額 (事業税 at standard rates) */
  special_business_rate: number;
}

/** The documented defaults (標準税率, 資本金1億円以下の普通法人). Estimates: check the prefecture's and municipality's rates. */
export const DEFAULT_LOCAL_TAX_RATES: LocalTaxRates = {
  prefectural_rate: 1.0,
  municipal_rate: 6.0,
  per_capita_levy: 70_000,
  business_rate_low: 3.5,
  business_rate_middle: 5.3,
  business_rate_high: 7.0,
  special_business_rate: 37,
};

export interface LocalTaxEstimate {
  /** 法人税割の課税標準 = 法人税額（⑨ − ⑩ − ⑪、所得税額控除前、千円未満切捨て） */
  corporate_tax_base: number;
  prefectural_tax: number;
  municipal_tax: number;
  per_capita_levy: number;
  /** 法人住民税 (法人税割 + 均等割) */
  inhabitant_tax: number;
  business_tax: number;
  special_business_tax: number;
  /** 法人税 ⑮ + 地方法人税 ㊵ + 防衛特別法人税 + 法人住民税 + 事業税 + 特別法人事業税 */
  total: number;
  explanations: Record<string, string>;
}

/** Rate in percent × amount, cut down to the yen, exact for rates with up to 3 decimals. */
const pct = (amount: number, rate: number) => Math.floor((amount * Math.round(rate * 1000)) / 100_000);

/** 事業税 所得割 over the three brackets (prorated for a short year), each bracket cut to 1,000 yen. */
function businessTax(income: number, months: number, rates: [number, number, number]) {
  const b1 = Math.floor((4_000_000 * months) / 12);
  const b2 = Math.floor((8_000_000 * months) / 12);
  const base = cut1000(pos(income));
  const p1 = cut1000(Math.min(base, b1));
  const p2 = cut1000(Math.min(base, b2) - Math.min(base, b1));
  const p3 = cut1000(base - Math.min(base, b2));
  return { parts: [p1, p2, p3], tax: cut100(pct(p1, rates[0]) + pct(p2, rates[1]) + pct(p3, rates[2])) };
}

/**
 * ESTIMATES of 法人住民税, 事業税 and 特別法人事業税 for the year-end 未払法人税等 entry, from the computed
 * 別表一 and the company's rates. Not a filing: the filer checks them against the local returns.
 */
export function estimateLocalTaxes(
  input: TaxReturnComputeInput,
  result: TaxReturnResult,
  rates: LocalTaxRates = DEFAULT_LOCAL_TAX_RATES,
): LocalTaxEstimate {
  const L = result.lines;
  const months = fiscalMonths(input.fiscal_year_start, input.fiscal_year_end);
  const base = cut1000(pos(L['9'] - L['10'] - L['11']));
  const prefectural_tax = cut100(pct(base, rates.prefectural_rate));
  const municipal_tax = cut100(pct(base, rates.municipal_rate));
  const per_capita_levy = cut100(Math.floor((rates.per_capita_levy * months) / 12));
  const inhabitant_tax = prefectural_tax + municipal_tax + per_capita_levy;
  const biz = businessTax(L['1'], months, [
    rates.business_rate_low,
    rates.business_rate_middle,
    rates.business_rate_high,
  ]);
  const std = businessTax(L['1'], months, [
    DEFAULT_LOCAL_TAX_RATES.business_rate_low,
    DEFAULT_LOCAL_TAX_RATES.business_rate_middle,
    DEFAULT_LOCAL_TAX_RATES.business_rate_high,
  ]);
  const special_business_tax = cut100(pct(std.tax, rates.special_business_rate));
  const national = L['15'] + L['40'] + result.defense_special_corporate_tax.amount;
  const total = national + inhabitant_tax + biz.tax + special_business_tax;
  const y = (v: number) => yen(v);
  return {
    corporate_tax_base: base,
    prefectural_tax,
    municipal_tax,
    per_capita_levy,
    inhabitant_tax,
    business_tax: biz.tax,
    special_business_tax,
    total,
    explanations: {
      prefectural_tax: `法人税額 ${y(base)} × ${rates.prefectural_rate}%（百円未満切捨て）`,
      municipal_tax: `法人税額 ${y(base)} × ${rates.municipal_rate}%（百円未満切捨て）`,
      per_capita_levy: `均等割 年${y(rates.per_capita_levy)} × ${months}/12`,
      business_tax: `所得 ${y(biz.parts[0])} × ${rates.business_rate_low}% + ${y(biz.parts[1])} × ${rates.business_rate_middle}% + ${y(biz.parts[2])} × ${rates.business_rate_high}%（百円未満切捨て）`,
      special_business_tax: `基準法人所得割額（標準税率の事業税）${y(std.tax)} × ${rates.special_business_rate}%（百円未満切捨て）`,
      total: `法人税 ⑮ ${y(L['15'])} + 地方法人税 ㊵ ${y(L['40'])} + 防衛特別法人税 ${y(result.defense_special_corporate_tax.amount)} + 法人住民税 ${y(inhabitant_tax)} + 事業税 ${y(biz.tax)} + 特別法人事業税 ${y(special_business_tax)}`,
    },
  };
}
