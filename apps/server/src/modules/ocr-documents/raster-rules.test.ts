import { describe, expect, it } from 'vitest';
// @ts-expect-error plain JavaScript module of the rasteriser's thread
import { dropRules } from './raster-rules.mjs';

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
