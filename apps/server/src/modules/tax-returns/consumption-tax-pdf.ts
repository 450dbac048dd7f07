import type { PDFFont, PDFPage } from '@cantoo/pdf-lib';
import {
  type ConsumptionTaxDraftInputs,
  type ConsumptionTaxResult,
  type CtaxFormRow,
  type CtaxFormSheet,
  type CtaxFormValue,
  consumptionTaxForms,
  digitBoxes,
  digitStringBoxes,
  toWareki,
} from '@chobo/core';
import { japanesePdf, pdfBytes } from '../../lib/pdf.js';
import { A4 } from '../invoices/pdf-sheet.js';
import { FIELD_H, FILL, FORM, type FormPen, formPen, MUTED, WARN } from './form-pen.js';

/**
 * The consumption-tax return as printed (issue 27), one A4 page per form: 第一表 (the national tax ①–⑯ on the
 * left, the local tax ⑰–㉖ on the right, every amount in 13 digit boxes), 第二表 (digit boxes), and the 付表
 * of the method as tables of the 6.24% / 7.8% / 合計 columns. The rows are core's `consumptionTaxForms` —
 * the same rows the preview screen shows; this file only draws them (Noto Sans JP, subset).
 */

const { W, H } = A4;
const M = 26;
const HW = W - 2 * M;
const BOXES = 13;
const BOX_W = 10.2;
const ROW = 19;

/** Who files: the company profile's header fields. */
export interface CtaxPdfHeader {
  name: string;
  name_kana: string;
  corporate_number: string;
  address: string;
  representative: string;
  tax_office: string;
  tel: string;
}

export interface CtaxPdfData {
  header: CtaxPdfHeader;
  period_start: string;
  period_end: string;
  inputs: ConsumptionTaxDraftInputs;
  result: ConsumptionTaxResult;
}

const wareki = (d: string) => toWareki(d).text;
/** A value as the form writes it: 0 and null blank unless the line is a total; a refund with －. */
function shown(v: CtaxFormValue, strong = false): string | null {
  if (v === null || typeof v === 'string') return v;
  if (v === 0 && !strong) return null;
  return v < 0 ? `－${(-v).toLocaleString('en-US')}` : v.toLocaleString('en-US');
}

/** The digit boxes of an amount ('－' for a refund); an amount too long for the boxes is written as text. */
function amountBoxes(v: CtaxFormValue, strong: boolean): string[] | string {
  if (typeof v === 'string') return v;
  if (v === null || (v === 0 && !strong)) return [];
  try {
    return digitBoxes(v, BOXES).map((c) => (c === '△' ? '－' : c));
  } catch {
    return shown(v, strong) ?? '';
  }
}

/** The title band of every page: the form's name, its code, the 課税期間 and the filer's name; returns y below. */
function titleBand(p: FormPen, sheet: CtaxFormSheet, data: CtaxPdfData) {
  let y = H - M - 12;
  p.text(p.fit(sheet.title, HW - 70, 11), M, y, { font: p.bold, size: 11 });
  p.text(sheet.code, W - M, y, { font: p.bold, size: 11, right: true, color: FORM });
  y -= 16;
  p.text(`課税期間　自 ${wareki(data.period_start)}　至 ${wareki(data.period_end)}`, M, y, { size: 8.5 });
  p.text(p.fit(`氏名又は名称　${data.header.name}`, HW / 2, 8.5), W - M, y, { size: 8.5, right: true });
  return y - 6;
}

/** 第一表's header: 税務署長殿, 納税地, 名称, 法人番号 in boxes, 代表者; returns y below it. */
function firstHeader(p: FormPen, h: CtaxPdfHeader, top: number) {
  let y = top - FIELD_H;
  p.field('税務署長殿', h.tax_office, M, y, HW * 0.4);
  p.field('提出日', '令和　　年　　月　　日', M + HW * 0.4, y, HW * 0.3);
  p.field('電話番号', h.tel, M + HW * 0.7, y, HW * 0.3);
  y -= FIELD_H;
  p.field('納税地', h.address, M, y, HW);
  y -= FIELD_H;
  p.field('（フリガナ）', h.name_kana, M, y, HW * 0.55, 7.5);
  p.field('（フリガナ）', '', M + HW * 0.55, y, HW * 0.45, 7.5);
  y -= FIELD_H;
  p.field('名称又は屋号', h.name, M, y, HW * 0.55, 9.5);
  p.field('代表者氏名', h.representative, M + HW * 0.55, y, HW * 0.45, 9.5);
  y -= FIELD_H + 2;
  p.rect(M, y, HW, FIELD_H + 2, FILL);
  p.label('個人番号又は法人番号', M + 3, y + FIELD_H - 6, 5.8);
  p.boxes(digitStringBoxes(h.corporate_number), M + 70, y + 2, 13, FIELD_H - 2, false);
  p.label('申告の種類：確定', M + HW - 80, y + 6, 7);
  return y - 6;
}

/** One line of a digit-box sheet: its number, its label (two lines if long), the amount in boxes. */
function boxRow(p: FormPen, row: CtaxFormRow, x: number, y: number, w: number) {
  p.rect(x, y, w, ROW, undefined, 0.3);
  p.text(row.no, x + 9, y + 6.5, { center: true, size: 7.5, font: p.bold, color: FORM });
  const boxesX = x + w - BOX_W * BOXES - 2;
  const labelW = boxesX - x - 22;
  const lines = p.wrap(row.label, labelW, 6.2);
  if (lines.length === 1) p.label(lines[0], x + 19, y + 7, 6.2);
  else {
    p.label(p.fit(lines[0], labelW, 5.6), x + 19, y + 11, 5.6);
    p.label(p.fit(lines.slice(1).join(''), labelW, 5.6), x + 19, y + 4, 5.6);
  }
  const boxes = amountBoxes(row.values[0], row.strong ?? false);
  if (typeof boxes === 'string') {
    p.rect(boxesX, y + 2, BOX_W * BOXES, ROW - 4);
    p.text(boxes, boxesX + BOX_W * BOXES - 3, y + 6.5, { right: true, size: 8.5, font: p.bold });
  } else p.boxes(boxes.length ? boxes : Array(BOXES).fill(''), boxesX, y + 2, BOX_W, ROW - 4);
}

/** The rows of a section in digit boxes under its heading; returns y below them. */
function boxSection(p: FormPen, heading: string | undefined, rows: CtaxFormRow[], x: number, top: number, w: number) {
  let y = top;
  if (heading) {
    y -= 12;
    p.text(p.fit(heading, w, 7.5), x, y + 3, { font: p.bold, size: 7.5, color: FORM });
  }
  for (const row of rows) {
    y -= ROW;
    boxRow(p, row, x, y, w);
  }
  return y;
}

function firstSheetBody(p: FormPen, sheet: CtaxFormSheet, data: CtaxPdfData, top: number) {
  const y0 = firstHeader(p, data.header, top);
  const colW = (HW - 8) / 2;
  const [national, local] = sheet.sections;
  const ly = boxSection(p, national.heading, national.rows, M, y0, colW);
  const ry = boxSection(p, local.heading, local.rows, M + colW + 8, y0, colW);
  return Math.min(ly, notes(p, sheet.notes, M + colW + 8, ry - 6, colW, '参考事項'));
}

function boxSheetBody(p: FormPen, sheet: CtaxFormSheet, top: number) {
  let y = top;
  for (const s of sheet.sections) y = boxSection(p, s.heading, s.rows, M, y - 4, HW);
  return notes(p, sheet.notes, M, y - 8, HW);
}

/** A 付表's row: number, label, the A / B / C amounts right-aligned in their columns. */
function tableRow(p: FormPen, row: CtaxFormRow, y: number, h: number, colX: number[], colW: number) {
  p.rect(M, y, HW, h, row.strong ? FILL : undefined, 0.3);
  p.text(row.no, M + 11, y + h / 2 - 2.5, { center: true, size: 7, font: p.bold, color: FORM });
  const labelW = colX[0] - M - 26;
  const lines = p.wrap(row.label, labelW, 6.3);
  const first = lines.length > 1 ? y + h / 2 + 1.5 : y + h / 2 - 2.3;
  lines.slice(0, 2).forEach((l, i) => {
    p.label(p.fit(l, labelW, 6.3), M + 24, first - i * 8, 6.3);
  });
  row.values.forEach((v, i) => {
    const x = colX[i];
    p.vline(x, y, y + h, 0.3);
    const s = shown(v, row.strong && i === row.values.length - 1);
    if (s === null && i < 2 && row.values[0] === null && row.values[1] === null) {
      p.page.drawRectangle({ x: x + 0.3, y: y + 0.3, width: colW - 0.6, height: h - 0.6, color: FILL });
    }
    if (s) p.text(s, x + colW - 4, y + h / 2 - 3, { right: true, size: 8, font: row.strong ? p.bold : p.regular });
  });
}

function tableSheetBody(p: FormPen, sheet: CtaxFormSheet, top: number) {
  const colW = 92;
  const colX = sheet.columns.map((_, i) => M + HW - colW * (sheet.columns.length - i));
  let y = top - 18;
  p.rect(M, y, HW, 18, FILL);
  p.label('区分', M + 24, y + 6, 7);
  sheet.columns.forEach((c, i) => {
    p.vline(colX[i], y, y + 18, 0.4);
    p.text(c, colX[i] + colW / 2, y + 6, { center: true, size: 6.8, color: FORM, font: p.bold });
  });
  for (const s of sheet.sections) {
    if (s.heading) {
      y -= 13;
      p.text(p.fit(s.heading, HW, 7.5), M + 2, y + 3.5, { font: p.bold, size: 7.5, color: FORM });
    }
    for (const row of s.rows) {
      const h = p.wrap(row.label, colX[0] - M - 26, 6.3).length > 1 ? 22 : 15;
      y -= h;
      tableRow(p, row, y, h, colX, colW);
    }
  }
  return notes(p, sheet.notes, M, y - 8, HW);
}

/** The sheet's notes as small lines; returns y below them. */
function notes(p: FormPen, lines: string[], x: number, top: number, w: number, heading?: string) {
  let y = top;
  if (heading) {
    y -= 9;
    p.text(heading, x, y, { font: p.bold, size: 7, color: FORM });
  }
  for (const line of lines) {
    for (const l of p.wrap(line, w, 6.8)) {
      y -= 9;
      p.text(l, x, y, { size: 6.8, color: MUTED });
    }
  }
  return y;
}

function footer(p: FormPen, bottom: number, page: number, pages: number) {
  const y = Math.max(bottom - 16, M + 10);
  p.text(
    '※ この申告書は帳簿から作成した下書きです。提出前に各金額・記載事項を必ずご自身（または税理士）で確認してください。',
    M,
    y,
    { size: 7, color: WARN },
  );
  p.text(`${page} / ${pages}`, W - M, M - 6, { size: 7, right: true, color: MUTED });
}

function drawSheet(page: PDFPage, fonts: { regular: PDFFont; bold: PDFFont }, sheet: CtaxFormSheet, data: CtaxPdfData) {
  const p = formPen(page, fonts.regular, fonts.bold);
  const top = titleBand(p, sheet, data);
  if (sheet.code === '第一表') return { p, bottom: firstSheetBody(p, sheet, data, top) };
  if (sheet.columns.length === 1) return { p, bottom: boxSheetBody(p, sheet, top) };
  return { p, bottom: tableSheetBody(p, sheet, top) };
}

/** The return's PDF: 第一表, 第二表 and the method's 付表, each on its own A4 page. */
export async function consumptionTaxPdf(data: CtaxPdfData): Promise<Buffer> {
  const sheets = consumptionTaxForms(data.inputs, data.result);
  const { doc, regular, bold } = await japanesePdf({
    title: `消費税及び地方消費税の確定申告書 ${wareki(data.period_start)}〜${wareki(data.period_end)}`,
    author: data.header.name || 'Chobo',
  });
  sheets.forEach((sheet, i) => {
    const { p, bottom } = drawSheet(doc.addPage([W, H]), { regular, bold }, sheet, data);
    footer(p, bottom, i + 1, sheets.length);
  });
  return pdfBytes(doc);
}
