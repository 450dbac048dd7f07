import { PNG } from 'pngjs';
import { afterAll, describe, expect, it } from 'vitest';
import { makePng } from '../../lib/png.js';
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
