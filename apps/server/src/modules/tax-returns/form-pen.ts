import { type PDFFont, type PDFPage, rgb } from '@cantoo/pdf-lib';
import { type Color, pdfPen } from '../invoices/pdf-sheet.js';

/**
 * The pen of the printed tax forms (別表一, the consumption-tax return): text in ink, labels in the form's
 * printed colour, ruled boxes, a labelled field, and digit boxes (one character per box, a thicker rule every
 * three digits from the right). Built on invoices/pdf-sheet.ts's pen and lib/pdf.ts's document.
 */

export const INK = rgb(0.1, 0.1, 0.12);
/** The form's printed colour (red-brown like the NTA forms). */
export const FORM = rgb(0.55, 0.2, 0.15);
export const MUTED = rgb(0.42, 0.42, 0.46);
export const FILL = rgb(0.98, 0.95, 0.93);
export const WARN = rgb(0.75, 0.15, 0.15);
/** The height of a header field. */
export const FIELD_H = 17;

export function formPen(page: PDFPage, regular: PDFFont, bold: PDFFont) {
  const { text, fit, wrap } = pdfPen(() => page, { font: regular, size: 8, color: INK, skipEmpty: true });
  const rect = (x: number, y: number, w: number, h: number, fill?: Color, border = 0.5) =>
    page.drawRectangle({ x, y, width: w, height: h, borderColor: FORM, borderWidth: border, color: fill });
  const vline = (x: number, y1: number, y2: number, t = 0.4) =>
    page.drawLine({ start: { x, y: y1 }, end: { x, y: y2 }, thickness: t, color: FORM });
  /** Boxes of single characters; a thicker rule every 3 digits from the right (千・百万・十億). */
  const boxes = (chars: string[], x: number, y: number, bw: number, h: number, groups = true) => {
    rect(x, y, bw * chars.length, h, rgb(1, 1, 1));
    chars.forEach((c, i) => {
      if (i > 0) {
        const fromRight = chars.length - i;
        vline(x + bw * i, y, y + h, groups && fromRight % 3 === 0 ? 0.9 : 0.3);
      }
      text(c, x + bw * i + bw / 2, y + h / 2 - 3, { center: true, size: 8.5, font: bold });
    });
  };
  const label = (s: string, x: number, y: number, size = 6.5) => text(s, x, y, { size, color: FORM });
  /** A labelled field of a header. */
  const field = (lab: string, value: string, x: number, yy: number, w: number, size = 8.5) => {
    rect(x, yy, w, FIELD_H, FILL);
    label(lab, x + 3, yy + FIELD_H - 7.5, 5.8);
    text(fit(value, w - 58, size), x + 56, yy + 5, { size });
  };
  return { page, text, fit, wrap, rect, vline, boxes, label, field, bold, regular };
}
export type FormPen = ReturnType<typeof formPen>;
