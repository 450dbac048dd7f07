// The PdfRasteriser's thread (see rasteriser.ts): mupdf (WASM) renders pages off the API's event loop.
// Plain JavaScript so it runs under node and tsx alike. Message in: { id, bytes, mime, maxPages, dpi, minWidth, maxSide };
// out: { id, pages: [{ page, width, height, png, image }], pageCount } or { id, error } (image: a PGM for the engine,
// png: the page image to store). `upright: false` skips the red-ink
// drop, the skew / orientation correction and the rule removal (issue 29; the benchmark's baseline is the reading before it).
import { createRequire } from 'node:module';
import { parentPort } from 'node:worker_threads';
import { deflateSync } from 'node:zlib';
import * as mupdf from 'mupdf';
import { dropRules, evenLight, paperCorners, squarePaper } from './raster-rules.mjs';

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

/**
 * The page in grey from an RGB render, with red ink dropped: a 印影 (vermilion seal) over the issuer's name
 * turns into paper, while black text under it stays dark (where both inks overlap the pixel is dark).
 */
function greyWithoutStamps(rgbPix) {
  const w = rgbPix.getWidth();
  const h = rgbPix.getHeight();
  const stride = rgbPix.getStride();
  const n = rgbPix.getNumberOfComponents();
  const src = rgbPix.getPixels();
  const grey = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    let i = y * stride;
    for (let x = 0; x < w; x++, i += n) {
      const r = src[i];
      const g = src[i + 1];
      const b = src[i + 2];
      grey[y * w + x] = r - Math.max(g, b) > 60 ? Math.max(r, 235) : (r * 299 + g * 587 + b * 114) / 1000;
    }
  }
  return { w, h, grey };
}

/**
 * Skew and orientation by projection profiles: the dark pixels of a reduced copy projected on rows at angles
 * −10°…+10° (every 0.25°); text lines make the sharpest profile at the page's skew. The same on columns tells
 * a page turned by 90° (its lines run vertically). Returns the rotation that makes the text upright-ish:
 * quarter turns (0 or 1; 180° is not told apart here — see the reader's retry) and the residual angle.
 */
export function skewOf(grey, w, h) {
  const f = Math.max(1, Math.round(Math.max(w, h) / 700));
  const W = Math.ceil(w / f);
  const H = Math.ceil(h / f);
  // ink = clearly darker than its surroundings (a photo's table or shadow is dark, but evenly so)
  const small = new Float64Array(W * H);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) small[y * W + x] = grey[Math.min(h - 1, y * f) * w + Math.min(w - 1, x * f)];
  const integral = new Float64Array((W + 1) * (H + 1));
  for (let y = 0; y < H; y++) {
    let row = 0;
    for (let x = 0; x < W; x++) {
      row += small[y * W + x];
      integral[(y + 1) * (W + 1) + x + 1] = integral[y * (W + 1) + x + 1] + row;
    }
  }
  const R = 12;
  const pts = [];
  const ink = new Uint8Array(W * H);
  for (let y = 0; y < H; y++) {
    const y0 = Math.max(0, y - R);
    const y1 = Math.min(H, y + R + 1);
    for (let x = 0; x < W; x++) {
      const x0 = Math.max(0, x - R);
      const x1 = Math.min(W, x + R + 1);
      const sum =
        integral[y1 * (W + 1) + x1] -
        integral[y0 * (W + 1) + x1] -
        integral[y1 * (W + 1) + x0] +
        integral[y0 * (W + 1) + x0];
      const local = sum / ((y1 - y0) * (x1 - x0));
      if (small[y * W + x] < local * 0.72) ink[y * W + x] = 1;
    }
  }
  // long straight runs are rules, table borders and a photo's paper edges, not text: left out
  const LONG = 40;
  const drop = new Uint8Array(W * H);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; ) {
      let e = x;
      while (e < W && ink[y * W + e]) e++;
      if (e - x > LONG) for (let k = x; k < e; k++) drop[y * W + k] = 1;
      x = e + 1;
    }
  }
  for (let x = 0; x < W; x++) {
    for (let y = 0; y < H; ) {
      let e = y;
      while (e < H && ink[e * W + x]) e++;
      if (e - y > LONG) for (let k = y; k < e; k++) drop[k * W + x] = 1;
      y = e + 1;
    }
  }
  for (let i = 0; i < W * H; i++) if (ink[i] && !drop[i]) pts.push(i % W, Math.floor(i / W));
  if (pts.length < 200) return { quarter: 0, angle: 0 };
  const best = (swap) => {
    let top = { angle: 0, score: -1, runs: 0 };
    const size = Math.ceil(Math.hypot(W, H)) + 2;
    const bins = new Float64Array(size * 2);
    for (let a = -10; a <= 10.001; a += 0.25) {
      const t = (a * Math.PI) / 180;
      const sin = Math.sin(t);
      const cos = Math.cos(t);
      bins.fill(0);
      for (let i = 0; i < pts.length; i += 2) {
        const x = swap ? pts[i + 1] : pts[i];
        const y = swap ? pts[i] : pts[i + 1];
        bins[Math.round(y * cos - x * sin) + size] += 1;
      }
      let score = 0;
      let max = 0;
      for (let k = 1; k < bins.length; k++) {
        score += (bins[k] - bins[k - 1]) ** 2;
        if (bins[k] > max) max = bins[k];
      }
      if (score > top.score) {
        // lines of text: runs of inked bins separated by blank ones (a paper edge or a rule is one run)
        let runs = 0;
        const least = Math.max(3, 0.05 * max);
        for (let k = 1; k < bins.length; k++) if (bins[k] >= least && bins[k - 1] < least) runs++;
        top = { angle: a, score, runs };
      }
    }
    return top;
  };
  const horizontal = best(false);
  const vertical = best(true);
  if (vertical.score > 2.5 * horizontal.score) return { quarter: 1, angle: -vertical.angle };
  return { quarter: 0, angle: horizontal.angle };
}

/** Rotates the grey page: `quarter` quarter turns clockwise, then `angle` degrees (bilinear, white corners). */
function rotateGrey(src, w, h, quarter, angle) {
  let g = src;
  let W = w;
  let H = h;
  if (quarter === 1) {
    // the text runs top-to-bottom: turn it a quarter (a wrong direction is caught by the reader as 180°)
    const out = new Uint8Array(w * h);
    W = h;
    H = w;
    for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) out[y * W + x] = src[(h - 1 - x) * w + y];
    g = out;
  }
  if (Math.abs(angle) < 0.4) return { grey: g, w: W, h: H };
  const t = (angle * Math.PI) / 180;
  const cos = Math.cos(t);
  const sin = Math.sin(t);
  const out = new Uint8Array(W * H).fill(255);
  const cx = W / 2;
  const cy = H / 2;
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const sx = cos * (x - cx) - sin * (y - cy) + cx;
      const sy = sin * (x - cx) + cos * (y - cy) + cy;
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      if (x0 < 0 || y0 < 0 || x0 >= W - 1 || y0 >= H - 1) continue;
      const fx = sx - x0;
      const fy = sy - y0;
      const i = y0 * W + x0;
      out[y * W + x] = (g[i] * (1 - fx) + g[i + 1] * fx) * (1 - fy) + (g[i + W] * (1 - fx) + g[i + W + 1] * fx) * fy;
    }
  }
  return { grey: out, w: W, h: H };
}

/** Grey pixels as a DeviceGray pixmap (for despeckle and PNG encoding). */
function greyPixmap(grey, w, h) {
  const pix = new mupdf.Pixmap(mupdf.ColorSpace.DeviceGray, [0, 0, w, h], false);
  const px = pix.getPixels();
  const stride = pix.getStride();
  for (let y = 0; y < h; y++) px.set(grey.subarray(y * w, (y + 1) * w), y * stride);
  return pix;
}

/** A grey pixmap's pixels as a binary PGM (P5): what tesseract reads without decoding anything. */
export function pgmOf(pix) {
  const w = pix.getWidth();
  const h = pix.getHeight();
  const stride = pix.getStride();
  const px = pix.getPixels();
  const head = Buffer.from(`P5\n${w} ${h}\n255\n`, 'latin1');
  const out = Buffer.allocUnsafe(head.length + w * h);
  head.copy(out);
  for (let y = 0; y < h; y++) out.set(px.subarray(y * stride, y * stride + w), head.length + y * w);
  return out;
}

const CRC_TABLE = (() => {
  const t = new Int32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c;
  }
  return t;
})();
function crc32(buf) {
  let c = -1;
  for (let i = 0; i < buf.length; i++) c = CRC_TABLE[(c ^ buf[i]) & 255] ^ (c >>> 8);
  return (c ^ -1) >>> 0;
}
function chunk(type, data) {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/**
 * The grey pixmap as an 8-bit greyscale PNG for the stored page image, compressed by node's native zlib
 * (level 1, the Up filter): ~0.06 s an A4 page where mupdf's WASM PNG encoder took 0.4–1.2 s.
 */
export function pngOf(pix) {
  const w = pix.getWidth();
  const h = pix.getHeight();
  const stride = pix.getStride();
  const px = pix.getPixels();
  const raw = Buffer.allocUnsafe((w + 1) * h);
  for (let y = 0; y < h; y++) {
    const o = y * (w + 1);
    const r = y * stride;
    raw[o] = y === 0 ? 0 : 2;
    if (y === 0) raw.set(px.subarray(r, r + w), o + 1);
    else for (let x = 0; x < w; x++) raw[o + 1 + x] = (px[r + x] - px[r - stride + x]) & 255;
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 1 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Bytes that own their whole ArrayBuffer (a small Buffer shares node's pool, which must not be transferred). */
function own(bytes) {
  return bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.length ? bytes : new Uint8Array(bytes);
}

parentPort?.on('message', (msg) => {
  const { id, bytes, mime, maxPages, dpi, minWidth, maxSide, upright = true, imageFormat = 'pgm' } = msg;
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
      let pix;
      // what was corrected (quarter turns, degrees), for the benchmark's notes
      let turn = null;
      if (upright) {
        const rgbPix = page.toPixmap(mupdf.Matrix.scale(s, s), mupdf.ColorSpace.DeviceRGB, false, true);
        let flat = greyWithoutStamps(rgbPix);
        rgbPix.destroy?.();
        // a photographed sheet on a darker ground: cut out and set square first (ADR 0063)
        const corners = isImage ? paperCorners(flat.grey, flat.w, flat.h) : null;
        const squared = corners && squarePaper(flat.grey, flat.w, flat.h, corners);
        if (squared) {
          evenLight(squared.grey, squared.w, squared.h);
          flat = squared;
        }
        const { quarter, angle } = skewOf(flat.grey, flat.w, flat.h);
        turn = {
          quarter,
          angle,
          ...(squared ? { paper: corners.map(([x, y]) => [Math.round(x), Math.round(y)]) } : {}),
        };
        const turned = rotateGrey(flat.grey, flat.w, flat.h, quarter, angle);
        dropRules(turned.grey, turned.w, turned.h);
        pix = greyPixmap(turned.grey, turned.w, turned.h);
      } else pix = page.toPixmap(mupdf.Matrix.scale(s, s), mupdf.ColorSpace.DeviceGray, false, true);
      despeckle(pix);
      // `imageFormat: 'png'` is the reading before: mupdf's PNG both for the engine and for storage
      const png = own(imageFormat === 'png' ? pix.asPNG() : pngOf(pix));
      const image = imageFormat === 'png' ? png : own(pgmOf(pix));
      pages.push({ page: i + 1, width: pix.getWidth(), height: pix.getHeight(), png, image, turn });
      pix.destroy?.();
      page.destroy?.();
    }
    parentPort.postMessage({ id, pages, pageCount }, [
      ...new Set(pages.flatMap((p) => [p.png.buffer, p.image.buffer])),
    ]);
  } catch (err) {
    parentPort.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  } finally {
    doc?.destroy?.();
  }
});
