import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { PDFFont } from '@cantoo/pdf-lib';
import type { StatementRow } from '@chobo/core';
import { formatDateJa } from '@chobo/core';
import { csvLine, csvWriter } from '../../lib/csv.js';

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

/** UTF-8 with BOM (Excel opens it), CRLF. */
export function toCsv(t: ExportTable): Buffer {
  const w = csvWriter('utf8');
  let text = csvLine([t.title], w.eol) + csvLine([t.subtitle], w.eol) + csvLine(t.headers, w.eol);
  for (const r of t.rows)
    text += csvLine(
      r.cells.map((c, i) => (i === 0 && r.level ? `${'　'.repeat(r.level)}${c}` : c)),
      w.eol,
    );
  return Buffer.concat([w.bom, w.encode(text)]);
}

const require = createRequire(import.meta.url);
let fontBytes: { regular: Buffer; bold: Buffer } | null = null;
/** The Noto Sans JP regular and bold font files (read once), for every PDF the server makes. */
export function pdfFonts() {
  if (!fontBytes) {
    fontBytes = {
      regular: readFileSync(require.resolve('@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf')),
      bold: readFileSync(require.resolve('@expo-google-fonts/noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf')),
    };
  }
  return fontBytes;
}

const yenText = (v: number) => (v < 0 ? `△${Math.abs(v).toLocaleString('en-US')}` : (v + 0).toLocaleString('en-US'));
export const cellYen = (v: number | null) => (v === null ? '' : yenText(v));

/** A4 portrait PDF of the table in Noto Sans JP (subset embedded), paged with repeated headers. */
export async function toPdf(t: ExportTable): Promise<Buffer> {
  // loaded on the first PDF, not at start: pdf-lib and fontkit were ≈ 0.3 s of a start (ADR 0025)
  const [{ PDFDocument, rgb }, fontkit] = await Promise.all([import('@cantoo/pdf-lib'), import('fontkit')]);
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit as Parameters<typeof doc.registerFontkit>[0]);
  const { regular: r, bold: b } = pdfFonts();
  const regular = await doc.embedFont(r, { subset: true });
  const bold = await doc.embedFont(b, { subset: true });
  doc.setTitle(t.title);
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
  return Buffer.from(await doc.save());
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
