import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PNG } from 'pngjs';

/**
 * The dark pixels in rows `fromY`..`toY` of a PDF's first page rasterised at 72 dpi (pdftoppm, poppler-utils):
 * blank glyphs (a font that did not embed) leave the band white, real glyphs darken it.
 */
export function darkPixelsOnFirstPage(pdfFile: string, fromY: number, toY: number): number {
  const dir = path.dirname(pdfFile);
  const prefix = `${path.basename(pdfFile, '.pdf')}-page`;
  execFileSync('pdftoppm', ['-png', '-r', '72', '-f', '1', '-l', '1', pdfFile, path.join(dir, prefix)]);
  const file = readdirSync(dir).find((f) => f.startsWith(prefix) && f.endsWith('.png')) as string;
  const png = PNG.sync.read(readFileSync(path.join(dir, file)));
  let dark = 0;
  for (let y = fromY; y < toY; y++) {
    for (let x = 0; x < png.width; x++) {
      const k = (y * png.width + x) * 4;
      if (png.data[k] < 100 && png.data[k + 1] < 100 && png.data[k + 2] < 100) dark++;
    }
  }
  return dark;
}
