import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import type { OcrEngine, OcrPageResult } from './engine.js';
import { recognizeUpright, turnPng } from './upright.js';

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
