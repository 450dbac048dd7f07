import { extractFieldsFromWords, type OcrLine, type OcrWord } from '@chobo/core';
import { PNG } from 'pngjs';
import type { OcrEngine, OcrPageResult } from './engine.js';

/**
 * Below this mean confidence a page is taken as turned: the rasteriser corrects skew and (by projection
 * profiles) a quarter turn, but profiles cannot tell 0° from 180° and sometimes mistake a narrow photographed
 * receipt for a turned page. On the evaluation set (docs/benchmarks.md) upright pages read at 0.53–0.90 mean
 * word confidence, turned ones at 0.15–0.22; such a page is read again turned by 180°, then by 90° and 270°,
 * and the best reading kept. The local language data has no OSD model to ask instead.
 */
export const TURNED_CONFIDENCE = 0.4;

/** A PNG turned clockwise by `quarters` × 90° (greyscale out). */
export function turnPng(png: Buffer, quarters: 1 | 2 | 3): Buffer {
  const { width: w, height: h, data } = PNG.sync.read(png);
  const W = quarters === 2 ? w : h;
  const H = quarters === 2 ? h : w;
  const out = Buffer.alloc(W * H);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      // the source pixel of (x, y) after a clockwise turn
      const [sx, sy] = quarters === 1 ? [y, h - 1 - x] : quarters === 2 ? [w - 1 - x, h - 1 - y] : [w - 1 - y, x];
      out[y * W + x] = data[(sy * w + sx) * 4];
    }
  }
  const options = { colorType: 0, inputColorType: 0, inputHasAlpha: false } as const;
  const turned = new PNG({ width: W, height: H, ...options });
  turned.data = out;
  return PNG.sync.write(turned, options);
}

/** A binary PGM (P5) turned clockwise by `quarters` × 90°. */
export function turnPgm(pgm: Buffer, quarters: 1 | 2 | 3): Buffer {
  const m = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm.subarray(0, 40).toString('latin1'));
  if (!m) throw new Error('not a binary PGM');
  const w = Number(m[1]);
  const h = Number(m[2]);
  const data = pgm.subarray(m[0].length);
  const W = quarters === 2 ? w : h;
  const H = quarters === 2 ? h : w;
  const head = Buffer.from(`P5\n${W} ${H}\n255\n`, 'latin1');
  const out = Buffer.alloc(head.length + W * H);
  head.copy(out);
  for (let y = 0; y < H; y++) {
    const o = head.length + y * W;
    for (let x = 0; x < W; x++) {
      const [sx, sy] = quarters === 1 ? [y, h - 1 - x] : quarters === 2 ? [w - 1 - x, h - 1 - y] : [w - 1 - y, x];
      out[o + x] = data[sy * w + sx];
    }
  }
  return out;
}

/** A page image (PGM or PNG) turned clockwise by `quarters` × 90°, in its own format. */
export function turnImage(image: Buffer, quarters: 1 | 2 | 3): Buffer {
  return image[0] === 0x50 && image[1] === 0x35 ? turnPgm(image, quarters) : turnPng(image, quarters);
}

/** One page read upright: as given, or turned when that reads with clearly more confidence. */
export async function recognizeUpright(
  engine: OcrEngine,
  image: Buffer,
  page: number,
  onProgress?: (fraction: number) => void,
): Promise<OcrPageResult & { quarters?: 1 | 2 | 3 }> {
  let best: OcrPageResult & { quarters?: 1 | 2 | 3 } = await engine.recognize(image, page, onProgress);
  for (const q of [2, 1, 3] as const) {
    if (best.confidence >= TURNED_CONFIDENCE && best.words.length > 0) break;
    const r = await engine.recognize(turnImage(image, q), page, onProgress);
    if (r.confidence > best.confidence + 0.1) best = { ...r, quarters: q };
  }
  return best;
}

/** The top `fraction` of a binary PGM's rows (another image is returned whole). */
export function topOfImage(image: Buffer, fraction: number): Buffer {
  const m = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(image.subarray(0, 40).toString('latin1'));
  if (!m) return image;
  const w = Number(m[1]);
  const h = Math.max(1, Math.round(Number(m[2]) * fraction));
  const head = Buffer.from(`P5\n${w} ${h}\n255\n`, 'latin1');
  return Buffer.concat([head, image.subarray(m[0].length, m[0].length + w * h)]);
}

export interface DocumentReading {
  lines: OcrLine[];
  words: OcrWord[];
  texts: string[];
  /** Whether the first page was read a second time for its date (sparse text). */
  dateLook: boolean;
}

/**
 * A document's pages read upright one by one (recognizeUpright); then, when no 取引日 can be read from them,
 * the first page's upper half (a tall page; a receipt whole) is read again as sparse text — tesseract's layout
 * analysis merges a date line standing beside another block (a greeting, the issuer's address) into that
 * block's lines, where it is lost; read as scattered words it comes out whole. Only the lines of that second
 * reading that hold a date are added, to the LINES (the extractor's fallback reading), never to the words:
 * the layout of the page, its amounts and its blocks stay those of the first reading.
 */
export async function recognizeDocument(
  engine: OcrEngine,
  pages: readonly { image: Buffer; page: number; width: number; height: number }[],
  onPage?: (index: number, fraction: number) => void,
): Promise<DocumentReading> {
  const lines: OcrLine[] = [];
  const words: OcrWord[] = [];
  const texts: string[] = [];
  const turned = new Set<number>();
  for (const [i, p] of pages.entries()) {
    const r = await recognizeUpright(engine, p.image, p.page, onPage && ((f) => onPage(i, f)));
    if (r.quarters) turned.add(i);
    lines.push(...r.lines);
    words.push(...r.words);
    texts.push(r.text);
  }
  let dateLook = false;
  const first = pages[0];
  if (first && !turned.has(0) && extractFieldsFromWords(words, lines).transaction_date.value === null) {
    dateLook = true;
    const tall = first.height > 1.2 * first.width && first.height < 2 * first.width;
    const r = await engine.recognize(tall ? topOfImage(first.image, 0.5) : first.image, first.page, undefined, {
      sparse: true,
    });
    const dated = r.lines.filter((l) => extractFieldsFromWords([], [l]).transaction_date.value !== null);
    lines.push(...dated);
  }
  return { lines, words, texts, dateLook };
}
