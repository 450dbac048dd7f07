import type { PDFFont, PDFPage, rgb } from '@cantoo/pdf-lib';

/**
 * What the drawn documents (請求書, 確定申告書 別表一) share beside lib/pdf.ts (the document in Noto Sans JP):
 * the A4 page and a pen that writes on the current page — text left, right-aligned or centred, cut to a width
 * with …, wrapped to a width.
 */

export const A4 = { W: 595.28, H: 841.89 } as const;

export type Color = ReturnType<typeof rgb>;

export interface TextOptions {
  font?: PDFFont;
  size?: number;
  color?: Color;
  right?: boolean;
  center?: boolean;
}

/**
 * A pen on `page()` (the page being drawn, which may change) with its defaults; `skipEmpty` draws nothing
 * for an empty text.
 */
export function pdfPen(
  page: () => PDFPage,
  defaults: { font: PDFFont; size: number; color: Color; skipEmpty?: boolean },
) {
  const text = (s: string, x: number, y: number, o: TextOptions = {}) => {
    if (defaults.skipEmpty && !s) return;
    const font = o.font ?? defaults.font;
    const size = o.size ?? defaults.size;
    const width = font.widthOfTextAtSize(s, size);
    const xx = o.right ? x - width : o.center ? x - width / 2 : x;
    page().drawText(s, { x: xx, y, size, font, color: o.color ?? defaults.color });
  };
  /** `s` cut to `width` (its last character replaced by …). */
  const fit = (s: string, width: number, size = defaults.size, font = defaults.font) => {
    let out = s;
    while (out.length > 1 && font.widthOfTextAtSize(out, size) > width) out = out.slice(0, -1);
    return out === s ? s : `${out.slice(0, -1)}…`;
  };
  /** `s` in lines of at most `width` (a character at a time; its own line breaks kept). */
  const wrap = (s: string, width: number, size = defaults.size) => {
    const lines: string[] = [];
    for (const para of s.split('\n')) {
      let cur = '';
      for (const ch of para) {
        if (defaults.font.widthOfTextAtSize(cur + ch, size) > width) {
          lines.push(cur);
          cur = ch;
        } else cur += ch;
      }
      lines.push(cur);
    }
    return lines;
  };
  return { text, fit, wrap };
}
