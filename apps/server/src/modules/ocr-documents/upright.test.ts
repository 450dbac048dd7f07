import { extractFieldsFromWords, isValidRegistrationNumber, type OcrLine } from '@chobo/core';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import type { OcrEngine, OcrPageResult, RecognizeOptions } from './engine.js';
import {
  cropPgm,
  doublePgm,
  recognizeDocument,
  recognizeUpright,
  secondLook,
  topOfImage,
  turnImage,
  turnPng,
  withSecondLook,
} from './upright.js';

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

describe('cropPgm', () => {
  it('cuts a rectangle with its margin, clipped to the image; another format or a sliver gives null', () => {
    const image = pgm(4, 4, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]);
    expect(cropPgm(image, { x: 1, y: 1, width: 2, height: 1 }, 0)).toBeNull(); // under 4 px
    expect(cropPgm(image, { x: 1, y: 1, width: 2, height: 1 }, 8)).toEqual(image);
    const big = pgm(
      6,
      6,
      Array.from({ length: 36 }, (_, i) => i),
    );
    expect(cropPgm(big, { x: 1, y: 1, width: 3, height: 3 }, 1)).toEqual(
      pgm(5, 5, [0, 1, 2, 3, 4, 6, 7, 8, 9, 10, 12, 13, 14, 15, 16, 18, 19, 20, 21, 22, 24, 25, 26, 27, 28]),
    );
    expect(cropPgm(Buffer.from('\x89PNG'), { x: 0, y: 0, width: 5, height: 5 })).toBeNull();
  });
});

describe('doublePgm', () => {
  it('doubles a PGM, each new pixel between its neighbours', () => {
    const big = doublePgm(pgm(2, 1, [0, 200]));
    expect(big.subarray(0, 11).toString('latin1')).toBe('P5\n4 2\n255\n');
    expect([...big.subarray(11)]).toEqual([0, 50, 150, 200, 0, 50, 150, 200]);
  });
});

describe('secondLook: the date and the 登録番号 lines read again by the larger model', () => {
  const box = (y: number) => ({ page: 1, x: 0, y, width: 40, height: 10 });
  const line = (text: string, y: number): OcrLine => ({ text, confidence: 0.9, box: box(y) });
  const image = pgm(40, 80, new Array(40 * 80).fill(255));
  /** The larger model's readings, by the crop's top row (the box's y less the margin, clipped at 0). */
  const engine = (again: Record<number, string>, calls: RecognizeOptions[] = []): OcrEngine => ({
    async recognize(crop, _page, _progress, options = {}) {
      calls.push(options);
      const height = Number(/^P5\s+\d+\s+(\d+)/.exec(crop.subarray(0, 20).toString('latin1'))?.[1]);
      // the crops are 8 px round a 10 px line: the line's y is found back from the crop's height and the table
      const text =
        Object.entries(again).find(
          ([y]) => Math.min(80, Number(y) + 18) - Math.max(0, Number(y) - 8) === height,
        )?.[1] ?? '';
      const lines = text ? [{ text, confidence: 0.9, box: null }] : [];
      return { text, confidence: 0.9, lines, words: [] } as OcrPageResult;
    },
    async close() {},
  });
  const images = new Map([[1, image]]);

  it('a date read otherwise on its line replaces the page’s; the line is read as one line by the larger model', async () => {
    const lines = [line('発行日 2024年1月25日', 30)];
    const calls: RecognizeOptions[] = [];
    const look = await secondLook(engine({ 30: '発行日 ⑳②④年⑪月②⑤日' }, calls), images, [], lines);
    expect(calls[0]).toEqual({ line: true, precise: true });
    expect(look.transaction_date?.value).toBe('2024-11-25');
    const fields = withSecondLook(extractFieldsFromWords([], lines), look);
    expect(fields.transaction_date.value).toBe('2024-11-25');
  });

  it('the same date read again changes nothing; no date read: a faxed 202608714 on a candidate line is read loosely', async () => {
    expect(
      await secondLook(engine({ 30: '発行日 2024年4月1日' }), images, [], [line('発行日 2024年4月1日', 30)]),
    ).toEqual({});
    const look = await secondLook(engine({ 30: '発二 ⑳②⑥0⑧⑦①④' }), images, [], [line('発 二 202608714 海道', 30)]);
    expect(look.transaction_date).toMatchObject({ value: '2026-08-14', confidence: 0.6 });
  });

  it('a 登録番号 read otherwise: an alternative beside a valid reading, the value when the page’s was not valid', async () => {
    const valid = 'T8926273157587';
    // another valid number (two digits changed)
    const other = Array.from({ length: 100 }, (_, i) => `T${String(i).padStart(2, '0')}26273157587`).find(
      (n) => n !== valid && isValidRegistrationNumber(n),
    );
    const both = await secondLook(engine({ 50: `登録番号 ${valid}` }), images, [], [line(`登録番号 ${other}`, 50)]);
    expect(both.registration_number).toMatchObject({ value: other, alternatives: [valid] });
    const lost = await secondLook(engine({ 50: `登録番号 ${valid}` }), images, [], [line('登録番号 T89262731575', 50)]);
    expect(lost.registration_number).toMatchObject({ value: valid, alternatives: ['T89262731575'] });
    // the label misread on the cut-out line: its 13 digits are still the number
    const label = await secondLook(
      engine({ 50: `登鋳番旨 \`${valid.slice(1)}` }),
      images,
      [],
      [line('登録番号 T89262731575', 50)],
    );
    expect(label.registration_number?.value).toBe(valid);
    // a thin print: the larger model at twice the size reads it (the third way, the small model enlarged, not needed)
    const calls: RecognizeOptions[] = [];
    const twice = await secondLook(
      {
        ...engine({}, calls),
        async recognize(crop, _p, _pr, options = {}) {
          calls.push(options);
          const wide = Number(/^P5\s+(\d+)/.exec(crop.subarray(0, 12).toString('latin1'))?.[1]) > 40;
          const text = wide && options.precise ? `登録番号 ${valid}` : '登録番号 T8926';
          return { text, confidence: 0.9, lines: [{ text, confidence: 0.9, box: null }], words: [] } as OcrPageResult;
        },
      },
      images,
      [],
      [line('登録番号 T89262731575', 50)],
    );
    expect(twice.registration_number?.value).toBe(valid);
    expect(calls.slice(-2)).toEqual([
      { line: true, precise: true },
      { line: true, precise: true },
    ]);
    // a reading whose check digit fails is no better than the page's
    const bad = await secondLook(
      engine({ 50: '登録番号 T8926273157588' }),
      images,
      [],
      [line('登録番号 T89262731575', 50)],
    );
    expect(bad.registration_number).toBeUndefined();
  });
});

describe('secondLook: per-rate figures that do not add up', () => {
  const box = (y: number) => ({ page: 1, x: 0, y, width: 40, height: 10 });
  const image = pgm(40, 200, new Array(40 * 200).fill(255));
  const lines = (ten: string, tax: string) => [
    { text: ten, confidence: 0.6, box: box(20) },
    { text: tax, confidence: 0.6, box: box(60) },
    { text: '合計 ¥364,892', confidence: 0.9, box: box(100) },
  ];
  /** The larger model reads `by[y]` for the line at y (found back from the crop's top, as above). */
  const engine = (by: Record<number, string>, calls: number[] = []): OcrEngine => ({
    async recognize(crop, _page, _progress, options = {}) {
      const height = Number(/^P5\s+\d+\s+(\d+)/.exec(crop.subarray(0, 20).toString('latin1'))?.[1]);
      const y = Object.keys(by)
        .map(Number)
        .find((k) => Math.min(200, k + 18) - Math.max(0, k - 8) === height);
      calls.push(y ?? -1);
      const text = options.line && y !== undefined ? by[y] : '';
      return {
        text,
        confidence: 0.9,
        lines: text ? [{ text, confidence: 0.9, box: null }] : [],
        words: [],
      } as OcrPageResult;
    },
    async close() {},
  });

  it('reads their lines again and takes what then agrees with the total', async () => {
    const read = lines('10%対象 ¥2335720', '消費税(10%) ¥2572');
    const look = await secondLook(
      engine({ 20: '⑩ 対 象 ¥③③①.⑦②0', 60: '消費税(①0%) ¥③③.①⑦②' }),
      new Map([[1, image]]),
      [],
      read,
    );
    expect(look.taxes?.value).toEqual([{ tax_category: '10', base: 331720, tax: 33172 }]);
    expect(withSecondLook(extractFieldsFromWords([], read), look).taxes.value).toEqual(look.taxes?.value);
  });

  it('keeps the page’s figures when the second reading does not agree either, and reads nothing when they add up', async () => {
    const bad = await secondLook(
      engine({ 20: '10%対象 ¥31,720', 60: '消費税(10%) ¥3,172' }),
      new Map([[1, image]]),
      [],
      lines('10%対象 ¥2335720', '消費税(10%) ¥2572'),
    );
    expect(bad.taxes).toBeUndefined();
    const calls: number[] = [];
    const good = await secondLook(
      engine({ 20: '', 60: '' }, calls),
      new Map([[1, image]]),
      [],
      lines('10%対象 ¥331,720', '消費税(10%) ¥33,172'),
    );
    expect(good.taxes).toBeUndefined();
    // only the date's and the number's candidates could be read; no tax line
    expect(calls.filter((y) => y === 20 || y === 60)).toEqual([]);
  });
});

describe('secondLook: no line holds a 登録番号', () => {
  it('the issuer’s block is read again alone and its labelled line read by the larger model', async () => {
    const valid = 'T8926273157587';
    const image = pgm(200, 200, new Array(200 * 200).fill(255));
    const calls: { options: RecognizeOptions; size: string }[] = [];
    const engine: OcrEngine = {
      async recognize(crop, _page, _progress, options = {}) {
        const size = /^P5\s+(\d+ \d+)/.exec(crop.subarray(0, 16).toString('latin1'))?.[1] ?? '';
        calls.push({ options, size });
        // the block: its second line is the 登録番号 (in the block's pixels); the line itself: the number
        const lines = options.line
          ? [{ text: `登録番号 ${valid}`, confidence: 0.9, box: null }]
          : [
              { text: '株式会社テスト', confidence: 0.9, box: { page: 1, x: 10, y: 0, width: 80, height: 10 } },
              { text: '登録番号 「892627315', confidence: 0.5, box: { page: 1, x: 10, y: 30, width: 80, height: 10 } },
            ];
        return { text: '', confidence: 0.9, lines, words: [] } as OcrPageResult;
      },
      async close() {},
    };
    const issuer = { text: '株式会社テスト', confidence: 0.9, box: { page: 1, x: 100, y: 20, width: 60, height: 10 } };
    const look = await secondLook(engine, new Map([[1, image]]), [], [issuer]);
    expect(look.registration_number?.value).toBe(valid);
    // the block: from one line height left of the issuer to the page's right edge, nine line heights down
    expect(calls[0]).toEqual({ options: {}, size: '110 90' });
    // its labelled line, 8 px round it, at the block's place on the page: (90 + 10 - 8, 20 + 30 - 8)
    expect(calls[1]).toEqual({ options: { line: true, precise: true }, size: '96 26' });
    expect(look.registration_number?.box).toMatchObject({ x: 100, y: 50 });
  });
});
