import { PNG } from 'pngjs';
import { afterAll, describe, expect, it } from 'vitest';
import { makePng } from '../../lib/png.js';
// @ts-expect-error plain JavaScript module of the rasteriser's thread
import { homography } from './raster-rules.mjs';
import { MupdfRasteriser } from './rasteriser.js';

const rasteriser = new MupdfRasteriser();
afterAll(async () => {
  await rasteriser.close();
});

describe('MupdfRasteriser: a PGM for the engine, a PNG to store (ADR 0062)', () => {
  it('gives both with the same pixels', async () => {
    const src = makePng(900, 300, (x, y) => (x > 100 && x < 800 && y > 120 && y < 160 ? [0, 0, 0] : [255, 255, 255]));
    const { pages } = await rasteriser.rasterise(src, 'image/png');
    const [p] = pages;
    const header = `P5\n${p.width} ${p.height}\n255\n`;
    expect(p.image.subarray(0, header.length).toString('latin1')).toBe(header);
    expect(p.image.length).toBe(header.length + p.width * p.height);
    const png = PNG.sync.read(p.png);
    expect([png.width, png.height]).toEqual([p.width, p.height]);
    const grey = Buffer.from(png.data.filter((_, i) => i % 4 === 0));
    expect(grey.equals(p.image.subarray(header.length))).toBe(true);
  }, 60_000);
});

describe('MupdfRasteriser: a photographed sheet is set square (ADR 0063)', () => {
  /** A 1400 × 1100 image: a sheet (600 × 800, a dark bar across it at 200–215) seen in perspective on a 70 ground. */
  const photo = (ground: number) => {
    const quad = [
      [420, 130],
      [1010, 90],
      [1060, 1000],
      [380, 950],
    ];
    const toSheet = homography(quad, [
      [0, 0],
      [600, 0],
      [600, 800],
      [0, 800],
    ]);
    return makePng(1400, 1100, (x, y) => {
      const q = toSheet[6] * x + toSheet[7] * y + 1;
      const u = (toSheet[0] * x + toSheet[1] * y + toSheet[2]) / q;
      const v = (toSheet[3] * x + toSheet[4] * y + toSheet[5]) / q;
      if (u < 0 || u >= 600 || v < 0 || v >= 800) return [ground, ground, ground];
      return v >= 200 && v < 215 && u >= 60 && u < 540 ? [20, 20, 20] : [235, 235, 235];
    });
  };

  it('cuts the sheet out, squares it (its bar level) and enlarges it to about 1000 px across', async () => {
    const { pages } = await rasteriser.rasterise(photo(70), 'image/png');
    const [p] = pages;
    expect(p.width).toBe(1000);
    // as tall as the longer side: near the sheet’s own 4 : 3
    expect(p.height / p.width).toBeGreaterThan(1.25);
    expect(p.height / p.width).toBeLessThan(1.45);
    const grey = p.image.subarray(p.image.length - p.width * p.height);
    // some row across the squared sheet is dark over most of the bar's width (a tilted bar would cross rows)
    let best = 0;
    for (let y = 0; y < p.height; y++) {
      let dark = 0;
      for (let x = 0; x < p.width; x++) if (grey[y * p.width + x] < 100) dark++;
      best = Math.max(best, dark / p.width);
    }
    expect(best).toBeGreaterThan(0.7);
  }, 60_000);

  it('leaves the same picture on a light ground (a scan) its own size', async () => {
    const { pages } = await rasteriser.rasterise(photo(250), 'image/png');
    expect([pages[0].width, pages[0].height]).toEqual([1400, 1100]);
  }, 60_000);
});
