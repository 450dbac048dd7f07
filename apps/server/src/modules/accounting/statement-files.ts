import type { PDFFont } from '@cantoo/pdf-lib';
import type { Ledger, Period, StatementRow, TrialBalance } from '@chobo/core';
import { formatDateJa } from '@chobo/core';
import type { FastifyReply } from 'fastify';
import { csvLine, csvWriter } from '../../lib/csv.js';
import { japanesePdf, pdfBytes } from '../../lib/pdf.js';
import { csvType, sendFile } from '../../lib/send-file.js';

/** A table to export: title, subtitle (company, period), column headers and rows of cells. */
export interface ExportTable {
  title: string;
  subtitle: string;
  headers: string[];
  /** Per column: numbers right-aligned. */
  numeric: boolean[];
  rows: { cells: (string | number | null)[]; level?: number; bold?: boolean }[];
  /** Relative column widths. */
  widths: number[];
}

/** The table as CSV: UTF-8 with BOM (Excel opens it) or Shift_JIS, CRLF. */
export function toCsv(t: ExportTable, encoding: 'utf8' | 'sjis' = 'utf8'): Buffer {
  const w = csvWriter(encoding);
  let text = csvLine([t.title], w.eol) + csvLine([t.subtitle], w.eol) + csvLine(t.headers, w.eol);
  for (const r of t.rows)
    text += csvLine(
      r.cells.map((c, i) => (i === 0 && r.level ? `${'　'.repeat(r.level)}${c}` : c)),
      w.eol,
    );
  return Buffer.concat([w.bom, w.encode(text)]);
}

const yenText = (v: number) => (v < 0 ? `△${Math.abs(v).toLocaleString('en-US')}` : (v + 0).toLocaleString('en-US'));
export const cellYen = (v: number | null) => (v === null ? '' : yenText(v));

/** A4 portrait PDF of the table in Noto Sans JP (subset embedded), paged with repeated headers. */
export async function toPdf(t: ExportTable): Promise<Buffer> {
  const { pdfLib, doc, regular, bold } = await japanesePdf({ title: t.title });
  const { rgb } = pdfLib;
  const W = 595.28;
  const H = 841.89;
  const margin = 40;
  const usable = W - margin * 2;
  const totalW = t.widths.reduce((s, x) => s + x, 0);
  const cols = t.widths.map((x) => (x / totalW) * usable);
  const size = 9;
  const rowH = 15;
  let page = doc.addPage([W, H]);
  let y = H - margin;
  let pageNo = 1;

  const text = (s: string, x: number, yy: number, font: PDFFont, sz = size) =>
    page.drawText(s, { x, y: yy, size: sz, font, color: rgb(0.1, 0.1, 0.1) });
  const fit = (s: string, font: PDFFont, width: number) => {
    let out = s;
    while (out.length > 1 && font.widthOfTextAtSize(out, size) > width) out = out.slice(0, -1);
    return out;
  };
  const header = () => {
    text(t.title, margin, y - 16, bold, 16);
    text(t.subtitle, margin, y - 34, regular, 9);
    y -= 52;
    let x = margin;
    page.drawRectangle({ x: margin, y: y - 4, width: usable, height: rowH, color: rgb(0.92, 0.94, 0.97) });
    t.headers.forEach((h, i) => {
      const w = bold.widthOfTextAtSize(h, size);
      text(h, t.numeric[i] ? x + cols[i] - w - 4 : x + 4, y, bold, size);
      x += cols[i];
    });
    y -= rowH;
  };
  const footer = () => text(`${pageNo}`, W / 2 - 4, margin / 2, regular, 8);
  header();
  for (const row of t.rows) {
    if (y < margin + rowH) {
      footer();
      page = doc.addPage([W, H]);
      pageNo++;
      y = H - margin;
      header();
    }
    const font = row.bold ? bold : regular;
    let x = margin;
    row.cells.forEach((c, i) => {
      const s = c === null ? '' : typeof c === 'number' ? yenText(c) : c;
      if (t.numeric[i]) {
        const w = font.widthOfTextAtSize(s, size);
        text(s, x + cols[i] - w - 4, y, font);
      } else {
        const indent = i === 0 ? (row.level ?? 0) * 10 : 0;
        text(fit(s, font, cols[i] - 8 - indent), x + 4 + indent, y, font);
      }
      x += cols[i];
    });
    if (row.bold)
      page.drawLine({
        start: { x: margin, y: y + rowH - 4 },
        end: { x: margin + usable, y: y + rowH - 4 },
        thickness: 0.5,
        color: rgb(0.6, 0.6, 0.6),
      });
    y -= rowH;
  }
  footer();
  return pdfBytes(doc);
}

/** The export table of a statement (rows with current and previous columns). */
export function statementTable(
  title: string,
  company: string,
  periodText: string,
  rows: StatementRow[],
  previousLabel: string | null,
): ExportTable {
  const headers = ['科目', '当期'];
  if (previousLabel) headers.push('前期');
  return {
    title,
    subtitle: `${company}　${periodText}　（単位：円）`,
    headers,
    numeric: [false, true, true],
    widths: previousLabel ? [3, 1.3, 1.3] : [3, 1.3],
    rows: rows.map((r) => ({
      cells: [r.label, r.amount, ...(previousLabel ? [r.previous] : [])],
      level: r.level,
      bold: r.kind !== 'account',
    })),
  };
}

export const periodText = (from: string, to: string) => `${formatDateJa(from)}〜${formatDateJa(to)}`;

/** 残高試算表 as a file: accounts with nothing in any column left out, then the totals. */
export function trialBalanceTable(data: TrialBalance, company: string, period: Period): ExportTable {
  return {
    title: '残高試算表',
    subtitle: `${company}　${periodText(period.from, period.to)}　（単位：円）`,
    headers: ['コード', '勘定科目', '期首残高', '借方', '貸方', '期末残高'],
    numeric: [false, false, true, true, true, true],
    widths: [0.8, 2.4, 1.3, 1.3, 1.3, 1.3],
    rows: [
      ...data.rows
        .filter((x) => x.opening !== 0 || x.debit !== 0 || x.credit !== 0 || x.closing !== 0)
        .map((x) => ({ cells: [x.code, x.name, x.opening, x.debit, x.credit, x.closing] })),
      { cells: ['', '合計', null, data.totals.debit, data.totals.credit, null], bold: true },
    ],
  };
}

/** 総勘定元帳 of one account as a file: 前期繰越, then every line with its running balance. */
export function ledgerTable(ledger: Ledger, company: string, period: Period): ExportTable {
  const acc = ledger.account;
  return {
    title: `総勘定元帳　${acc.code} ${acc.name}${ledger.customer ? `（取引先：${ledger.customer.name}）` : ''}`,
    subtitle: `${company}　${periodText(period.from, period.to)}　（単位：円）`,
    headers: ['日付', 'No.', '摘要', '相手科目', '借方', '貸方', '残高'],
    numeric: [false, true, false, false, true, true, true],
    widths: [1, 0.6, 2.6, 1.4, 1.1, 1.1, 1.2],
    rows: [
      { cells: ['', '', '前期繰越', '', null, null, cellYen(ledger.opening)] },
      ...ledger.lines.map((l) => ({
        cells: [
          l.date,
          l.entry_number,
          l.description,
          l.contra_account_name,
          l.debit || null,
          l.credit || null,
          l.balance,
        ],
      })),
    ],
  };
}

/**
 * Answers a table as the file `<baseName>.csv` (UTF-8 with BOM, or Shift_JIS) or `<baseName>.pdf` (A4), the
 * ASCII fallback name being the format: statements, ledgers and the payment reports.
 */
export async function sendTable(
  reply: FastifyReply,
  format: 'csv' | 'pdf',
  baseName: string,
  table: ExportTable,
  encoding: 'utf8' | 'sjis' = 'utf8',
) {
  const body = format === 'csv' ? toCsv(table, encoding) : await toPdf(table);
  const type = format === 'csv' ? csvType(encoding) : 'application/pdf';
  return sendFile(reply, body, { type, name: `${baseName}.${format}`, fallback: format });
}
