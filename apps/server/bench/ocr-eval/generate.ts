import { degrees, PDFDocument, type PDFFont, type PDFPage, rgb } from '@cantoo/pdf-lib';
import { corporateNumberCheckDigit } from '@chobo/core';
import * as fontkit from 'fontkit';
import jpeg from 'jpeg-js';
import * as mupdf from 'mupdf';
import { PNG } from 'pngjs';
import { mulberry32 } from '../../src/lib/prng.js';
import { evalFonts } from './fonts.js';

/**
 * The OCR evaluation set (issue 29): documents laid out the way Japanese companies send them, written apart
 * from the extractor and from the older fixture generator (src/modules/ocr-documents/ocr-fixtures.ts) — its
 * own templates, names, fonts and degradations. Each document carries its truth. Deterministic (mulberry32).
 * Drawn with pdf-lib, rasterised with mupdf (RGB, so red stamps stay red), degraded in plain JavaScript.
 */

export const EVAL_LAYOUTS = [
  'two-column',
  'greeting-beside-issuer',
  'vertical-header',
  'bordered-table',
  'borderless-table',
  'handwritten-amounts',
  'stamp-over-text',
  'thermal-receipt',
  'photographed-receipt',
  'fax-200dpi',
  'multi-page-pdf',
  'mixed-rates-marks',
  'rotated-scan',
] as const;
export type EvalLayout = (typeof EVAL_LAYOUTS)[number];

export interface EvalTax {
  tax_category: '10' | '8';
  base: number;
  tax: number;
}
export interface EvalTruth {
  issuer_name: string;
  registration_number: string;
  transaction_date: string;
  total: number;
  taxes: EvalTax[];
}
export interface EvalDoc {
  id: string;
  layout: EvalLayout;
  bytes: Buffer;
  mime: 'image/png' | 'image/jpeg' | 'application/pdf';
  truth: EvalTruth;
}

const PREFIX = ['株式会社', '有限会社', '合同会社'];
const STEMS = [
  '青葉システム',
  '東海ロジスティクス',
  'ひかり印刷',
  '北陸精機',
  '城南フーズ',
  'あおぞら設計',
  '富士見電機',
  'かもめ運輸',
  '中央オフィス',
  '若草ベーカリー',
  '三協テクノ',
  '緑川商事',
  '大和クリーン',
  '花園珈琲',
  '白鳥デザイン',
  '日進ハウジング',
];
const RECIPIENTS = ['株式会社帳簿商事', '合同会社ミライ企画', '株式会社港北物産', '有限会社森田建設'];
const CITIES = [
  ['東京都千代田区神田錦町', '101-0054'],
  ['大阪府大阪市北区梅田', '530-0001'],
  ['愛知県名古屋市中区栄', '460-0008'],
  ['福岡県福岡市博多区博多駅前', '812-0011'],
  ['北海道札幌市中央区北一条西', '060-0001'],
  ['神奈川県横浜市西区みなとみらい', '220-0012'],
];
const GOODS10 = [
  'システム保守料',
  '配送料',
  'コピー用紙A4',
  'トナーカートリッジ',
  'デザイン費',
  '作業費',
  '清掃業務委託',
  'ケーブル',
];
const GOODS8 = ['ミネラルウォーター', '緑茶', '食パン', 'コーヒー豆', '菓子詰合せ', '弁当'];
const STORE_ITEMS10 = ['ボールペン', 'レジ袋', '乾電池', '洗剤', 'ノート'];
const STORE_ITEMS8 = ['おにぎり', '牛乳', 'サンドイッチ', 'お茶', 'パン'];

const yen = (v: number) => v.toLocaleString('en-US');

interface Item {
  name: string;
  qty: number;
  unit: number;
  amount: number;
  reduced: boolean;
}

interface Content {
  issuer: string;
  short: string;
  reg: string;
  zip: string;
  address: string;
  tel: string;
  fax: string;
  recipient: string;
  date: string;
  dateText: string;
  items: Item[];
  included: boolean;
  taxes: EvalTax[];
  total: number;
  number: string;
}

type Rand = () => number;

function content(rand: Rand, opts: { receipt: boolean; mixed: boolean; included: boolean; items?: number }): Content {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)];
  const stem = pick(STEMS);
  const pre = pick(PREFIX);
  // the legal-entity word before or after the name (前株 / 後株)
  const issuer = rand() < 0.3 ? `${stem}${pre}` : `${pre}${stem}`;
  const twelve = String(Math.floor(rand() * 1e12)).padStart(12, '0');
  const [city, zip] = pick(CITIES);
  const area = pick(['03', '06', '052', '092', '011', '045']);
  const mid = area.length === 2 ? 1000 + Math.floor(rand() * 8999) : 100 + Math.floor(rand() * 899);
  const tel = `${area}-${mid}-${1000 + Math.floor(rand() * 8999)}`;
  const fax = `${area}-${mid}-${1000 + Math.floor(rand() * 8999)}`;
  const n = opts.items ?? 2 + Math.floor(rand() * 4);
  const items: Item[] = [];
  for (let k = 0; k < n; k++) {
    const reduced = opts.mixed && (k % 2 === 1 || (k === n - 1 && !items.some((i) => i.reduced)));
    const qty = 1 + Math.floor(rand() * (opts.receipt ? 3 : 12));
    const unit = opts.receipt ? 80 + 10 * Math.floor(rand() * 40) : 500 + 10 * Math.floor(rand() * 2000);
    const name = pick(opts.receipt ? (reduced ? STORE_ITEMS8 : STORE_ITEMS10) : reduced ? GOODS8 : GOODS10);
    items.push({ name, qty, unit, amount: qty * unit, reduced });
  }
  const taxes: EvalTax[] = [];
  for (const rate of ['10', '8'] as const) {
    const sum = items.filter((i) => (rate === '8') === i.reduced).reduce((s, i) => s + i.amount, 0);
    if (sum === 0) continue;
    const r = Number(rate);
    if (opts.included) {
      const tax = Math.floor((sum * r) / (100 + r));
      taxes.push({ tax_category: rate, base: sum - tax, tax });
    } else taxes.push({ tax_category: rate, base: sum, tax: Math.floor((sum * r) / 100) });
  }
  const total = taxes.reduce((s, t) => s + t.base + t.tax, 0);
  const y = 2024 + Math.floor(rand() * 3);
  const m = 1 + Math.floor(rand() * 12);
  const d = 1 + Math.floor(rand() * 28);
  const date = `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  const style = Math.floor(rand() * 5);
  const dateText =
    style === 0
      ? `${y}年${m}月${d}日`
      : style === 1
        ? `令和${y - 2018}年${m}月${d}日`
        : style === 2
          ? `${y}/${String(m).padStart(2, '0')}/${String(d).padStart(2, '0')}`
          : style === 3
            ? `${y}年${String(m).padStart(2, '0')}月${String(d).padStart(2, '0')}日`
            : `R${y - 2018}.${m}.${d}`;
  return {
    issuer,
    short: stem.slice(0, 4),
    reg: `T${corporateNumberCheckDigit(twelve)}${twelve}`,
    zip,
    address: `${city}${1 + Math.floor(rand() * 9)}-${1 + Math.floor(rand() * 20)}-${1 + Math.floor(rand() * 15)}`,
    tel,
    fax,
    recipient: pick(RECIPIENTS),
    date,
    dateText,
    items,
    included: opts.included,
    taxes,
    total,
    number: `No.${Math.floor(rand() * 900000) + 100000}`,
  };
}

// ---------------------------------------------------------------- drawing on a PDF page (top-left origin, pt)

interface Ink {
  r: number;
  g: number;
  b: number;
}
const BLACK: Ink = { r: 0.08, g: 0.08, b: 0.1 };
const BLUE_PEN: Ink = { r: 0.1, g: 0.15, b: 0.45 };
const RED_STAMP: Ink = { r: 0.86, g: 0.18, b: 0.16 };

class Sheet {
  constructor(
    readonly page: PDFPage,
    readonly font: PDFFont,
    readonly bold: PDFFont,
    readonly rand: Rand,
  ) {}
  get W() {
    return this.page.getWidth();
  }
  get H() {
    return this.page.getHeight();
  }
  text(s: string, x: number, y: number, size: number, o: { bold?: boolean; ink?: Ink; font?: PDFFont } = {}) {
    const ink = o.ink ?? BLACK;
    this.page.drawText(s, {
      x,
      y: this.H - y - size,
      size,
      font: o.font ?? (o.bold ? this.bold : this.font),
      color: rgb(ink.r, ink.g, ink.b),
    });
  }
  /** Right-aligned at x. */
  right(s: string, x: number, y: number, size: number, o: { bold?: boolean; ink?: Ink } = {}) {
    const w = (o.bold ? this.bold : this.font).widthOfTextAtSize(s, size);
    this.text(s, x - w, y, size, o);
  }
  width(s: string, size: number, bold = false) {
    return (bold ? this.bold : this.font).widthOfTextAtSize(s, size);
  }
  /** Characters one below the other (縦書き). */
  vertical(s: string, x: number, y: number, size: number, bold = true) {
    [...s].forEach((ch, i) => {
      this.text(ch, x, y + i * size * 1.15, size, { bold });
    });
  }
  /** Handwriting-like: each character on its own with jitter in place, size and angle. */
  hand(s: string, x: number, y: number, size: number, font: PDFFont) {
    let cx = x;
    for (const ch of s) {
      const sz = size * (0.92 + this.rand() * 0.16);
      this.page.drawText(ch, {
        x: cx + (this.rand() - 0.5) * 1.5,
        y: this.H - y - size + (this.rand() - 0.5) * 2.5,
        size: sz,
        font,
        color: rgb(BLUE_PEN.r, BLUE_PEN.g, BLUE_PEN.b),
        rotate: degrees((this.rand() - 0.5) * 8),
      });
      cx += font.widthOfTextAtSize(ch, sz) * (0.95 + this.rand() * 0.12);
    }
  }
  line(x0: number, y0: number, x1: number, y1: number, t = 0.6) {
    this.page.drawLine({
      start: { x: x0, y: this.H - y0 },
      end: { x: x1, y: this.H - y1 },
      thickness: t,
      color: rgb(0.15, 0.15, 0.18),
    });
  }
  rect(x: number, y: number, w: number, h: number, t = 0.6) {
    this.page.drawRectangle({
      x,
      y: this.H - y - h,
      width: w,
      height: h,
      borderWidth: t,
      borderColor: rgb(0.15, 0.15, 0.18),
    });
  }
  fill(x: number, y: number, w: number, h: number, grey: number) {
    this.page.drawRectangle({ x, y: this.H - y - h, width: w, height: h, color: rgb(grey, grey, grey) });
  }
  /** A red 印影: a round or square seal with the company's short name, translucent over what is below. */
  stamp(cx: number, cy: number, r: number, label: string, square: boolean) {
    const color = rgb(RED_STAMP.r, RED_STAMP.g, RED_STAMP.b);
    if (square)
      this.page.drawRectangle({
        x: cx - r,
        y: this.H - cy - r,
        width: 2 * r,
        height: 2 * r,
        borderWidth: 2.2,
        borderColor: color,
        borderOpacity: 0.85,
        rotate: degrees((this.rand() - 0.5) * 10),
      });
    else
      this.page.drawEllipse({
        x: cx,
        y: this.H - cy,
        xScale: r,
        yScale: r,
        borderWidth: 2,
        borderColor: color,
        borderOpacity: 0.85,
      });
    const chars = [...label].slice(0, 4);
    const size = (r * 1.5) / 2;
    chars.forEach((ch, i) => {
      const col = i < 2 ? 1 : 0;
      const row = i % 2;
      this.page.drawText(ch, {
        x: cx - size + col * size * 0.95 - size * 0.05,
        y: this.H - cy + size * 0.05 - (row + 1) * size * 0.95 + size,
        size,
        font: this.bold,
        color,
        opacity: 0.8,
      });
    });
  }
}

function taxLines(c: Content): string[] {
  return c.taxes.map((t) =>
    c.included
      ? `${t.tax_category}%対象 ¥${yen(t.base + t.tax)} (内消費税 ¥${yen(t.tax)})`
      : `${t.tax_category}%対象 ¥${yen(t.base)} 消費税 ¥${yen(t.tax)}`,
  );
}

function issuerBlock(s: Sheet, c: Content, x: number, y: number, size: number, order = 0) {
  const rows: [string, number, boolean][] = [[c.issuer, size + 2, true]];
  const rest: [string, number, boolean][] = [
    [`〒${c.zip}`, size - 1, false],
    [c.address, size - 1, false],
    [`TEL ${c.tel}  FAX ${c.fax}`, size - 1, false],
    [`登録番号 ${c.reg}`, size - 1, false],
  ];
  if (order === 1) rest.unshift(rest.pop() as [string, number, boolean]);
  rows.push(...rest);
  let yy = y;
  for (const [t, sz, b] of rows) {
    s.text(t, x, yy, sz, { bold: b });
    yy += sz * 1.6;
  }
  return yy;
}

function titleText(rand: Rand) {
  return ['請求書', '御請求書', 'ご請求書', '請求書（適格請求書）'][Math.floor(rand() * 4)];
}
function dateLabel(rand: Rand) {
  return ['請求日', '発行日', '請求日付', '日付'][Math.floor(rand() * 4)];
}

/** Items table. `grid` draws every cell's borders; otherwise only a rule under the header (or nothing). */
function itemsTable(s: Sheet, c: Content, x: number, y: number, w: number, grid: boolean, rule: boolean, size = 9.5) {
  const cols = [x, x + w * 0.5, x + w * 0.62, x + w * 0.8, x + w];
  const rowH = size * 2;
  const head = ['品名', '数量', '単価', '金額'];
  if (grid) s.fill(x, y, w, rowH, 0.9);
  head.forEach((h, i) => {
    s.text(h, cols[i] + 4, y + size * 0.5, size, { bold: true });
  });
  let yy = y + rowH;
  if (rule || grid) s.line(x, yy, x + w, yy);
  for (const it of c.items) {
    s.text(`${it.name}${it.reduced ? ' ※' : ''}`, cols[0] + 4, yy + size * 0.5, size);
    s.right(String(it.qty), cols[2] - 6, yy + size * 0.5, size);
    s.right(yen(it.unit), cols[3] - 6, yy + size * 0.5, size);
    s.right(yen(it.amount), cols[4] - 6, yy + size * 0.5, size);
    yy += rowH;
    if (grid) s.line(x, yy, x + w, yy, 0.4);
  }
  if (grid) {
    s.rect(x, y, w, yy - y);
    for (const cx of cols.slice(1, -1)) s.line(cx, y, cx, yy, 0.4);
  }
  return yy;
}

/** The tax summary: labelled cells (10%対象 | base | 消費税 | tax) and the 合計 row. */
function summaryTable(s: Sheet, c: Content, x: number, y: number, w: number, grid: boolean, size = 9.5) {
  const rowH = size * 2.1;
  let yy = y;
  const rows: [string, string][] = [];
  for (const t of c.taxes) {
    if (c.included) {
      rows.push([`${t.tax_category}%対象(税込)`, `¥${yen(t.base + t.tax)}`]);
      rows.push([`内消費税(${t.tax_category}%)`, `¥${yen(t.tax)}`]);
    } else {
      rows.push([`${t.tax_category}%対象`, `¥${yen(t.base)}`]);
      rows.push([`消費税(${t.tax_category}%)`, `¥${yen(t.tax)}`]);
    }
  }
  rows.push([c.included ? '合計(税込)' : '合計', `¥${yen(c.total)}`]);
  for (const [label, value] of rows) {
    const last = label.startsWith('合計');
    s.text(label, x + 4, yy + size * 0.5, size, { bold: last });
    s.right(value, x + w - 6, yy + size * 0.5, size, { bold: last });
    yy += rowH;
    if (grid) s.line(x, yy, x + w, yy, 0.4);
  }
  if (grid) {
    s.rect(x, y, w, yy - y);
    s.line(x + w * 0.5, y, x + w * 0.5, yy, 0.4);
  }
  return yy;
}

// ---------------------------------------------------------------- templates

type Template = (s: Sheet, c: Content, v: number) => void;

/** 御中 on the left, the issuer block on the right; the amount due under the recipient. */
const twoColumn: Template = (s, c, v) => {
  const m = 44 + v * 4;
  s.text(titleText(s.rand), s.W / 2 - 40, 48, 22, { bold: true });
  s.right(`${dateLabel(s.rand)} ${c.dateText}`, s.W - m, 90, 9.5);
  s.right(`請求番号 ${c.number}`, s.W - m, 106, 9.5);
  s.text(`${c.recipient} 御中`, m, 130, 13);
  s.line(m, 150, m + 230, 150, 0.8);
  issuerBlock(s, c, s.W - m - 220, 140, 9.5, v % 2);
  s.text('ご請求金額', m, 200, 11);
  s.text(`¥${yen(c.total)}-`, m + 80, 196, 17, { bold: true });
  s.line(m, 220, m + 250, 220, 1);
  const y = itemsTable(s, c, m, 290, s.W - 2 * m, v % 2 === 0, true);
  summaryTable(s, c, s.W - m - 230, y + 16, 230, v % 2 === 0);
  if (c.taxes.some((t) => t.tax_category === '8')) s.text('※は軽減税率(8%)対象', m, y + 20, 8.5);
};

/** The greeting line at the height of the issuer's name (the line tesseract glues together). */
const greeting: Template = (s, c, v) => {
  const m = 48;
  s.text(titleText(s.rand), m, 50, 20, { bold: true });
  s.text(`${c.recipient} 御中`, m, 100, 12.5);
  const ix = s.W - m - 215;
  s.text(
    ['下記の通りご請求申し上げます。', '毎度ありがとうございます。下記の通りご請求いたします。'][v % 2],
    m,
    140,
    10,
  );
  issuerBlock(s, c, ix, 136, 9.5);
  s.text(`${dateLabel(s.rand)}: ${c.dateText}`, m, 160, 9.5);
  s.text('ご請求金額(税込)', m, 196, 11, { bold: true });
  s.text(`${yen(c.total)}円`, m + 110, 194, 15, { bold: true });
  const y = itemsTable(s, c, m, 250, s.W - 2 * m, false, true);
  let yy = y + 14;
  for (const l of taxLines(c)) {
    s.right(l, s.W - m, yy, 9.5);
    yy += 17;
  }
  s.right(`合計金額 ¥${yen(c.total)}`, s.W - m, yy + 4, 12, { bold: true });
};

/** A vertical 縦書き title along the right edge; the rest horizontal. */
const verticalHeader: Template = (s, c, v) => {
  const m = 46;
  s.vertical(titleText(s.rand).replace(/（.*）/, ''), s.W - m - 20, 50, 22);
  s.text(`${c.recipient} 様`, m, 70, 13);
  s.text(`${dateLabel(s.rand)} ${c.dateText}`, m, 100, 9.5);
  issuerBlock(s, c, m, 140, 9.5, v % 2);
  s.text(`ご請求額 ¥${yen(c.total)}`, m, 250, 14, { bold: true });
  const y = itemsTable(s, c, m, 290, s.W - 2 * m - 50, v % 2 === 1, true);
  summaryTable(s, c, s.W - m - 280, y + 14, 230, false);
};

/** Every cell bordered, the tax summary a grid with 税率 | 対象額 | 消費税額 columns. */
const borderedTable: Template = (s, c) => {
  const m = 40;
  s.text(titleText(s.rand), m, 46, 20, { bold: true });
  s.rect(m - 6, 40, 140, 30, 1.2);
  s.text(`${c.recipient} 御中`, m, 96, 12);
  issuerBlock(s, c, s.W - m - 215, 60, 9);
  s.text(`${dateLabel(s.rand)} ${c.dateText}`, m, 124, 9.5);
  // 合計 in a bordered box
  s.rect(m, 160, 260, 34, 1);
  s.fill(m + 0.5, 160.5, 90, 33, 0.88);
  s.text('ご請求金額', m + 12, 171, 11, { bold: true });
  s.right(`¥${yen(c.total)}`, m + 250, 168, 15, { bold: true });
  const y = itemsTable(s, c, m, 230, s.W - 2 * m, true, true);
  // grid: 税率 | 対象金額 | 消費税額
  const x = s.W - m - 300;
  const cols = [x, x + 90, x + 200, x + 300];
  let yy = y + 18;
  s.fill(x, yy, 300, 20, 0.9);
  ['税率', '対象金額', '消費税額'].forEach((h, i) => {
    s.text(h, cols[i] + 6, yy + 5, 9.5, { bold: true });
  });
  const top = yy;
  yy += 20;
  for (const t of c.taxes) {
    s.line(x, yy, x + 300, yy, 0.4);
    s.text(`${t.tax_category}%対象`, cols[0] + 6, yy + 5, 9.5);
    s.right(yen(c.included ? t.base + t.tax : t.base), cols[2] - 6, yy + 5, 9.5);
    s.right(yen(t.tax), cols[3] - 6, yy + 5, 9.5);
    yy += 20;
  }
  s.line(x, yy, x + 300, yy, 0.4);
  s.text(c.included ? '合計(税込)' : '合計', cols[0] + 6, yy + 5, 10, { bold: true });
  s.right(yen(c.total), cols[3] - 6, yy + 5, 10, { bold: true });
  yy += 20;
  s.rect(x, top, 300, yy - top);
  for (const cx of cols.slice(1, -1)) s.line(cx, top, cx, yy, 0.4);
};

/** No rules at all: columns only by alignment, the summary labels far left of their amounts. */
const borderless: Template = (s, c, v) => {
  const m = 54;
  s.text(`${c.recipient}　御中`, m, 60, 12);
  s.text(titleText(s.rand), s.W / 2 - 30, 100, 18, { bold: true });
  issuerBlock(s, c, s.W - m - 205, 130, 9);
  s.text(`${dateLabel(s.rand)}　${c.dateText}`, m, 140, 9.5);
  s.text(`今回ご請求額　　${yen(c.total)} 円`, m, 175, 12, { bold: true });
  const y = itemsTable(s, c, m, 250, s.W - 2 * m, false, v % 2 === 0);
  let yy = y + 20;
  const lx = s.W / 2;
  for (const t of c.taxes) {
    s.text(c.included ? `${t.tax_category}%対象(税込)` : `${t.tax_category}%対象`, lx, yy, 9.5);
    s.right(yen(c.included ? t.base + t.tax : t.base), s.W - m, yy, 9.5);
    yy += 18;
    s.text(`${c.included ? '内' : ''}消費税(${t.tax_category}%)`, lx, yy, 9.5);
    s.right(yen(t.tax), s.W - m, yy, 9.5);
    yy += 18;
  }
  s.text('合　計', lx, yy + 4, 11, { bold: true });
  s.right(yen(c.total), s.W - m, yy + 4, 11, { bold: true });
};

/** A printed 領収証 form filled in by hand: amount, date and the tax line in pen. */
function handwrittenTemplate(hand: PDFFont): Template {
  return (s, c) => {
    const m = 40;
    s.rect(20, 20, s.W - 40, s.H - 40, 1.2);
    s.text('領 収 証', s.W / 2 - 40, 36, 22, { bold: true });
    s.text('No.', s.W - 150, 40, 10);
    s.text('様', m + 250, 92, 13);
    s.line(m, 112, m + 270, 112, 0.8);
    s.hand(c.recipient, m + 10, 88, 15, hand);
    s.fill(m, 130, s.W - 2 * m, 44, 0.93);
    s.text('金額', m + 10, 144, 13);
    s.hand(`¥${yen(c.total)}-`, m + 90, 138, 24, hand);
    s.text('但し お品代として 上記正に領収いたしました', m, 190, 10);
    s.text('日付', m, 222, 10);
    s.hand(c.dateText, m + 40, 218, 13, hand);
    let yy = 250;
    s.text('内訳', m, yy, 9.5);
    yy += 18;
    for (const t of c.taxes) {
      s.text(c.included ? `${t.tax_category}%対象(税込)` : `${t.tax_category}%対象`, m, yy, 9.5);
      s.hand(yen(c.included ? t.base + t.tax : t.base), m + 90, yy - 2, 12, hand);
      s.text(c.included ? '内消費税' : '消費税', m + 170, yy, 9.5);
      s.hand(yen(t.tax), m + 225, yy - 2, 12, hand);
      yy += 20;
    }
    issuerBlock(s, c, s.W - 250, s.H - 150, 8.5);
    s.stamp(s.W - 70, s.H - 128, 20, c.short, true);
  };
}

/** A two-column invoice whose round 印影 sits over the issuer's name and registration number. */
const stampOver: Template = (s, c, v) => {
  twoColumn(s, c, v);
  const m = 44 + v * 4;
  const x = s.W - m - 220;
  const nameW = s.width(c.issuer, 11.5, true);
  s.stamp(x + nameW - 8 + s.rand() * 20, 150 + s.rand() * 30, 24, c.short, v % 2 === 1);
};

/** A thermal receipt (58 mm): faint print, the store on top, 登録番号 at the bottom or top. */
const thermal: Template = (s, c, v) => {
  const m = 10;
  const faint: Ink = { r: 0.3, g: 0.3, b: 0.32 };
  let y = 18;
  const t = (text: string, size = 8, o: { bold?: boolean; center?: boolean; right?: string } = {}) => {
    if (o.center) s.text(text, (s.W - s.width(text, size, o.bold)) / 2, y, size, { bold: o.bold, ink: faint });
    else s.text(text, m, y, size, { bold: o.bold, ink: faint });
    if (o.right) s.right(o.right, s.W - m, y, size, { bold: o.bold, ink: faint });
    y += size * 1.55;
  };
  t(c.issuer, 10, { bold: true, center: true });
  t(`${['駅前店', '本店', '中央店'][v % 3]}`, 8, { center: true });
  t(`TEL ${c.tel}`, 7.5, { center: true });
  if (v % 2 === 0) t(`登録番号 ${c.reg}`, 7, { center: true });
  y += 4;
  t(v % 3 === 0 ? 'レシート' : '領収書', 10, { bold: true, center: true });
  t(`${c.dateText} ${10 + (v % 9)}:${String(10 + v * 7).slice(-2)}`, 7.5);
  y += 2;
  for (const it of c.items) t(`${it.reduced ? '※' : ' '}${it.name}`, 8, { right: `¥${yen(it.amount)}` });
  y += 4;
  const sub = c.items.reduce((a, i) => a + i.amount, 0);
  t('小計', 8, { right: `¥${yen(sub)}` });
  for (const x of c.taxes) {
    if (c.included) {
      t(`(${x.tax_category}%対象`, 7.5, { right: `¥${yen(x.base + x.tax)})` });
      t(`(内消費税等 ${x.tax_category}%`, 7.5, { right: `¥${yen(x.tax)})` });
    } else {
      t(`${x.tax_category}%対象`, 7.5, { right: `¥${yen(x.base)}` });
      t(`消費税等(${x.tax_category}%)`, 7.5, { right: `¥${yen(x.tax)}` });
    }
  }
  t('合計', 11, { bold: true, right: `¥${yen(c.total)}` });
  const paid = Math.ceil((c.total + 1) / 1000) * 1000;
  t('お預り', 8, { right: `¥${yen(paid)}` });
  t('お釣り', 8, { right: `¥${yen(paid - c.total)}` });
  y += 4;
  if (c.taxes.some((x) => x.tax_category === '8')) t('※印は軽減税率対象商品です', 7);
  if (v % 2 === 1) t(`登録番号 ${c.reg}`, 7);
};

/** 2 pages: items on page 1 (continued), the totals and tax on page 2. */
function multiPage(doc: PDFDocument, font: PDFFont, bold: PDFFont, rand: Rand, c: Content) {
  const p1 = new Sheet(doc.addPage([595.28, 841.89]), font, bold, rand);
  twoColumnHeader(p1, c);
  const half = Math.ceil(c.items.length / 2);
  itemsTable(p1, { ...c, items: c.items.slice(0, half) }, 44, 290, p1.W - 88, true, true);
  p1.right('1 / 2　(次頁へ続く)', p1.W - 44, p1.H - 50, 9);
  const p2 = new Sheet(doc.addPage([595.28, 841.89]), font, bold, rand);
  p2.text(`${c.recipient} 御中　　請求書 (続き)`, 44, 40, 10);
  const y = itemsTable(p2, { ...c, items: c.items.slice(half) }, 44, 80, p2.W - 88, true, true);
  summaryTable(p2, c, p2.W - 44 - 230, y + 16, 230, true);
  p2.right('2 / 2', p2.W - 44, p2.H - 50, 9);
}
function twoColumnHeader(s: Sheet, c: Content) {
  s.text('請求書', s.W / 2 - 33, 48, 22, { bold: true });
  s.right(`${dateLabel(s.rand)} ${c.dateText}`, s.W - 44, 90, 9.5);
  s.text(`${c.recipient} 御中`, 44, 130, 13);
  issuerBlock(s, c, s.W - 44 - 220, 140, 9.5);
  s.text('ご請求金額', 44, 200, 11);
  s.text(`¥${yen(c.total)}-`, 124, 196, 17, { bold: true });
}

/** A 税込 invoice whose items carry ※ and whose summary reads 「※印は軽減税率8%対象」. */
const mixedMarks: Template = (s, c, v) => {
  const m = 50;
  s.text(titleText(s.rand), m, 44, 19, { bold: true });
  s.text(`${c.recipient} 御中`, m, 90, 12);
  issuerBlock(s, c, s.W - m - 210, 80, 9, v % 2);
  s.text(`${dateLabel(s.rand)} ${c.dateText}`, m, 116, 9.5);
  s.text(`ご請求金額 ¥${yen(c.total)} (税込)`, m, 160, 14, { bold: true });
  const y = itemsTable(s, c, m, 220, s.W - 2 * m, v % 2 === 0, true);
  s.text('※印は軽減税率(8%)対象商品', m, y + 10, 8.5);
  let yy = y + 30;
  for (const l of taxLines(c)) {
    s.right(l, s.W - m, yy, 9.5);
    yy += 17;
  }
  s.right(`税込合計 ¥${yen(c.total)}`, s.W - m, yy + 4, 12, { bold: true });
};

// ---------------------------------------------------------------- images

interface Img {
  w: number;
  h: number;
  /** RGB */
  px: Uint8Array;
}

function renderPage(pdf: Uint8Array, index: number, dpi: number): Img {
  const doc = mupdf.Document.openDocument(pdf, 'application/pdf');
  const page = doc.loadPage(index);
  const s = dpi / 72;
  const pix = page.toPixmap(mupdf.Matrix.scale(s, s), mupdf.ColorSpace.DeviceRGB, false, true);
  const w = pix.getWidth();
  const h = pix.getHeight();
  const stride = pix.getStride();
  const src = pix.getPixels();
  const px = new Uint8Array(w * h * 3);
  for (let y = 0; y < h; y++) px.set(src.subarray(y * stride, y * stride + w * 3), y * w * 3);
  pix.destroy();
  page.destroy();
  doc.destroy();
  return { w, h, px };
}

function sample(img: Img, x: number, y: number, out: number[], bg: number[]) {
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  if (x0 < 0 || y0 < 0 || x0 >= img.w - 1 || y0 >= img.h - 1) {
    out[0] = bg[0];
    out[1] = bg[1];
    out[2] = bg[2];
    return;
  }
  const fx = x - x0;
  const fy = y - y0;
  for (let c = 0; c < 3; c++) {
    const i = (y0 * img.w + x0) * 3 + c;
    const a = img.px[i] * (1 - fx) + img.px[i + 3] * fx;
    const b = img.px[i + img.w * 3] * (1 - fx) + img.px[i + img.w * 3 + 3] * fx;
    out[c] = a * (1 - fy) + b * fy;
  }
}

/** Rotation by `deg` about the centre (bilinear, white corners); 90/180/270 exactly. */
function rotate(input: Img, deg: number): Img {
  const quarter = ((Math.round(deg / 90) % 4) + 4) % 4;
  let img = input;
  if (quarter !== 0) {
    const w = quarter % 2 ? img.h : img.w;
    const h = quarter % 2 ? img.w : img.h;
    const px = new Uint8Array(w * h * 3);
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        const [sx, sy] =
          quarter === 1 ? [y, img.h - 1 - x] : quarter === 2 ? [img.w - 1 - x, img.h - 1 - y] : [img.w - 1 - y, x];
        const si = (sy * img.w + sx) * 3;
        const di = (y * w + x) * 3;
        px[di] = img.px[si];
        px[di + 1] = img.px[si + 1];
        px[di + 2] = img.px[si + 2];
      }
    img = { w, h, px };
  }
  const rest = deg - Math.round(deg / 90) * 90;
  if (rest === 0) return img;
  const a = (rest * Math.PI) / 180;
  const cos = Math.cos(a);
  const sin = Math.sin(a);
  const px = new Uint8Array(img.px.length);
  const o = [0, 0, 0];
  const white = [250, 250, 248];
  for (let y = 0; y < img.h; y++)
    for (let x = 0; x < img.w; x++) {
      const dx = x - img.w / 2;
      const dy = y - img.h / 2;
      sample(img, cos * dx + sin * dy + img.w / 2, -sin * dx + cos * dy + img.h / 2, o, white);
      const i = (y * img.w + x) * 3;
      px[i] = o[0];
      px[i + 1] = o[1];
      px[i + 2] = o[2];
    }
  return { w: img.w, h: img.h, px };
}

/** Solves the 8 homography coefficients mapping (x, y) of `from` to `to` (4 point pairs). */
function homography(from: number[][], to: number[][]): number[] {
  const A: number[][] = [];
  for (let i = 0; i < 4; i++) {
    const [x, y] = from[i];
    const [u, v] = to[i];
    A.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u]);
    A.push([0, 0, 0, x, y, 1, -v * x, -v * y, v]);
  }
  for (let c = 0; c < 8; c++) {
    let p = c;
    for (let r = c + 1; r < 8; r++) if (Math.abs(A[r][c]) > Math.abs(A[p][c])) p = r;
    [A[c], A[p]] = [A[p], A[c]];
    for (let r = 0; r < 8; r++) {
      if (r === c) continue;
      const f = A[r][c] / A[c][c];
      for (let k = c; k < 9; k++) A[r][k] -= f * A[c][k];
    }
  }
  return A.map((row, i) => row[8] / row[i]);
}

/**
 * A phone photo of a receipt: the paper on a darker table, in slight perspective, with a soft shadow across
 * it and uneven light; JPEG at quality 72.
 */
function photograph(img: Img, rand: Rand): Img {
  const pad = Math.round(img.w * 0.25);
  const W = img.w + 2 * pad;
  const H = img.h + Math.round(pad * 1.2);
  const j = () => (rand() - 0.5) * pad * 0.6;
  const corners = [
    [pad + j(), pad * 0.6 + j()],
    [W - pad + j(), pad * 0.6 + j()],
    [W - pad + j(), H - pad * 0.6 + j()],
    [pad + j(), H - pad * 0.6 + j()],
  ];
  const src = [
    [0, 0],
    [img.w, 0],
    [img.w, img.h],
    [0, img.h],
  ];
  const h = homography(corners, src);
  const px = new Uint8Array(W * H * 3);
  const table = [118, 96, 74];
  const o = [0, 0, 0];
  const sx0 = rand() * W;
  const slope = 0.4 + rand() * 0.6;
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const d = h[6] * x + h[7] * y + 1;
      sample(img, (h[0] * x + h[1] * y + h[2]) / d, (h[3] * x + h[4] * y + h[5]) / d, o, table);
      // light falls off to one corner; a soft-edged shadow (a hand, the phone) over one side
      const light = 0.78 + 0.22 * (1 - (x / W + y / H) / 2);
      const edge = x - (sx0 + slope * (y - H / 2));
      const shadow = 1 - 0.32 / (1 + Math.exp(edge / (W * 0.03)));
      const i = (y * W + x) * 3;
      for (let c = 0; c < 3; c++) px[i + c] = Math.max(0, Math.min(255, o[c] * light * shadow + (rand() - 0.5) * 10));
    }
  return { w: W, h: H, px };
}

/** A fax: binarised with a jittered threshold, specks, a streak, the transmission header line on top. */
function fax(img: Img, rand: Rand): Img {
  const px = new Uint8Array(img.px.length);
  for (let i = 0; i < img.w * img.h; i++) {
    const g = 0.299 * img.px[i * 3] + 0.587 * img.px[i * 3 + 1] + 0.114 * img.px[i * 3 + 2];
    let v = g < 150 + (rand() - 0.5) * 50 ? 0 : 255;
    if (rand() < 0.002) v = 0;
    px[i * 3] = v;
    px[i * 3 + 1] = v;
    px[i * 3 + 2] = v;
  }
  const streak = Math.floor(img.h * (0.55 + rand() * 0.3));
  for (let x = 0; x < img.w; x++) if (rand() < 0.7) for (let c = 0; c < 3; c++) px[(streak * img.w + x) * 3 + c] = 0;
  return { w: img.w, h: img.h, px };
}

/** A flatbed scan: light grey paper, mild noise. */
function scanNoise(img: Img, rand: Rand, amount: number): Img {
  const px = new Uint8Array(img.px.length);
  // the paper a little grey, sparse sensor noise (dense noise would only make the PNGs huge)
  for (let i = 0; i < img.px.length; i += 3) {
    const n = rand() < 0.08 ? (rand() - 0.5) * amount * 3 : 0;
    for (let c = 0; c < 3; c++) px[i + c] = Math.max(0, Math.min(255, Math.round(img.px[i + c] * 0.96 + n)));
  }
  return { w: img.w, h: img.h, px };
}

function encode(img: Img, format: 'png' | 'jpeg', quality = 85): Buffer {
  if (format === 'jpeg') {
    const rgba = Buffer.alloc(img.w * img.h * 4);
    for (let i = 0; i < img.w * img.h; i++) {
      rgba[i * 4] = img.px[i * 3];
      rgba[i * 4 + 1] = img.px[i * 3 + 1];
      rgba[i * 4 + 2] = img.px[i * 3 + 2];
      rgba[i * 4 + 3] = 255;
    }
    return Buffer.from(jpeg.encode({ data: rgba, width: img.w, height: img.h }, quality).data);
  }
  const options = { colorType: 2, inputColorType: 2, inputHasAlpha: false } as const;
  const png = new PNG({ width: img.w, height: img.h, ...options });
  png.data = Buffer.from(img.px.buffer, img.px.byteOffset, img.px.byteLength);
  return PNG.sync.write(png, options);
}

// ---------------------------------------------------------------- the set

/** `perLayout` documents of each layout (default 5: 65 documents), the same bytes every run for a seed. */
export async function evalDocuments(perLayout = 5, seed = 2929): Promise<EvalDoc[]> {
  const fonts = evalFonts();
  const byName = (n: string) => fonts.find((f) => f.name === n) ?? fonts[1];
  const out: EvalDoc[] = [];
  for (const [li, layout] of EVAL_LAYOUTS.entries()) {
    for (let v = 0; v < perLayout; v++) {
      const rand = mulberry32(seed * 1000 + li * 37 + v);
      const receipt = layout === 'thermal-receipt' || layout === 'photographed-receipt';
      const mixed = layout === 'mixed-rates-marks' || receipt || rand() < 0.4;
      const included = layout === 'mixed-rates-marks' || (receipt ? v % 3 !== 2 : rand() < 0.25);
      const c = content(rand, { receipt, mixed, included, items: layout === 'multi-page-pdf' ? 24 : undefined });
      const doc = await PDFDocument.create();
      doc.registerFontkit(fontkit as Parameters<typeof doc.registerFontkit>[0]);
      // fonts vary per document: sans in several weights, serif, mono for receipts
      const bodyName = receipt
        ? ['mono-400', 'sans-400', 'sans-500'][v % 3]
        : ['sans-400', 'serif-400', 'sans-300', 'sans-500', 'serif-400'][v % 5];
      const boldName = bodyName.startsWith('serif') ? 'serif-700' : ['sans-700', 'sans-900'][v % 2];
      const font = await doc.embedFont(byName(bodyName).bytes, { subset: true });
      const bold = await doc.embedFont(byName(boldName).bytes, { subset: true });
      if (layout === 'multi-page-pdf') multiPage(doc, font, bold, rand, c);
      else {
        const size: [number, number] = receipt
          ? [164, 300 + 20 * c.items.length + 40 * c.taxes.length]
          : [595.28, 841.89];
        const s = new Sheet(doc.addPage(size), font, bold, rand);
        const hand = await doc.embedFont(byName(['sans-300', 'serif-400'][v % 2]).bytes, { subset: true });
        const templates: Record<Exclude<EvalLayout, 'multi-page-pdf'>, Template> = {
          'two-column': twoColumn,
          'greeting-beside-issuer': greeting,
          'vertical-header': verticalHeader,
          'bordered-table': borderedTable,
          'borderless-table': borderless,
          'handwritten-amounts': handwrittenTemplate(hand),
          'stamp-over-text': stampOver,
          'thermal-receipt': thermal,
          'photographed-receipt': thermal,
          'fax-200dpi': [twoColumn, borderless, greeting][v % 3],
          'mixed-rates-marks': mixedMarks,
          'rotated-scan': [twoColumn, borderedTable, mixedMarks, greeting, verticalHeader][v % 5],
        };
        templates[layout](s, c, v);
        if (layout === 'fax-200dpi') {
          // the transmission line a fax machine prints on top (another date, another number)
          s.text(
            `2026/01/${String(10 + v).padStart(2, '0')} 09:4${v} FROM:${c.fax} TO:0120-000-111 P.001/001`,
            20,
            8,
            7,
          );
        }
      }
      const pdf = await doc.save();
      const truth: EvalTruth = {
        issuer_name: c.issuer,
        registration_number: c.reg,
        transaction_date: c.date,
        total: c.total,
        taxes: c.taxes,
      };
      const id = `${layout}-${v + 1}`;
      if (layout === 'multi-page-pdf') {
        out.push({ id, layout, bytes: Buffer.from(pdf), mime: 'application/pdf', truth });
        continue;
      }
      let img: Img;
      let format: 'png' | 'jpeg' = 'png';
      let quality = 85;
      if (layout === 'photographed-receipt') {
        img = photograph(renderPage(pdf, 0, 300), rand);
        format = 'jpeg';
        quality = 72;
      } else if (layout === 'thermal-receipt') img = scanNoise(renderPage(pdf, 0, 300), rand, 18);
      else if (layout === 'fax-200dpi') img = fax(renderPage(pdf, 0, 200), rand);
      else if (layout === 'rotated-scan') {
        const angle = [90, 180, -4.5, 6, 270][v % 5] + (v % 5 < 2 || v % 5 === 4 ? (rand() - 0.5) * 2 : 0);
        img = scanNoise(rotate(renderPage(pdf, 0, 250), angle), rand, 14);
        format = v % 2 ? 'jpeg' : 'png';
      } else {
        img = scanNoise(renderPage(pdf, 0, [300, 250, 200][v % 3]), rand, 12);
        format = v % 4 === 3 ? 'jpeg' : 'png';
      }
      out.push({
        id,
        layout,
        bytes: encode(img, format, quality),
        mime: format === 'png' ? 'image/png' : 'image/jpeg',
        truth,
      });
    }
  }
  return out;
}
