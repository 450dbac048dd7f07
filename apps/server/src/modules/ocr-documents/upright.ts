import { PNG } from 'pngjs';
import type { OcrEngine, OcrPageResult } from './engine.js';

/**
 * Below this mean confidence a page may be upside down: the rasteriser corrects skew and quarter turns by
 * projection profiles (raster-worker.mjs), which cannot tell 0° from 180° (nor 90° from 270°); tesseract
 * reads an upside-down Japanese page at a very low confidence, so such a page is read once more turned by
 * 180° and the better reading kept. The local language data has no OSD model to ask instead.
 */
export const UPSIDE_DOWN_CONFIDENCE = 0.55;

/** A greyscale PNG turned by 180°. */
export function turnPng180(png: Buffer): Buffer {
  const img = PNG.sync.read(png);
  const { width, height, data } = img;
  // pngjs decodes to RGBA: reverse the pixels, not the bytes
  const out = Buffer.alloc(data.length);
  const n = width * height;
  for (let i = 0; i < n; i++) data.copy(out, (n - 1 - i) * 4, i * 4, i * 4 + 4);
  const options = { colorType: 0, inputColorType: 6, inputHasAlpha: true } as const;
  const turned = new PNG({ width, height, ...options });
  turned.data = out;
  return PNG.sync.write(turned, options);
}

/** One page read upright: as given, or turned by 180° when that reads with clearly more confidence. */
export async function recognizeUpright(
  engine: OcrEngine,
  png: Buffer,
  page: number,
  onProgress?: (fraction: number) => void,
): Promise<OcrPageResult> {
  const first = await engine.recognize(png, page, onProgress);
  if (first.confidence >= UPSIDE_DOWN_CONFIDENCE && first.words.length > 0) return first;
  const second = await engine.recognize(turnPng180(png), page, onProgress);
  return second.confidence > first.confidence + 0.1 ? second : first;
}
