/** 別表一 lines 1–44 (FACTS §3) and 防衛特別法人税; the income and capital the form starts from. */
import { cut100, cut1000, int, pos, yen } from './amounts.js';
import type { TaxReturnLines } from './lines.js';

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
