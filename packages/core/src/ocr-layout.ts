import {
  amountsIn,
  extractFields,
  normalizeOcrText,
  type OcrBox,
  type OcrField,
  type OcrFieldValues,
  type OcrLine,
  type OcrTax,
  type OcrWord,
} from './ocr-extract.js';

/**
 * Layout-aware extraction (issue 29): the fields read from tesseract's WORD boxes instead of its text lines.
 * Words are grouped into rows by their vertical position, rows are cut into segments where a wide gap
 * separates two columns (the recipient's 御中 on the left, the issuer's block on the right, a greeting line
 * beside the issuer's name), and segments stacked closely one under the other form blocks. Then:
 * - the recipient is the segment ending in 御中 / 様 / 殿 (or standing just left of one);
 * - the issuer is the block with the most issuer marks (登録番号, 〒 / an address, TEL, a legal-entity word),
 *   its name the segment holding the legal-entity word;
 * - amounts and dates come from whole rows (a label cell and its value cell share a row), the per-rate tax
 *   checked against the rate (an amount that is base + tax is recognised as 税込);
 * - receipts (領収書 / レシート) take 合計 and never お預り / お釣り.
 * Pure functions over word boxes: nothing here knows which template, engine or image made them.
 */

export interface LayoutSegment {
  text: string;
  /** normalizeOcrText(text). */
  n: string;
  confidence: number;
  box: OcrBox;
  row: number;
}

export interface LayoutRow {
  segments: LayoutSegment[];
  box: OcrBox;
}

export interface LayoutBlock {
  segments: LayoutSegment[];
  box: OcrBox;
}

export interface PageLayout {
  rows: LayoutRow[];
  blocks: LayoutBlock[];
}

const union = (a: OcrBox, b: OcrBox): OcrBox => {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return {
    page: a.page,
    x,
    y,
    width: Math.max(a.x + a.width, b.x + b.width) - x,
    height: Math.max(a.y + a.height, b.y + b.height) - y,
  };
};
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
};
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

/**
 * Tesseract's habits on amounts and rates seen on real layouts, past normalizeOcrText: a lowercase y for ¥,
 * an amount split by a space inside its first group (¥1 10,649), the % of a rate read as 96 / 98 / 38 / 9 /
 * 0 before 対象 or a closing bracket, and 消費税 with its middle character misread.
 */
export function tidyOcrText(n: string): string {
  return (
    n
      // ¥ read as Yy, $, or \ with the 1 after it read as l (Yy3,187, $220,230, yl,760, \l162,101)
      .replace(/(?:Yy|yY|\$)\s?(?=\d)/g, '¥')
      .replace(/(?:[Yy¥]|\\)l(?=\d)/g, '¥')
      .replace(/(?:[Yy¥]|\\)l(?=[,.]\d)/g, '¥1')
      .replace(/(\d)\.(\d{3},\d{3})(?!\d)/g, '$1,$2')
      .replace(/(?<![A-Za-z])y\s?(?=\d)/g, '¥')
      // a rate before 対象 with its % misread (866 対象, 86? 対象, 106e 対象, 10%% 対象, 8 対象) or 対象 as 計象
      .replace(/計象/g, '対象')
      .replace(/(?<![\d,.¥])(10|8)[^\s対]{0,3}\s?(?=対象)/g, '$1% ')
      .replace(/(?<![\d,.])(\d{1,2}) (\d{1,2}),(\d{3})(?!\d)/g, (m, a: string, b: string, c: string) =>
        a.length + b.length <= 3 ? `${a}${b},${c}` : m,
      )
      // …and inside its last group (¥243.11 1-)
      .replace(/(?<![\d,.])(\d{1,3})[.,](\d{1,2}) (\d{1,2})(?![\d,.])/g, (m, a: string, b: string, c: string) =>
        b.length + c.length === 3 ? `${a},${b}${c}` : m,
      )
      .replace(/(?<![\d,.¥])(10|8)(?:96|98|38|04|9|0)\s*(?=対象|\))/g, '$1%')
      .replace(/(?<![\d,.¥])(10|8)[09]\s*%(?=\s*\))/g, '$1%')
      .replace(/消[^\s\d費]税/g, '消費税')
      // 三 read as = between Japanese characters (合同会社 = 協テクノ), a stray mark inside a legal word (有限 5 会社)
      .replace(/(?<=[\p{sc=Han}\p{sc=Katakana}\p{sc=Hiragana}])\s?=\s?(?=[\p{sc=Han}\p{sc=Katakana}])/gu, '三')
      .replace(/(株式|有限|合同|合資|合名)\s?[\d=.,・]?\s?会社/g, '$1会社')
      // 年 misread (生, 午…) between a year and a month
      .replace(/((?:19|20)\d{2})\s*[^\d\s年./-]\s*(?=\d{1,2}\s*月)/g, '$1年')
      // the 登録番号 label with one character misread, and letters for digits in the number after it
      .replace(/登録[^\s\d番]号|登[^\s\d録]番号|[^\s\d登]録番号/g, '登録番号')
      // two of the label's characters misread (登録希呈, 例録北け) just before the number
      .replace(
        /(?:登録(?!番号)[^\s\d]{1,2}|[^\s\d登]録[^\s\d]{1,3})(?=\s*(?:[T「][\dOoSB]|[\dOoSB]{13,14}(?![\d,])))/g,
        '登録番号 ',
      )
      .replace(/(登録番号\s*[:：]?\s*T?\s*)([\dOoCDIl|SBG]{13,14})(?![\dA-Za-z])/g, (_m, label: string, d: string) =>
        (d.match(/\d/g)?.length ?? 0) >= 10
          ? label +
            d
              .replace(/[OoCD]/g, '0')
              .replace(/[Il|]/g, '1')
              .replace(/S/g, '5')
              .replace(/B/g, '8')
              .replace(/G/g, '6')
          : _m,
      )
  );
}

interface BoxedWord extends OcrWord {
  box: OcrBox;
}

/**
 * Rows and blocks of one set of words (all pages; rows never span pages). A gap wider than `gapFactor` × the
 * row's typical character height starts a new segment.
 */
export function layoutFromWords(words: OcrWord[], gapFactor = 1.6): PageLayout {
  const boxed = words.filter((w): w is BoxedWord => w.box !== null && w.text.trim() !== '');
  // rows: words sorted by their vertical centre, joined to a row whose centre is within half a height
  const sorted = [...boxed].sort(
    (a, b) => a.box.page - b.box.page || a.box.y + a.box.height / 2 - (b.box.y + b.box.height / 2),
  );
  const rowsOfWords: { page: number; cy: number; h: number; words: BoxedWord[] }[] = [];
  for (const w of sorted) {
    const cy = w.box.y + w.box.height / 2;
    let best: (typeof rowsOfWords)[number] | null = null;
    for (let i = rowsOfWords.length - 1; i >= 0 && i >= rowsOfWords.length - 6; i--) {
      const r = rowsOfWords[i];
      if (r.page !== w.box.page) continue;
      const tol = 0.5 * Math.min(Math.max(r.h, w.box.height), 2 * Math.min(r.h, w.box.height));
      if (Math.abs(r.cy - cy) <= tol && (!best || Math.abs(r.cy - cy) < Math.abs(best.cy - cy))) best = r;
    }
    if (best) {
      best.words.push(w);
      const n = best.words.length;
      best.cy += (cy - best.cy) / n;
      best.h += (w.box.height - best.h) / n;
    } else rowsOfWords.push({ page: w.box.page, cy, h: w.box.height, words: [w] });
  }
  rowsOfWords.sort((a, b) => a.page - b.page || a.cy - b.cy);
  const rows: LayoutRow[] = [];
  for (const r of rowsOfWords) {
    const ws = r.words.sort((a, b) => a.box.x - b.box.x);
    // a character's height: words of one or two CJK characters are about as wide as high
    const h = median(ws.map((w) => w.box.height)) || 1;
    const segments: LayoutSegment[] = [];
    let cur: BoxedWord[] = [];
    const flush = () => {
      if (cur.length === 0) return;
      const text = cur.map((w) => w.text).join(' ');
      segments.push({
        text,
        n: tidyOcrText(normalizeOcrText(text)),
        confidence: mean(cur.map((w) => w.confidence)),
        box: cur.map((w) => w.box).reduce(union),
        row: rows.length,
      });
      cur = [];
    };
    for (const w of ws) {
      const prev = cur[cur.length - 1];
      if (prev && w.box.x - (prev.box.x + prev.box.width) > gapFactor * h) flush();
      cur.push(w);
    }
    flush();
    rows.push({ segments, box: segments.map((s) => s.box).reduce(union) });
  }
  return { rows, blocks: blocksOf(rows) };
}

/** Segments stacked one under the other (left edges or extents overlapping, small vertical gap) form a block. */
function blocksOf(rows: LayoutRow[]): LayoutBlock[] {
  const segs = rows.flatMap((r) => r.segments);
  const parent = segs.map((_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]];
      i = parent[i];
    }
    return i;
  };
  for (let i = 0; i < segs.length; i++) {
    const a = segs[i];
    for (let j = i + 1; j < segs.length; j++) {
      const b = segs[j];
      if (b.box.page !== a.box.page || b.row === a.row) continue;
      const h = Math.min(a.box.height, b.box.height);
      const gap = b.box.y - (a.box.y + a.box.height);
      if (gap > 1.6 * Math.max(a.box.height, b.box.height)) {
        if (b.row > a.row + 3) break;
        continue;
      }
      if (gap < -h) continue;
      const overlap = Math.min(a.box.x + a.box.width, b.box.x + b.box.width) - Math.max(a.box.x, b.box.x);
      const aligned = Math.abs(a.box.x - b.box.x) < 2 * h;
      if (overlap > 0.3 * Math.min(a.box.width, b.box.width) || aligned) parent[find(j)] = find(i);
    }
  }
  const groups = new Map<number, LayoutSegment[]>();
  segs.forEach((s, i) => {
    const k = find(i);
    groups.set(k, [...(groups.get(k) ?? []), s]);
  });
  return [...groups.values()].map((segments) => ({ segments, box: segments.map((s) => s.box).reduce(union) }));
}

// ---------------------------------------------------------------- issuer

const HONORIFIC = /(?:御中|様|殿)\s*$/;
const LEGAL = /株式会社|有限会社|合同会社|合資会社|合名会社|一般社団法人|一般財団法人|\(株\)|\(有\)|\(同\)|㈱|㈲/;
const SHOP = /商店|商会|商事|工業|事務所|製作所|書店|食堂|ストア|マート|薬局|店$/;
const LEGAL_WORD = '株式会社|有限会社|合同会社|合資会社|合名会社|一般社団法人|一般財団法人';

/** The recipient's segments: ending in an honorific, or just left of a lone honorific in the same row. */
function recipients(rows: LayoutRow[]): Set<LayoutSegment> {
  const out = new Set<LayoutSegment>();
  for (const r of rows) {
    r.segments.forEach((s, i) => {
      if (!HONORIFIC.test(s.n)) return;
      out.add(s);
      if (/^(?:御中|様|殿)$/.test(s.n) && i > 0) out.add(r.segments[i - 1]);
    });
  }
  return out;
}

function issuerScore(b: LayoutBlock, skip: Set<LayoutSegment>): number {
  const text = b.segments.map((s) => s.n).join('\n');
  let score = 0;
  if (/登録番号|T\s*\d{13}/.test(text)) score += 3;
  if (/〒|\d{3}-\d{4}/.test(text)) score += 2;
  if (/[都道府県].{1,6}[市区町村郡]/.test(text)) score += 1;
  if (/TEL|Tel|電話|FAX/i.test(text)) score += 2;
  if (b.segments.some((s) => !skip.has(s) && LEGAL.test(s.n))) score += 2;
  if (b.segments.some((s) => skip.has(s))) score -= 4;
  return score;
}

/** The legal entity's name inside a segment: the legal word with the name before or after it. */
export function entityName(n: string): string | null {
  const t = n
    .replace(/\s*(登録番号|TEL|Tel|電話|FAX|〒).*$/, '')
    .replace(/\s*T\d{13}.*$/, '')
    .replace(/^(発行者|発行元|請求元|販売元)[:\s]*/, '')
    .trim();
  const NAME = '[\\p{L}\\p{N}ー・&＆]';
  const front = new RegExp(`(?:${LEGAL_WORD})${NAME}{1,24}`, 'u').exec(t);
  const back = new RegExp(`${NAME}{1,24}?(?:${LEGAL_WORD})`, 'u').exec(t);
  // 前株 when the legal word opens the name (what follows it is the name); else 後株
  // the same legal word read both ways: the longer side of it is the name (レー株式会社若草… → 前株)
  const sameWord =
    front &&
    back &&
    back.index + back[0].length === front.index + (/^(\S*?会社|一般\S{2}法人)/.exec(front[0])?.[0].length ?? 0);
  const m =
    front && (!back || front.index <= back.index || (sameWord && front[0].length > back[0].length)) ? front : back;
  if (m) {
    // a 後株 match may have swallowed a front legal word's name (…株式会社A株式会社): keep the shortest reading
    return m[0].replace(new RegExp(`^.*?(${NAME}*?(?:${LEGAL_WORD}))$`, 'u'), '$1');
  }
  return t.length >= 2 ? t : null;
}

function issuerFromLayout(layout: PageLayout): { value: string; segment: LayoutSegment } | null {
  const skip = recipients(layout.rows);
  const ranked = layout.blocks
    .map((b) => ({ b, score: issuerScore(b, skip) }))
    .filter((x) => x.score >= 2)
    .sort((a, b) => b.score - a.score || a.b.box.y - b.b.box.y);
  for (const { b } of ranked) {
    const segs = [...b.segments].sort((x, y) => x.box.y - y.box.y);
    const named =
      segs.find((s) => !skip.has(s) && LEGAL.test(s.n) && !/登録番号|御中/.test(s.n)) ??
      segs.find((s) => !skip.has(s) && SHOP.test(s.n) && !/登録番号|御中|TEL/.test(s.n));
    if (!named) continue;
    const value = entityName(named.n);
    if (value) return { value, segment: named };
  }
  return null;
}

// ---------------------------------------------------------------- amounts

/**
 * A per-rate figure read as base + tax (税込) although its row says nothing of it: when the tax fits
 * rate / (100 + rate) of the amount and not rate / 100, the base is the amount less the tax.
 */
export function settleIncluded(t: OcrTax): OcrTax {
  const r = Number(t.tax_category);
  const exclusive = Math.floor((t.base * r) / 100);
  const inclusive = Math.floor((t.base * r) / (100 + r));
  if (Math.abs(t.tax - exclusive) <= 1) return t;
  if (Math.abs(t.tax - inclusive) <= 1) return { ...t, base: t.base - t.tax };
  return t;
}

const lineOf = (r: LayoutRow): OcrLine => ({
  text: r.segments.map((s) => s.n).join('   '),
  confidence: mean(r.segments.map((s) => s.confidence)),
  box: r.box,
});
const segLine = (s: LayoutSegment): OcrLine => ({ text: s.n, confidence: s.confidence, box: s.box });

/**
 * The total checked against the per-rate figures: when the labelled total is missing or differs from Σ (base +
 * tax) and that sum stands on the page as an amount, the sum is the total (a misread label or a misread
 * total); with no label read at all, an amount written the receipt way (`89,548-`) is taken.
 */
export function crossCheckedTotal(total: OcrField<number>, taxes: OcrTax[] | null, rows: OcrLine[]): OcrField<number> {
  const sum = taxes?.length ? taxes.reduce((a, t) => a + t.base + t.tax, 0) : null;
  if (sum !== null && total.value !== sum) {
    const row = rows.find((r) => amountsIn(normalizeOcrText(r.text)).includes(sum));
    if (row) return { value: sum, confidence: 0.8, box: row.box };
  }
  if (total.value !== null) return total;
  for (const r of rows) {
    const m = /¥?\s*(\d{1,3}(?:,\d{3})+)\s*-(?!\d)/.exec(normalizeOcrText(r.text));
    if (m) return { value: Number(m[1].replace(/,/g, '')), confidence: 0.6, box: r.box };
  }
  // no total readable at all: the per-rate figures, when each tax fits its rate, add up to it
  const fit = (t: OcrTax) => Math.abs(t.tax - Math.floor((t.base * Number(t.tax_category)) / 100)) <= 1;
  if (sum !== null && taxes?.every(fit)) return { value: sum, confidence: 0.5, box: null };
  return total;
}

/** The receipt's amounts: 合計 wins, お預り / お釣り never count. */
const CHANGE = /お預[りか]|預り|お釣り?|釣銭|おつり|現金/;

/**
 * Extracts the fields from word boxes. Rows feed the amounts, the dates and the 登録番号; segments and blocks
 * the issuer. A field the layout leaves empty is taken from the line reading (`lines`, when given).
 */
export function extractFieldsFromWords(words: OcrWord[], lines: OcrLine[] = []): OcrFieldValues {
  const layout = layoutFromWords(words);
  const receipt = layout.rows.some((r) => r.segments.some((s) => /領収書|領収証|レシート|お預り|お釣り/.test(s.n)));
  const rowLines = layout.rows.filter((r) => !(receipt && r.segments.some((s) => CHANGE.test(s.n)))).map(lineOf);
  const byRows = extractFields(rowLines);
  const bySegments = extractFields(layout.rows.flatMap((r) => r.segments.map(segLine)));
  const byLines = lines.length ? extractFields(lines) : null;
  const pick = <T>(...fs: (OcrField<T> | undefined)[]): OcrField<T> =>
    fs.find((f) => f && f.value !== null) ?? (fs[0] as OcrField<T>);

  const issuer = issuerFromLayout(layout);
  let issuer_name: OcrField<string> = issuer
    ? {
        value: issuer.value,
        confidence: Math.round(issuer.segment.confidence * 0.95 * 100) / 100,
        box: issuer.segment.box,
      }
    : pick(bySegments.issuer_name, byLines?.issuer_name);
  if (issuer_name.value)
    issuer_name = {
      ...issuer_name,
      value: entityName(issuer_name.value.replace(/^[ー\-・|]+/, '')) ?? issuer_name.value,
    };

  const registration_number = pick(
    bySegments.registration_number,
    byRows.registration_number,
    byLines?.registration_number,
  );
  const taxes = pick(byRows.taxes, byLines?.taxes);
  const settled: OcrField<OcrTax[]> =
    taxes.value === null ? taxes : { ...taxes, value: taxes.value.map(settleIncluded) };
  return {
    issuer_name,
    registration_number,
    transaction_date: pick(byRows.transaction_date, byLines?.transaction_date),
    total: crossCheckedTotal(pick(byRows.total, byLines?.total), settled.value, rowLines),
    taxes: settled,
    phone: pick(bySegments.phone, byRows.phone, byLines?.phone),
    document_type:
      byRows.document_type.value !== 9 ? byRows.document_type : (byLines?.document_type ?? byRows.document_type),
  };
}
