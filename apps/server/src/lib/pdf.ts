import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { PDFDocument, PDFFont } from '@cantoo/pdf-lib';

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

export interface JapanesePdf {
  /** pdf-lib itself (rgb, StandardFonts…), loaded with the document. */
  pdfLib: typeof import('@cantoo/pdf-lib');
  doc: PDFDocument;
  /** Noto Sans JP 400 and 700, subset-embedded. */
  regular: PDFFont;
  bold: PDFFont;
}

/**
 * A new PDF document with Noto Sans JP regular and bold embedded (subset) and its title / author set.
 * pdf-lib and fontkit are imported on the first PDF, not at start (≈ 0.3 s of a start, ADR 0025).
 * Finish with `pdfBytes(doc)`.
 */
export async function japanesePdf(meta: { title?: string; author?: string } = {}): Promise<JapanesePdf> {
  const [pdfLib, fontkit] = await Promise.all([import('@cantoo/pdf-lib'), import('fontkit')]);
  const doc = await pdfLib.PDFDocument.create();
  doc.registerFontkit(fontkit as Parameters<typeof doc.registerFontkit>[0]);
  const fonts = pdfFonts();
  const regular = await doc.embedFont(fonts.regular, { subset: true });
  const bold = await doc.embedFont(fonts.bold, { subset: true });
  if (meta.title !== undefined) doc.setTitle(meta.title);
  if (meta.author !== undefined) doc.setAuthor(meta.author);
  return { pdfLib, doc, regular, bold };
}

/** The document's bytes as a Buffer (what sendFile and the mail attachments take). */
export async function pdfBytes(doc: PDFDocument, opts: { useObjectStreams?: boolean } = {}): Promise<Buffer> {
  return Buffer.from(await doc.save(opts));
}
