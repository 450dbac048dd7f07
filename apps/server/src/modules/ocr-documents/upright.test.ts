import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import type { OcrEngine, OcrPageResult } from './engine.js';
import { recognizeDocument, recognizeUpright, topOfImage, turnImage, turnPng } from './upright.js';

const grey = (w: number, h: number, px: number[]) => {
  const options = { colorType: 0, inputColorType: 0, inputHasAlpha: false } as const;
  const p = new PNG({ width: w, height: h, ...options });
  p.data = Buffer.from(px);
  return PNG.sync.write(p, options);
};
const pixels = (png: Buffer) => {
  const r = PNG.sync.read(png);
  return { w: r.width, h: r.height, px: [...r.data.filter((_, i) => i % 4 === 0)] };
};

describe('turnPng', () => {
  it('turns a page by quarter turns clockwise', () => {
    // 2 × 1: [1, 2]
    const png = grey(2, 1, [1, 2]);
    expect(pixels(turnPng(png, 1))).toEqual({ w: 1, h: 2, px: [1, 2] });
    expect(pixels(turnPng(png, 2))).toEqual({ w: 2, h: 1, px: [2, 1] });
    expect(pixels(turnPng(png, 3))).toEqual({ w: 1, h: 2, px: [2, 1] });
  });
});

describe('recognizeUpright', () => {
  it('keeps a confident reading and reads a low-confidence page again turned', async () => {
    const png = grey(2, 1, [0, 255]);
    const seen: number[][] = [];
    const engine: OcrEngine = {
      async recognize(p) {
        const { px } = pixels(p);
        seen.push(px);
        // "upright" only when turned by 180° (the dark pixel then on the right)
        const confidence = px[0] === 255 ? 0.8 : 0.2;
        return { text: '', confidence, lines: [], words: [{ text: 'x', confidence, box: null }] } as OcrPageResult;
      },
      async close() {},
    };
    const r = await recognizeUpright(engine, png, 1);
    expect(r.confidence).toBe(0.8);
    expect(seen).toEqual([
      [0, 255],
      [255, 0],
    ]);
  });
});

const pgm = (w: number, h: number, px: number[]) =>
  Buffer.concat([Buffer.from(`P5\n${w} ${h}\n255\n`), Buffer.from(px)]);

describe('turnImage, topOfImage (the engine reads a PGM)', () => {
  it('turns a PGM like a PNG and keeps it a PGM', () => {
    const image = pgm(2, 1, [1, 2]);
    expect(turnImage(image, 1)).toEqual(pgm(1, 2, [1, 2]));
    expect(turnImage(image, 2)).toEqual(pgm(2, 1, [2, 1]));
    expect(turnImage(image, 3)).toEqual(pgm(1, 2, [2, 1]));
    expect(pixels(turnImage(grey(2, 1, [1, 2]), 2))).toEqual({ w: 2, h: 1, px: [2, 1] });
  });
  it('cuts the top of a PGM, leaves another image whole', () => {
    expect(topOfImage(pgm(2, 4, [1, 2, 3, 4, 5, 6, 7, 8]), 0.5)).toEqual(pgm(2, 2, [1, 2, 3, 4]));
    const png = grey(2, 1, [1, 2]);
    expect(topOfImage(png, 0.5)).toBe(png);
  });
});

describe('recognizeDocument', () => {
  it('reads the first page again as sparse text only when no date can be read, and adds only its dated lines', async () => {
    const calls: (boolean | undefined)[] = [];
    const line = (text: string) => ({ text, confidence: 0.9, box: { page: 1, x: 0, y: 0, width: 10, height: 10 } });
    const engine = (first: string): OcrEngine => ({
      async recognize(_p, _page, _progress, options) {
        calls.push(options?.sparse);
        const lines = options?.sparse ? [line('請求日: 令和6年1月24日'), line('合計 ¥1,000')] : [line(first)];
        return { text: '', confidence: 0.9, lines, words: lines } as OcrPageResult;
      },
      async close() {},
    });
    const page = { image: pgm(2, 4, [0, 0, 0, 0, 0, 0, 0, 0]), page: 1, width: 2, height: 4 };
    const dated = await recognizeDocument(engine('発行日 2024年4月1日'), [page]);
    expect(calls).toEqual([undefined]);
    expect(dated.dateLook).toBe(false);
    calls.length = 0;
    const missing = await recognizeDocument(engine('請求書'), [page]);
    expect(calls).toEqual([undefined, true]);
    expect(missing.lines.map((l) => l.text)).toEqual(['請求書', '請求日: 令和6年1月24日']);
    expect(missing.words.map((w) => w.text)).toEqual(['請求書']);
  });
});
