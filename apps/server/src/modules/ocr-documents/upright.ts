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

/** One page read upright: as given, or turned when that reads with clearly more confidence. */
export async function recognizeUpright(
  engine: OcrEngine,
  png: Buffer,
  page: number,
  onProgress?: (fraction: number) => void,
): Promise<OcrPageResult> {
  let best = await engine.recognize(png, page, onProgress);
  for (const q of [2, 1, 3] as const) {
    if (best.confidence >= TURNED_CONFIDENCE && best.words.length > 0) break;
    const r = await engine.recognize(turnPng(png, q), page, onProgress);
    if (r.confidence > best.confidence + 0.1) best = r;
  }
  return best;
}
