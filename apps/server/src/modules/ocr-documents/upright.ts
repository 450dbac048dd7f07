import {
  extractFields,
  extractFieldsFromWords,
  isValidRegistrationNumber,
  looseDateIn,
  normalizeOcrText,
  type OcrBox,
  type OcrField,
  type OcrFieldValues,
  type OcrLine,
  type OcrTax,
  type OcrWord,
  taxesAgree,
} from '@chobo/core';
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

/**
 * The rectangle `box` of a binary PGM with `margin` pixels round it, clipped to the image (null for another
 * format, or a box outside the image).
 */
export function cropPgm(image: Buffer, box: Pick<OcrBox, 'x' | 'y' | 'width' | 'height'>, margin = 8): Buffer | null {
  const m = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(image.subarray(0, 40).toString('latin1'));
  if (!m) return null;
  const w = Number(m[1]);
  const h = Number(m[2]);
  const x0 = Math.max(0, Math.floor(box.x - margin));
  const y0 = Math.max(0, Math.floor(box.y - margin));
  const x1 = Math.min(w, Math.ceil(box.x + box.width + margin));
  const y1 = Math.min(h, Math.ceil(box.y + box.height + margin));
  if (x1 - x0 < 4 || y1 - y0 < 4) return null;
  const head = Buffer.from(`P5\n${x1 - x0} ${y1 - y0}\n255\n`, 'latin1');
  const data = image.subarray(m[0].length);
  const out = Buffer.alloc(head.length + (x1 - x0) * (y1 - y0));
  head.copy(out);
  for (let y = y0; y < y1; y++) data.copy(out, head.length + (y - y0) * (x1 - x0), y * w + x0, y * w + x1);
  return out;
}

/** The width and height of a binary PGM (null for another format). */
function pgmSize(image: Buffer): { width: number; height: number; offset: number } | null {
  const m = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(image.subarray(0, 40).toString('latin1'));
  return m ? { width: Number(m[1]), height: Number(m[2]), offset: m[0].length } : null;
}

/** A binary PGM twice as large (bilinear): thin print reads better enlarged. */
export function doublePgm(image: Buffer): Buffer {
  const size = pgmSize(image);
  if (!size) return image;
  const { width: w, height: h, offset } = size;
  const W = 2 * w;
  const H = 2 * h;
  const head = Buffer.from(`P5\n${W} ${H}\n255\n`, 'latin1');
  const out = Buffer.alloc(head.length + W * H);
  head.copy(out);
  const at = (x: number, y: number) =>
    image[offset + Math.min(h - 1, Math.max(0, y)) * w + Math.min(w - 1, Math.max(0, x))];
  for (let y = 0; y < H; y++) {
    // the source position of the target pixel's centre
    const sy = (y + 0.5) / 2 - 0.5;
    const y0 = Math.floor(sy);
    const fy = sy - y0;
    for (let x = 0; x < W; x++) {
      const sx = (x + 0.5) / 2 - 0.5;
      const x0 = Math.floor(sx);
      const fx = sx - x0;
      const top = at(x0, y0) * (1 - fx) + at(x0 + 1, y0) * fx;
      const bottom = at(x0, y0 + 1) * (1 - fx) + at(x0 + 1, y0 + 1) * fx;
      out[head.length + y * W + x] = Math.round(top * (1 - fy) + bottom * fy);
    }
  }
  return out;
}

/**
 * The valid 登録番号 on a line cut out and read again: as the extractor reads it (or one of its alternatives),
 * or — the label itself may be misread there (登鋳番旨) — a run of 13 digits, or of 14 whose first (the T) or
 * last is a stray mark.
 */
function validNumberIn(line: OcrLine): string | null {
  const f = extractFields([line]).registration_number;
  for (const v of [f.value, ...(f.alternatives ?? [])]) if (v && isValidRegistrationNumber(v)) return v;
  for (const m of normalizeOcrText(line.text).matchAll(/(?<!\d)((?:\d[\s-]*){13,14})(?![\d-])/g)) {
    const d = m[1].replace(/\D/g, '');
    for (const c of d.length === 14 ? [d.slice(1), d.slice(0, 13)] : [d])
      if (isValidRegistrationNumber(`T${c}`)) return `T${c}`;
  }
  return null;
}

/** What the second look read better than the page's reading: fields that replace the extractor's. */
export interface SecondLook {
  transaction_date?: OcrField<string>;
  registration_number?: OcrField<string>;
  taxes?: OcrField<OcrTax[]>;
}

/** A line that may hold the 取引日 (a label, 年…月, or digits in a date's shape). */
const DATE_LINE =
  /発行|請求日|取引日|領収日|日付|年月日|納品日|お買上日|年.*月|\d{2,4}\s*[/.]\s*\d{1,2}\s*[/.]|\d{8}|\d\s*[/.]\s*\d{1,2}\s+\d{1,2}:\d{2}/;
/** A line of the per-rate figures (10%対象, 消費税(8%)…). */
const TAX_LINE = /対象|消費税|税率|\d\s*%/;
/** A line that may hold the 登録番号. */
const REG_LINE = /登録|適格請求書発行|T\s*\d{4}/;

/**
 * The second look (ADR 0063): the lines of the 取引日 and the 登録番号 cut out of the page and read again one
 * line at a time by the larger model (RecognizeOptions.precise). Read as part of a page, the small model takes
 * a serif 11 for 1 (2024年11月 → 2024年1月) and confuses digits of a 登録番号 that the larger one, given the
 * line alone, reads right; the larger model is too slow for whole pages (ADR 0062), a line takes it 30–100 ms.
 *
 * - 取引日: the line the date was read from (or, with none read, up to three lines that may hold one) — a date
 *   read there replaces the page's; with no date read at all, a misread one (looseDateIn) is taken too.
 * - 登録番号: the line it was read from (or up to three labelled lines; with none, the labelled line of the
 *   issuer's block read again alone). A page's valid number is read once more by the larger model; an invalid
 *   or missing one up to three ways (larger model, larger model at twice the size, small model at twice the
 *   size) until a reading has a valid check digit. A valid reading that differs is given as an alternative
 *   beside a valid page reading (the registry check takes the one it holds, ocr-registry.ts), and becomes the
 *   value otherwise, the page's reading kept as the alternative.
 */
export async function secondLook(
  engine: OcrEngine,
  images: ReadonlyMap<number, Buffer>,
  words: OcrWord[],
  lines: OcrLine[],
): Promise<SecondLook> {
  const first = extractFieldsFromWords(words, lines);
  const look: SecondLook = {};
  const read = async (box: OcrBox, way = { precise: true, scale: 1 }): Promise<OcrLine | null> => {
    const image = images.get(box.page);
    const cut = image && cropPgm(image, box);
    const crop = cut && way.scale === 2 ? doublePgm(cut) : cut;
    if (!crop) return null;
    const r = await engine.recognize(crop, box.page, undefined, { line: true, precise: way.precise });
    const text = r.lines.map((l) => l.text).join(' ');
    return text ? { text, confidence: r.confidence, box } : null;
  };
  const candidates = (test: RegExp, own: OcrBox | null) => {
    const boxes = own ? [own] : [];
    for (const l of lines) {
      if (boxes.length >= 3) break;
      if (l.box && l.box !== own && test.test(normalizeOcrText(l.text))) boxes.push(l.box);
    }
    return own ? [own] : boxes;
  };

  const date = first.transaction_date;
  for (const box of candidates(DATE_LINE, date.box)) {
    const line = await read(box);
    if (!line) continue;
    const again = extractFields([line]).transaction_date;
    // with no date read at all, a date whose marks were misread (looseDateIn) is taken from a line cut out
    const loose = !again.value && !date.value ? looseDateIn(normalizeOcrText(line.text)) : null;
    const value = again.value ?? loose;
    if (!value) continue;
    if (value !== date.value)
      look.transaction_date = { value, confidence: loose ? 0.6 : Math.min(0.9, again.confidence), box };
    break;
  }

  const reg = first.registration_number;
  const firstValid = reg.value !== null && isValidRegistrationNumber(reg.value);
  const regBoxes = candidates(REG_LINE, reg.box);
  // no line of the page holds a 登録番号: the issuer's block read again alone (a thin grey block beside the
  // date and the amount is merged into their lines by the page's layout analysis) for the line that does
  if (regBoxes.length === 0 && reg.value === null && first.issuer_name.box) {
    const b = first.issuer_name.box;
    const image = images.get(b.page);
    const width = image ? pgmSize(image)?.width : undefined;
    if (image && width) {
      const block = {
        x: Math.max(0, b.x - b.height),
        y: b.y,
        width: width - Math.max(0, b.x - b.height),
        height: 9 * b.height,
      };
      const crop = cropPgm(image, block, 0);
      const r = crop && (await engine.recognize(crop, b.page));
      for (const l of r ? r.lines : []) {
        if (regBoxes.length >= 2) break;
        if (l.box && REG_LINE.test(normalizeOcrText(l.text)))
          regBoxes.push({ ...l.box, page: b.page, x: l.box.x + block.x, y: l.box.y + block.y });
      }
    }
  }
  // the larger model first; a thin or small print is read better twice as large, by either model; a page's
  // valid reading is only checked once
  const ways: { precise: boolean; scale: 1 | 2 }[] = firstValid
    ? [{ precise: true, scale: 1 }]
    : [
        { precise: true, scale: 1 },
        { precise: true, scale: 2 },
        { precise: false, scale: 2 },
      ];
  search: for (const box of regBoxes) {
    for (const way of ways) {
      const line = await read(box, way);
      const again = line && validNumberIn(line);
      if (!again) continue;
      if (again === reg.value) break search;
      const others = [...(reg.alternatives ?? [])];
      look.registration_number = firstValid
        ? { ...reg, alternatives: [...others, again] }
        : { value: again, confidence: 0.8, box, alternatives: reg.value ? [reg.value, ...others] : others };
      break search;
    }
  }
  // per-rate figures that do not agree with themselves or the total (a digit lost): their lines read again,
  // taken only when the figures read then agree
  if (first.total.value !== null && !taxesAgree(first.taxes.value, first.total.value)) {
    const taxLines = lines.filter((l) => l.box && TAX_LINE.test(normalizeOcrText(l.text))).slice(0, 6);
    const again = new Map<OcrLine, OcrLine>();
    for (const l of taxLines) {
      const r = l.box && (await read(l.box));
      if (r) again.set(l, r);
    }
    if (again.size > 0) {
      const taxes = extractFieldsFromWords(
        [],
        lines.map((l) => again.get(l) ?? l),
      ).taxes;
      if (taxesAgree(taxes.value, first.total.value))
        look.taxes = { ...taxes, confidence: Math.min(0.9, taxes.confidence) };
    }
  }
  return look;
}

/** The page's fields with what the second look read better. */
export function withSecondLook(fields: OcrFieldValues, look: SecondLook | undefined): OcrFieldValues {
  if (!look) return fields;
  return {
    ...fields,
    ...(look.transaction_date ? { transaction_date: look.transaction_date } : {}),
    ...(look.registration_number ? { registration_number: look.registration_number } : {}),
    ...(look.taxes ? { taxes: look.taxes } : {}),
  };
}

export interface DocumentReading {
  lines: OcrLine[];
  words: OcrWord[];
  texts: string[];
  /** Whether the first page was read a second time for its date (sparse text). */
  dateLook: boolean;
  /** The second look's fields (secondLook), to lay over the extractor's with withSecondLook. */
  look: SecondLook;
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
  // each page's image as it was read (turned, when it was): the boxes are in its pixels
  const images = new Map<number, Buffer>();
  for (const [i, p] of pages.entries()) {
    const r = await recognizeUpright(engine, p.image, p.page, onPage && ((f) => onPage(i, f)));
    if (r.quarters) turned.add(i);
    images.set(p.page, r.quarters ? turnImage(p.image, r.quarters) : p.image);
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
  const look = await secondLook(engine, images, words, lines);
  return { lines, words, texts, dateLook, look };
}
