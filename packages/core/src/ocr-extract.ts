import { isValidPhone, isValidRegistrationNumber } from './validators.js';

/**
 * FieldExtractor: the fields of a received invoice / receipt from OCR output (pure; no I/O). Input is the
 * recognised lines (each with its words' boxes and confidences); the same code reads plain text (unit tests,
 * a cloud OCR that answers text only) through `linesFromText`.
 */

export interface OcrBox {
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface OcrWord {
  text: string;
  /** 0–1. */
  confidence: number;
  box: OcrBox | null;
}

export interface OcrLine {
  text: string;
  /** 0–1 (the line's mean word confidence). */
  confidence: number;
  box: OcrBox | null;
}

export interface OcrField<T> {
  value: T | null;
  /** 0–1. */
  confidence: number;
  box: OcrBox | null;
  /** Why a value needs a person's look (e.g. an invalid check digit). */
  warning?: string;
  /** Other readings the page allows (a 登録番号 whose T may be a digit): the registry check may choose one. */
  alternatives?: T[];
}

export interface OcrTax {
  tax_category: '10' | '8';
  base: number;
  tax: number;
}

export interface OcrFieldValues {
  issuer_name: OcrField<string>;
  registration_number: OcrField<string>;
  transaction_date: OcrField<string>;
  total: OcrField<number>;
  taxes: OcrField<OcrTax[]>;
  phone: OcrField<string>;
  document_type: OcrField<number>;
}

export const OCR_FIELD_KEYS = [
  'issuer_name',
  'registration_number',
  'transaction_date',
  'total',
  'taxes',
  'phone',
  'document_type',
] as const;
export type OcrFieldKey = (typeof OCR_FIELD_KEYS)[number];

/** Fields below this confidence are marked for a person to check. */
export const LOW_CONFIDENCE = 0.8;

const CJK = '\\u3000-\\u30ff\\u3400-\\u9fff\\uf900-\\ufaff\\uff00-\\uffef々〆〇';
const SPACE_BETWEEN_CJK = new RegExp(`([${CJK}])\\s+(?=[${CJK}])`, 'g');

/**
 * One OCR line made comparable: NFKC (全角 digits and letters → ASCII, ￥ → ¥), the spaces tesseract puts
 * between Japanese characters removed, and the usual confusions of amounts fixed (a \ or ￥ misread before
 * digits, 5.000 read for 5,000).
 */
export function normalizeOcrText(s: string): string {
  let t = s.normalize('NFKC');
  t = t.replace(/[‐‑‒–—―−ｰ]/g, '-');
  t = t.replace(SPACE_BETWEEN_CJK, '$1');
  t = t.replace(SPACE_BETWEEN_CJK, '$1');
  // a yen sign misread as \ or \% or \Y or Y (not inside a word) or ¥ followed by a stray mark
  t = t.replace(/(?:\\[%Y]?|¥[%Y]|(?<![A-Za-z0-9])Y)\s?(?=\d)/g, '¥');
  t = t.replace(/(\d)(?:,\.|\.,)(\d)/g, '$1,$2');
  // a % read as 96 before 対象 (896対象 → 8%対象)
  t = t.replace(/(?<!\d)(10|8)96(?=\s*(?:対象|\(税込|課税))/g, '$1%');
  // a % lost altogether before 対象 (10対象 → 10%対象): the only rates are 10 and 8
  t = t.replace(/(?<![\d.,])(10|8)(?=\s*対象)/g, '$1%');
  // a % read with a stray 9 or 0 before it (109% / 89% / 100% 対象 → 10% / 8%): the only rates are 10 and 8
  t = t.replace(/(?<!\d)(10|8)[09]\s*%(?=\s*(?:対象|\(税込|課税))/g, '$1%');
  // thousands separated by dots (never decimals on a yen document)
  t = t.replace(/\b\d{1,3}(?:\.\d{3})+\b(?!\.\d)/g, (m) => m.replace(/\./g, ','));
  // digits split by a space inside a grouped amount: "12, 000" → "12,000"
  t = t.replace(/(\d),\s+(\d{3})\b/g, '$1,$2');
  return t.replace(/[ \t]+/g, ' ').trim();
}

/** Text split into lines without boxes (confidence 1). */
export function linesFromText(text: string): OcrLine[] {
  return text
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '')
    .map((l) => ({ text: l, confidence: 1, box: null }));
}

interface NLine extends OcrLine {
  n: string;
  index: number;
}

const AMOUNT = /[¥]?\s*(\d{1,3}(?:,\d{3})+|\d+)\s*円?/g;

/** The yen amounts in a normalised line, left to right ("1,234円", "¥1,234", "1234"). */
export function amountsIn(n: string): number[] {
  const out: number[] = [];
  for (const m of n.matchAll(AMOUNT)) {
    const v = Number(m[1].replace(/,/g, ''));
    if (Number.isSafeInteger(v)) out.push(v);
  }
  return out;
}

function amountsAfter(n: string, label: RegExp): number[] {
  const m = label.exec(n);
  if (!m) return [];
  // percent figures (10%, 8%) are rates, not amounts
  return amountsIn(n.slice(m.index + m[0].length).replace(/\d+(?:\.\d+)?\s*%/g, ' '));
}

const field = <T>(value: T | null, line: NLine | null, certainty = 1, warning?: string): OcrField<T> => ({
  value,
  confidence: value === null ? 0 : round2((line?.confidence ?? 1) * certainty),
  box: line?.box ?? null,
  ...(warning ? { warning } : {}),
});
const round2 = (v: number) => Math.round(Math.max(0, Math.min(1, v)) * 100) / 100;

// ---------------------------------------------------------------- registration number

const REG = /T\s*[-:]?\s*((?:\d[\s-]*){13})(?!\d)/;
const REG_LABEL = /登録番号|登録No|適格/;
/**
 * After the label the T itself is often misread (「, 丁, I, |, or a digit 1 / 7) or lost: up to two marks, then
 * 13 digits (14 when the T became a digit).
 */
const REG_AFTER_LABEL =
  /(?:登録番号|登録No\.?|適格請求書発行事業者)\s*[:：]?\s*[^\d\s]{0,2}\s*((?:\d[\s-]*){13,14})(?!\d)/;

/** A number cut short after its label or T (11–12 digits, the rest lost under a stamp or a fold). */
const REG_SHORT = /(?:(?:登録番号|登録No\.?)\s*[:：]?\s*[^\d\s]{0,2}|T)\s*((?:\d[\s-]*){11,12})(?![\d-])/;

function registrationNumber(lines: NLine[]): OcrField<string> {
  const labelled = lines.filter((l) => REG_LABEL.test(l.n));
  for (const l of [...labelled, ...lines]) {
    const m = REG.exec(l.n);
    if (!m) continue;
    const value = `T${m[1].replace(/\D/g, '')}`;
    if (isValidRegistrationNumber(value)) return field(value, l, 1);
    return field(value, l, 0.3, '登録番号のチェックデジットが一致しません');
  }
  for (const l of labelled) {
    const m = REG_AFTER_LABEL.exec(l.n);
    if (!m) continue;
    const digits = m[1].replace(/\D/g, '');
    // 14 digits: the T read as a digit (its first), or a mark after the number read as one (its last); the
    // check digit decides between the readings, the other is kept for the registry to weigh
    const candidates = digits.length === 14 ? [digits.slice(1), digits.slice(0, 13)] : [digits];
    const valid = candidates.find((d) => isValidRegistrationNumber(`T${d}`));
    const value = valid ?? candidates[0];
    const alternatives = candidates.filter((d) => d !== value).map((d) => `T${d}`);
    const f = valid
      ? field(`T${valid}`, l, 0.9)
      : field(`T${value}`, l, 0.3, '登録番号のチェックデジットが一致しません');
    return alternatives.length ? { ...f, alternatives } : f;
  }
  // cut short: kept (flagged) so that a person — or the registry — can complete it
  for (const l of labelled) {
    const m = REG_SHORT.exec(l.n);
    if (m) return field(`T${m[1].replace(/\D/g, '')}`, l, 0.2, '登録番号の桁が足りません');
  }
  return field<string>(null, null);
}

// ---------------------------------------------------------------- dates

const ERAS: Record<string, number> = { 令和: 2018, R: 2018, 平成: 1988, H: 1988, 昭和: 1925, S: 1925 };

function isoDate(y: number, m: number, d: number): string | null {
  if (y < 1900 || y > 2200 || m < 1 || m > 12 || d < 1 || d > 31) return null;
  const dt = new Date(Date.UTC(y, m - 1, d));
  if (dt.getUTCMonth() !== m - 1) return null;
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** The first date in a normalised line: 令和6年4月1日, R6.4.1, 2024/4/1, 2024年4月1日, 2024-04-01. */
export function dateIn(n: string): string | null {
  const era = /(令和|平成|昭和|[RHS])\s*(\d{1,2}|元)\s*[年./-]\s*(\d{1,2})\s*[月./-]\s*(\d{1,2})/.exec(n);
  if (era) {
    const y = ERAS[era[1]] + (era[2] === '元' ? 1 : Number(era[2]));
    const v = isoDate(y, Number(era[3]), Number(era[4]));
    if (v) return v;
  }
  const west = /((?:19|20)\d{2})\s*[年./-]\s*(\d{1,2})\s*[月./-]\s*(\d{1,2})/.exec(n);
  if (west) return isoDate(Number(west[1]), Number(west[2]), Number(west[3]));
  return null;
}

/**
 * A date whose marks tesseract misread, tried only when no line holds a well-formed date: the era's name
 * with one character wrong (令知, 信和 for 令和), 年 / 月 / 日 read as other characters (件年, 戸, 巳, H), a slash
 * read as 7 between a zero-padded month and day (2026/03718, 2024709722; the first slash lost: 202603718). Only on a line that says it holds
 * a date (発行日, 請求日, 日付…) or holds a 年 or an era's name (one of its two characters right).
 */
export function looseDateIn(n: string): string | null {
  const era =
    /(?:令[^\s\d]|[^\s\d]和|令和)\s*(\d{1,2}|元)\s*[^\d\s]{1,2}\s*(\d{1,2})\s*[^\d\s]{1,2}\s*(\d{1,2})(?!\d)/.exec(n);
  if (era) {
    const v = isoDate(2018 + (era[1] === '元' ? 1 : Number(era[1])), Number(era[2]), Number(era[3]));
    if (v) return v;
  }
  // the first slash may be lost altogether (202608714: a faxed 2026/08/14)
  const slash7 = /((?:19|20)\d{2})\s*[/7]?\s*(0[1-9]|1[0-2])\s*[/7]\s*(0[1-9]|[12]\d|3[01])(?!\d)/.exec(n);
  if (slash7) {
    const v = isoDate(Number(slash7[1]), Number(slash7[2]), Number(slash7[3]));
    if (v) return v;
  }
  const west = /((?:19|20)\d{2})\s*[^\d\s]{1,3}\s*(\d{1,2})\s*[^\d\s]{1,3}\s*(\d{1,2})(?!\d)/.exec(n);
  if (west) return isoDate(Number(west[1]), Number(west[2]), Number(west[3]));
  return null;
}

const DATE_LABEL = /発行日|請求日|取引日|領収日|日付|年月日|納品日|お買上日/;

function transactionDate(lines: NLine[]): OcrField<string> {
  const scored: { line: NLine; value: string; score: number }[] = [];
  for (const l of lines) {
    const v = dateIn(l.n);
    if (!v) continue;
    let score = 1;
    if (/発行日|請求日|取引日|領収日|日付|年月日|納品日|お買上日/.test(l.n)) score = 3;
    if (/期限|期日|支払日|振込日|有効/.test(l.n)) score = 0.5;
    scored.push({ line: l, value: v, score: score - l.index / 1000 });
  }
  if (scored.length === 0) {
    for (const l of lines) {
      if (!DATE_LABEL.test(l.n) && !/年|令[^\s\d]|[^\s\d]和|\d\//.test(l.n)) continue;
      const v = looseDateIn(l.n.replace(/^.*?(?:発行日|請求日|取引日|領収日|日付|年月日|納品日|お買上日)/, ''));
      if (v) scored.push({ line: l, value: v, score: (DATE_LABEL.test(l.n) ? 1 : 0.5) - l.index / 1000 });
    }
    scored.sort((a, b) => b.score - a.score);
    const loose = scored[0];
    return loose ? field(loose.value, loose.line, 0.6) : field<string>(null, null);
  }
  scored.sort((a, b) => b.score - a.score);
  const best = scored[0];
  if (!best) return field<string>(null, null);
  return field(best.value, best.line, best.score >= 2 ? 1 : 0.85);
}

// ---------------------------------------------------------------- total

const TOTAL_LABELS: [RegExp, number][] = [
  [/ご?請求金額|ご請求額|請求合計/, 5],
  [/税込合計|合計金額\s*[(]?税込|総合計|お支払金額|お支払い金額|領収金額/, 4],
  [/合計金額|お買上げ?計|お買い上げ計/, 3],
  [/^(?!.*小計).*合計/, 2],
  [/^\s*金額\s*[¥\d]|^\s*¥\s*[\d,]+\s*-?\s*$/, 1],
];

function total(lines: NLine[]): OcrField<number> {
  let best: { line: NLine; value: number; score: number } | null = null;
  for (const l of lines) {
    if (/小計|対象|消費税|内税|税額|値引/.test(l.n) && !/ご?請求金額|税込合計|合計金額/.test(l.n)) continue;
    for (const [re, score] of TOTAL_LABELS) {
      const amounts = amountsAfter(l.n, re);
      if (amounts.length === 0) continue;
      const value = amounts[0];
      if (!best || score > best.score || (score === best.score && value > best.value)) best = { line: l, value, score };
      break;
    }
  }
  if (!best) return field<number>(null, null);
  return field(best.value, best.line, best.score >= 3 ? 1 : 0.85);
}

// ---------------------------------------------------------------- taxes

const INCLUDED = /税込|内消費税|内税|うち消費税|\(内/;
const taxOf = (base: number, rate: number, included: boolean) =>
  Math.floor((base * rate) / (included ? 100 + rate : 100));
/** A base and tax that fit the rate (±1 yen of rounding). */
const fits = (t: OcrTax) => Math.abs(t.tax - taxOf(t.base, Number(t.tax_category), false)) <= 1;

/**
 * Whether per-rate figures agree with themselves and the total: every tax fits its base and rate (±1 yen of
 * rounding) and the bases and taxes add up to the total (bases without tax, as extractFieldsFromWords gives).
 */
export function taxesAgree(taxes: OcrTax[] | null, total: number | null): boolean {
  if (!taxes || taxes.length === 0 || total === null) return false;
  return taxes.every(fits) && taxes.reduce((a, t) => a + t.base + t.tax, 0) === total;
}

/**
 * The per-rate figures made to agree with the total when the page's own arithmetic shows a misread: a rate
 * whose tax was read but not its base (the 10%対象 cell lost) gets total − the others − its tax; a rate whose
 * base and tax do not fit gets the base or the tax that makes them fit and the sum equal the total. Nothing
 * changes when the figures fit, or when no single repair makes every rate fit and the sum the total.
 */
export function reconcileTaxes(
  read: OcrTax[],
  taxOnly: OcrTax[],
  total: number | null,
  /** The tax of a rate as its own line reads it (消費税(10%) 500), when the rate's row gave another. */
  taxLines: Partial<Record<'10' | '8', number>> = {},
): OcrTax[] {
  const out = repairedTaxes(read, taxOnly, total, taxLines);
  return JSON.stringify(out) === JSON.stringify(read) ? read : out;
}

function repairedTaxes(
  read: OcrTax[],
  taxOnly: OcrTax[],
  total: number | null,
  /** The tax of a rate as its own line reads it (消費税(10%) 500), when the rate's row gave another. */
  taxLines: Partial<Record<'10' | '8', number>>,
): OcrTax[] {
  // a tax whose last digits were lost (55 for 55,972): rate × base begins with the digits read
  const found = read.map((t) => {
    const full = taxOf(t.base, Number(t.tax_category), false);
    return !fits(t) && t.tax >= 10 && full > t.tax && String(full).startsWith(String(t.tax)) ? { ...t, tax: full } : t;
  });
  if (total === null) return found;
  const sum = (ts: OcrTax[]) => ts.reduce((a, t) => a + t.base + t.tax, 0);
  if (found.every(fits) && sum(found) === total && taxOnly.length === 0) return found;
  // a rate known by its tax alone
  if (taxOnly.length === 1 && found.every(fits)) {
    const t = taxOnly[0];
    const base = total - sum(found) - t.tax;
    const guess = { ...t, base };
    if (base > 0 && fits(guess))
      return [...found, guess].sort((a, b) => Number(b.tax_category) - Number(a.tax_category));
  }
  const bad = found.filter((t) => !fits(t));
  if (bad.length === 1) {
    const others = sum(found.filter((t) => t !== bad[0]));
    const b = bad[0];
    const r = Number(b.tax_category);
    const byBase = { ...b, base: total - others - b.tax };
    const byTax = { ...b, tax: taxOf(b.base, r, false) };
    const alt = taxLines[b.tax_category];
    const byTaxLine = alt === undefined ? byBase : { ...b, base: total - others - alt, tax: alt };
    for (const guess of [byBase, byTax, byTaxLine])
      if (guess.base > 0 && fits(guess) && others + guess.base + guess.tax === total)
        return found.map((t) => (t === b ? guess : t));
  }
  return found;
}

function taxes(lines: NLine[], totalValue: number | null): OcrField<OcrTax[]> {
  const out: OcrTax[] = [];
  const taxOnly: OcrTax[] = [];
  const taxLineValues: Partial<Record<'10' | '8', number>> = {};
  let used: NLine | null = null;
  let certainty = 1;
  for (const rate of ['10', '8'] as const) {
    const rateRe = new RegExp(`(?<!\\d)${rate}\\s*%\\s*(?:対象|課税|\\()`);
    const taxRe = new RegExp(`(?:消費税|税額|内税)[^\\d]*?${rate}\\s*%|${rate}\\s*%[^\\d]*?(?:消費税|税額|内税)`);
    // the first line with the rate and an amount after it (up to the next rate: a note 「※は軽減税率(8%)対象」
    // standing in the row of the 10% figure gives none)
    let baseLine: NLine | undefined;
    let nums: number[] = [];
    for (const l of lines) {
      const at = l.n.search(rateRe);
      if (at < 0) continue;
      const rest = l.n.slice(at).replace(/^\d+\s*%/, '');
      const next = rest.search(/(?<!\d)(?:10|8)\s*%/);
      const found = amountsIn((next >= 0 ? rest.slice(0, next) : rest).replace(/\d+(?:\.\d+)?\s*%/g, ' '));
      if (found.length === 0) continue;
      baseLine = l;
      nums = found;
      break;
    }
    const tl = lines.find((l) => l !== baseLine && taxRe.test(l.n));
    const taxNums = tl ? amountsIn(tl.n.replace(/\d+(?:\.\d+)?\s*%/g, ' ')) : [];
    if (taxNums.length > 0) taxLineValues[rate] = taxNums[taxNums.length - 1];
    if (!baseLine) {
      if (taxNums.length > 0) taxOnly.push({ tax_category: rate, base: 0, tax: taxNums[taxNums.length - 1] });
      continue;
    }
    const included = INCLUDED.test(baseLine.n) || (tl !== undefined && nums.length < 2 && INCLUDED.test(tl.n));
    let base: number | undefined = nums[0];
    let tax: number | undefined = nums[1];
    // the tax on its own line: 消費税(10%) 500 / 10%消費税 500
    if (tax === undefined && taxNums.length > 0) tax = taxNums[taxNums.length - 1];
    if (base === undefined) continue;
    if (tax === undefined) {
      tax = taxOf(base, Number(rate), included);
      certainty = Math.min(certainty, 0.6);
    }
    if (included && tax < base) base -= tax;
    // a tax that is not about rate × base is a misread
    const expected = (base * Number(rate)) / 100;
    if (Math.abs(tax - expected) > Math.max(2, expected * 0.02)) certainty = Math.min(certainty, 0.5);
    out.push({ tax_category: rate, base, tax });
    used ??= baseLine;
    certainty = Math.min(certainty, baseLine.confidence);
  }
  const settled = reconcileTaxes(out, taxOnly, totalValue, taxLineValues);
  if (settled.length === 0) return field<OcrTax[]>(null, null);
  if (settled !== out) certainty = Math.min(certainty, 0.7);
  if (totalValue !== null) {
    const sum = settled.reduce((s, t) => s + t.base + t.tax, 0);
    if (sum !== totalValue) certainty = Math.min(certainty, 0.6);
  }
  return { value: settled, confidence: round2(certainty), box: used?.box ?? null };
}

// ---------------------------------------------------------------- phone

const PHONE = /(?<!\d)(0\d{1,4})\s*[-()]\s*(\d{1,4})\s*[-()]\s*(\d{3,4})(?!\d)|(?<!\d)(0\d{9,10})(?!\d)/;

function phone(lines: NLine[]): OcrField<string> {
  const ordered = [
    ...lines.filter((l) => /TEL|Tel|電話|☎|℡/.test(l.n) && !/FAX/i.test(l.n.split(/TEL|電話/i)[0] ?? '')),
    ...lines.filter((l) => !/FAX/i.test(l.n)),
  ];
  for (const l of ordered) {
    const src = l.n.replace(/^.*?(TEL|Tel|電話|☎|℡)[:.\s]*/, '');
    const m = PHONE.exec(src);
    if (!m) continue;
    const value = m[4] ?? `${m[1]}-${m[2]}-${m[3]}`;
    if (!isValidPhone(value)) continue;
    return field(value, l, /TEL|Tel|電話|☎|℡/.test(l.n) ? 1 : 0.8);
  }
  return field<string>(null, null);
}

// ---------------------------------------------------------------- issuer and document type

const COMPANY =
  /株式会社|有限会社|合同会社|合資会社|一般社団法人|\(株\)|\(有\)|㈱|㈲|商店|商会|工業|事務所|製作所|書店|食堂|ストア|マート|薬局|商事/;

function issuerName(lines: NLine[], regLine: OcrBox | null): OcrField<string> {
  // a line may hold the recipient (… 御中) and the issuer side by side: keep what follows the honorific
  const own = lines.map((l) => ({ ...l, n: l.n.replace(/^.*(?:御中|様|殿)\s*/, '') }));
  const candidates = own.filter(
    (l) => COMPANY.test(l.n) && !/御中|様|宛|殿/.test(l.n) && !/^(?:.*)(?:請求書|領収書|納品書)$/.test(l.n),
  );
  if (candidates.length === 0) return field<string>(null, null);
  // the issuer stands near its 登録番号; otherwise the first company name that is not the recipient
  let pick = candidates[0];
  if (regLine) {
    const near = candidates
      .filter((l) => l.box && l.box.page === regLine.page)
      .sort((a, b) => Math.abs((a.box?.y ?? 0) - regLine.y) - Math.abs((b.box?.y ?? 0) - regLine.y))[0];
    if (near) pick = near;
  }
  const value = pick.n
    .replace(/^(発行者|発行元|請求元|販売元)[:\s]*/, '')
    .replace(/\s*(登録番号|TEL|Tel|電話|〒).*$/, '')
    .replace(/\s*T\d{13}.*$/, '')
    .trim();
  return field(value, pick, 0.9);
}

const TYPES: [RegExp, number][] = [
  [/請求書|御請求|ご請求|INVOICE/i, 4],
  [/領収書|領収証|.収書|領収.|レシート|RECEIPT|お買上|お買い上げ/i, 5],
  [/納品書/, 3],
  [/見積書|御見積/, 1],
  [/発注書|注文書/, 2],
  [/契約書/, 6],
];

function documentType(lines: NLine[]): OcrField<number> {
  for (const [re, type] of TYPES) {
    const l = lines.find((x) => re.test(x.n.replace(/\s/g, '')));
    if (l) return field(type, l, l.index < 5 ? 1 : 0.85);
  }
  return { value: 9, confidence: 0.3, box: null };
}

/** Extracts every field from the lines of all pages (in reading order). */
export function extractFields(input: OcrLine[]): OcrFieldValues {
  const lines: NLine[] = input.map((l, index) => ({ ...l, n: normalizeOcrText(l.text), index }));
  const registration_number = registrationNumber(lines);
  const t = total(lines);
  return {
    issuer_name: issuerName(lines, registration_number.box),
    registration_number,
    transaction_date: transactionDate(lines),
    total: t,
    taxes: taxes(lines, t.value),
    phone: phone(lines),
    document_type: documentType(lines),
  };
}

/** Extraction from plain text (no boxes). */
export function extractFieldsFromText(text: string): OcrFieldValues {
  return extractFields(linesFromText(text));
}
