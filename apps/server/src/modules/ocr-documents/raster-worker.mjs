// The PdfRasteriser's thread (see rasteriser.ts): mupdf (WASM) renders pages off the API's event loop.
// Plain JavaScript so it runs under node and tsx alike. Message in: { id, bytes, mime, maxPages, dpi, minWidth, maxSide };
// out: { id, pages: [{ page, width, height, png }], pageCount } or { id, error }.
import { createRequire } from 'node:module';
import { parentPort } from 'node:worker_threads';
import * as mupdf from 'mupdf';

// below the API's event loop in CPU priority, like tesseract's thread
createRequire(import.meta.url)('./thread-priority.cjs').lowerThisThreadPriority();

/**
 * PDFs render at `dpi`. Images keep their pixels (a 200 dpi A4 photo is 1654 px wide: its text is already
 * ~25 px high, enough for tesseract) unless narrower than `minWidth`, then they are doubled.
 */
function scaleFor(bounds, opts, isImage, imageWidth) {
  const [x0, y0, x1, y1] = bounds;
  if (!isImage) return opts.dpi / 72;
  const target = imageWidth < opts.minWidth ? imageWidth * 2 : imageWidth;
  let s = target / (x1 - x0);
  // large images (phone photos, 300+ dpi scans) are scaled down so their long side is at most maxSide
  const long = Math.max(x1 - x0, y1 - y0) * s;
  if (opts.maxSide && long > opts.maxSide) s *= opts.maxSide / long;
  return s;
}

/**
 * Removes isolated dark specks (scanner noise, JPEG dust): a dark pixel with at most one dark neighbour
 * becomes white. Text strokes at ~300 dpi are several pixels wide, so they keep their neighbours.
 */
function despeckle(pix) {
  const w = pix.getWidth();
  const h = pix.getHeight();
  const stride = pix.getStride();
  const px = pix.getPixels();
  const dark = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) dark[y * w + x] = px[y * stride + x] < 140 ? 1 : 0;
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      if (!dark[i]) continue;
      const n =
        dark[i - w - 1] +
        dark[i - w] +
        dark[i - w + 1] +
        dark[i - 1] +
        dark[i + 1] +
        dark[i + w - 1] +
        dark[i + w] +
        dark[i + w + 1];
      if (n <= 2) px[y * stride + x] = 255;
    }
  }
}

parentPort.on('message', (msg) => {
  const { id, bytes, mime, maxPages, dpi, minWidth, maxSide } = msg;
  let doc;
  try {
    doc = mupdf.Document.openDocument(bytes, mime);
    const pageCount = doc.countPages();
    const isImage = mime !== 'application/pdf';
    let imageWidth = 0;
    if (isImage) {
      const img = new mupdf.Image(bytes);
      imageWidth = img.getWidth();
      img.destroy?.();
    }
    const pages = [];
    for (let i = 0; i < Math.min(pageCount, maxPages); i++) {
      const page = doc.loadPage(i);
      const s = scaleFor(page.getBounds(), { dpi, minWidth, maxSide }, isImage, imageWidth);
      const pix = page.toPixmap(mupdf.Matrix.scale(s, s), mupdf.ColorSpace.DeviceGray, false, true);
      despeckle(pix);
      const png = pix.asPNG();
      pages.push({ page: i + 1, width: pix.getWidth(), height: pix.getHeight(), png });
      pix.destroy?.();
      page.destroy?.();
    }
    parentPort.postMessage(
      { id, pages, pageCount },
      pages.map((p) => p.png.buffer),
    );
  } catch (err) {
    parentPort.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  } finally {
    doc?.destroy?.();
  }
});
