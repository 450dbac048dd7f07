import { extractFields } from '@chobo/core';
import { afterAll, describe, expect, it } from 'vitest';
import { makePng } from '../../lib/png.js';
import { TesseractEngine } from './engine.js';
import { fixtureSpecs, renderFixture } from './ocr-fixtures.js';
import { MupdfRasteriser } from './rasteriser.js';
import { cropPgm } from './upright.js';

/** The OCR worker and the rasteriser thread are started on demand and released when idle (issue 32: an idle server holds no OCR memory). */
const engines: TesseractEngine[] = [];
afterAll(async () => {
  for (const e of engines) await e.close();
});

const png = () => makePng(120, 80, (x, y) => (x > 20 && x < 100 && y > 30 && y < 50 ? [0, 0, 0] : [255, 255, 255]));

describe('TesseractEngine', () => {
  it('starts no worker until a page comes, and releases it once idle; the next page starts a new one', async () => {
    const engine = new TesseractEngine({ idleMs: 20 });
    engines.push(engine);
    expect(engine.started).toBe(false);
    await engine.recognize(png(), 1);
    await expect.poll(() => engine.started, { timeout: 60_000, interval: 20 }).toBe(false);
    const again = await engine.recognize(png(), 1);
    expect(typeof again.text).toBe('string');
  });

  it('keeps its worker with idleMs 0', async () => {
    const engine = new TesseractEngine({ idleMs: 0 });
    engines.push(engine);
    await engine.recognize(png(), 1);
    expect(engine.started).toBe(true);
  });

  it('keeps the worker while pages are queued', async () => {
    const engine = new TesseractEngine({ idleMs: 1 });
    engines.push(engine);
    const pages = await Promise.all([engine.recognize(png(), 1), engine.recognize(png(), 2)]);
    expect(pages.map((p) => typeof p.confidence)).toEqual(['number', 'number']);
  });

  /** A kept engine and the first page of a generated receipt, upright and clean, as the rasteriser gives it. */
  async function engineAndPage() {
    const engine = new TesseractEngine({ idleMs: 0 });
    engines.push(engine);
    const rasteriser = new MupdfRasteriser();
    try {
      const fixture = await renderFixture({ ...fixtureSpecs(2)[1], rotation: 0, noise: 0 });
      const { pages } = await rasteriser.rasterise(fixture.bytes, fixture.mime);
      return { engine, image: pages[0].image };
    } finally {
      await rasteriser.close();
    }
  }

  it('a sparse reading leaves the next page read as before (the page segmentation mode is set back)', async () => {
    const { engine, image } = await engineAndPage();
    const first = await engine.recognize(image, 1);
    const sparse = await engine.recognize(image, 1, undefined, { sparse: true });
    const again = await engine.recognize(image, 1);
    expect(again.text).toBe(first.text);
    expect(sparse.text).not.toBe(first.text);
  }, 240_000);

  it('a line cut out is read by the larger model as one line; the next page is read as before', async () => {
    const { engine, image } = await engineAndPage();
    const first = await engine.recognize(image, 1);
    const dated = first.lines.find((l) => extractFields([l]).transaction_date.value !== null);
    if (!dated?.box) throw new Error('the fixture has no dated line');
    const crop = cropPgm(image, dated.box);
    if (!crop) throw new Error('no crop');
    const line = await engine.recognize(crop, 1, undefined, { line: true, precise: true });
    expect(line.lines).toHaveLength(1);
    expect(extractFields(line.lines).transaction_date.value).toBe(extractFields([dated]).transaction_date.value);
    const again = await engine.recognize(image, 1);
    expect(again.text).toBe(first.text);
  }, 240_000);
});

describe('MupdfRasteriser', () => {
  const rasterisers: MupdfRasteriser[] = [];
  afterAll(async () => {
    for (const r of rasterisers) await r.close();
  });

  it('starts its thread with the first page and ends it once idle; the next page starts a new one', async () => {
    const r = new MupdfRasteriser({ idleMs: 20 });
    rasterisers.push(r);
    expect(r.started).toBe(false);
    const first = await r.rasterise(png(), 'image/png');
    expect(first.pageCount).toBe(1);
    await expect.poll(() => r.started, { timeout: 60_000, interval: 20 }).toBe(false);
    const [a, b] = await Promise.all([r.rasterise(png(), 'image/png'), r.rasterise(png(), 'image/png')]);
    expect([a.pageCount, b.pageCount]).toEqual([1, 1]);
  });

  it('keeps its thread with idleMs 0', async () => {
    const r = new MupdfRasteriser({ idleMs: 0 });
    rasterisers.push(r);
    await r.rasterise(png(), 'image/png');
    expect(r.started).toBe(true);
  });
});
