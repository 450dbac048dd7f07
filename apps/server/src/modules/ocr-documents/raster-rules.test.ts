import { describe, expect, it } from 'vitest';
// @ts-expect-error plain JavaScript module of the rasteriser's thread
import { dropRules, evenLight, homography, paperCorners, squarePaper } from './raster-rules.mjs';

describe('dropRules', () => {
  it('turns a table rule into paper and keeps a character-sized mark beside it', () => {
    const w = 400;
    const h = 300;
    const g = new Uint8Array(w * h).fill(250);
    // a rule 2 px thick across 300 px, a vertical border 200 px down, a 20 × 20 "character"
    for (let x = 50; x < 350; x++) for (const y of [100, 101]) g[y * w + x] = 20;
    for (let y = 50; y < 250; y++) g[y * w + 30] = 20;
    for (let y = 150; y < 170; y++) for (let x = 100; x < 120; x += 3) g[y * w + x] = 20;
    for (let x = 100; x < 120; x++) g[160 * w + x] = 20;
    const dropped = dropRules(g, w, h);
    expect(dropped).toBeGreaterThan(700);
    expect(g[100 * w + 200]).toBe(255);
    expect(g[120 * w + 30]).toBe(255);
    expect(g[155 * w + 100]).toBe(20);
    expect(g[160 * w + 110]).toBe(20);
  });
});

/** A sheet (230) with a dark bar across it as "text" (20), photographed: the quadrilateral on a 70 ground. */
function photo(w: number, h: number, quad: number[][]) {
  const g = new Uint8Array(w * h).fill(70);
  // the map from the sheet (300 × 500) to the photo, to paint each photo pixel inside the quad
  const toSheet = homography(quad, [
    [0, 0],
    [300, 0],
    [300, 500],
    [0, 500],
  ]);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const q = toSheet[6] * x + toSheet[7] * y + 1;
      const u = (toSheet[0] * x + toSheet[1] * y + toSheet[2]) / q;
      const v = (toSheet[3] * x + toSheet[4] * y + toSheet[5]) / q;
      if (u >= 0 && u < 300 && v >= 0 && v < 500) g[y * w + x] = v >= 100 && v < 110 && u >= 30 && u < 270 ? 20 : 230;
    }
  return g;
}

describe('paperCorners, squarePaper (a photographed sheet set square)', () => {
  const quad = [
    [120, 90],
    [460, 70],
    [500, 700],
    [90, 640],
  ];
  it('finds the corners of a light sheet on a darker ground', () => {
    const g = photo(600, 800, quad);
    const corners = paperCorners(g, 600, 800);
    expect(corners).not.toBeNull();
    corners.forEach(([x, y]: number[], i: number) => {
      expect(Math.abs(x - quad[i][0])).toBeLessThanOrEqual(4);
      expect(Math.abs(y - quad[i][1])).toBeLessThanOrEqual(4);
    });
  });
  it('sets it square: the bar across the sheet becomes a level row of dark pixels', () => {
    const g = photo(600, 800, quad);
    const sq = squarePaper(g, 600, 800, paperCorners(g, 600, 800), 0);
    // as wide as the longer of top and bottom, as tall as the longer side (the corners found within a few px)
    expect(Math.abs(sq.w - Math.hypot(410, 60))).toBeLessThanOrEqual(6);
    expect(Math.abs(sq.h - Math.hypot(40, 630))).toBeLessThanOrEqual(6);
    // the bar at 100–110 of 500 on the sheet: the same share down the squared sheet, across its middle
    const row = (y: number) => Array.from({ length: sq.w }, (_, x) => sq.grey[y * sq.w + x]);
    const barY = Math.round((105 / 500) * sq.h);
    const dark = row(barY).filter((v) => v < 100).length;
    expect(dark).toBeGreaterThan(0.7 * sq.w);
    expect(row(Math.round(0.5 * sq.h)).filter((v) => v < 100).length).toBe(0);
    // a narrow sheet is enlarged to the width asked for, its sides in proportion
    const big = squarePaper(g, 600, 800, paperCorners(g, 600, 800), 700);
    expect(big.w).toBe(700);
    expect(Math.abs(big.h / big.w - sq.h / sq.w)).toBeLessThan(0.01);
  });
  it('evens the light: a sheet half in shadow comes out white on both sides, its ink dark', () => {
    const w = 240;
    const h = 120;
    const g = new Uint8Array(w * h);
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        const paper = x < 120 ? 230 : 140; // the right half in shadow
        g[y * w + x] = y >= 50 && y < 54 && x % 20 < 10 ? Math.round(paper * 0.25) : paper;
      }
    evenLight(g, w, h);
    expect(g[10 * w + 30]).toBeGreaterThanOrEqual(250);
    expect(g[10 * w + 200]).toBeGreaterThanOrEqual(250);
    expect(g[51 * w + 32]).toBeGreaterThanOrEqual(250); // paper between the marks
    expect(g[51 * w + 201]).toBeLessThan(90); // a mark in the shadow: dark
    expect(g[51 * w + 21]).toBeLessThan(90);
  });
  it('leaves a scan alone: white to its edges, or a page with dark text only', () => {
    const scan = new Uint8Array(600 * 800).fill(245);
    for (let y = 100; y < 110; y++) for (let x = 50; x < 550; x++) scan[y * 600 + x] = 20;
    expect(paperCorners(scan, 600, 800)).toBeNull();
    // a sheet cut off by the image's edge (a photo taken close): left as it is
    const close = photo(600, 800, [
      [-20, 90],
      [460, 70],
      [500, 700],
      [90, 640],
    ]);
    expect(paperCorners(close, 600, 800)).toBeNull();
  });
});
