/**
 * The demo's files, drawn: the suppliers' PDFs of demo-purchases.ts and the OCR書類 images of demo-ocr.ts.
 * Pure functions of their arguments, run in the demo-files worker (demo-files.ts) or, without one, here.
 */
import { DOCUMENT_TYPES } from '@chobo/core';
import { type FixtureSpec, renderFixture } from '../../modules/ocr-documents/ocr-fixtures.js';

/** What a supplier's document shows of the supplier. */
export interface PdfSupplier {
  id: number;
  name: string;
  registration_number: string | null;
  food: boolean;
}

export interface SupplierPdfArgs {
  supplier: PdfSupplier;
  type: 1 | 3 | 4;
  date: string;
  base: number;
  tax: number;
}

const yen = (v: number) => `${v.toLocaleString('en-US')}`;

/** One template per supplier and type (Noto Sans JP subset), the amounts and date drawn per document. */
const templates = new Map<string, Promise<Uint8Array>>();

async function template(s: PdfSupplier, type: 1 | 3 | 4): Promise<Uint8Array> {
  const key = `${s.id}:${type}`;
  let bytes = templates.get(key);
  if (!bytes) {
    bytes = drawTemplate(s, type);
    templates.set(key, bytes);
  }
  return bytes;
}

async function drawTemplate(s: PdfSupplier, type: 1 | 3 | 4): Promise<Uint8Array> {
  const [{ PDFDocument, rgb }, fontkit, { pdfFonts }] = await Promise.all([
    import('@cantoo/pdf-lib'),
    import('fontkit'),
    import('../../lib/pdf.js'),
  ]);
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit as Parameters<typeof doc.registerFontkit>[0]);
  const font = await doc.embedFont(pdfFonts().regular, { subset: true });
  const page = doc.addPage([420, 595]);
  const text = (t: string, x: number, y: number, size = 10) => page.drawText(t, { x, y, size, font });
  text(DOCUMENT_TYPES[type], 180, 540, 20);
  text('株式会社サンプル商事 御中', 40, 500, 12);
  text(s.name, 240, 470, 10);
  if (s.registration_number) text(`登録番号 ${s.registration_number}`, 240, 455, 8);
  text('取引日', 40, 430);
  text(type === 1 ? 'お見積金額（税込）' : type === 3 ? '納品金額（税込）' : 'ご請求金額（税込）', 40, 405);
  text('円', 260, 405);
  const rate = s.food ? '8%' : '10%';
  text(`${rate}対象（税抜）`, 40, 375, 9);
  text(`消費税（${rate}）`, 40, 360, 9);
  text('円', 260, 375, 9);
  text('円', 260, 360, 9);
  if (s.food) text('※ 軽減税率（8%）対象品目', 40, 340, 8);
  page.drawRectangle({ x: 36, y: 395, width: 240, height: 28, borderColor: rgb(0.4, 0.4, 0.4), borderWidth: 0.6 });
  return doc.save({ useObjectStreams: false });
}

/** A supplier's 見積書 / 納品書 / 請求書 as a small PDF. */
export async function supplierPdf({ supplier: s, type, date, base, tax }: SupplierPdfArgs): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts } = await import('@cantoo/pdf-lib');
  const doc = await PDFDocument.load(await template(s, type));
  const helvetica = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.getPage(0);
  const right = (t: string, y: number, size: number) =>
    page.drawText(t, { x: 252 - helvetica.widthOfTextAtSize(t, size), y, size, font: helvetica });
  page.drawText(date, { x: 120, y: 430, size: 10, font: helvetica });
  right(yen(base + tax), 405, 14);
  right(yen(base), 375, 9);
  right(yen(tax), 360, 9);
  return doc.save({ useObjectStreams: false });
}

/** An OCR書類's image and the text drawn on it. */
export async function ocrImage(spec: FixtureSpec, seed: number): Promise<{ bytes: Uint8Array; text: string }> {
  const f = await renderFixture(spec, seed);
  return { bytes: f.bytes, text: f.text };
}
