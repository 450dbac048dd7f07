// Pixel work of the rasteriser's thread (raster-worker.mjs) that needs no mupdf: plain JavaScript, testable alone.

/**
 * Table rules and box borders turned into paper: tesseract's page layout analysis drops or merges the cells
 * of a bordered table (a 10%対象 cell and its amount went missing, a border read as `|` or `1`). Ink here is a
 * pixel clearly darker than its neighbourhood (so a photo's shadow is not ink, the text in it is); a run of
 * ink longer than a character can be (1/16 of the page's width across, 1/30 of its height down) is a rule.
 * Pixels of a rule and their light anti-aliased edge become white; letters touching a rule lose only the
 * pixels on it.
 */
export function dropRules(grey, w, h) {
  const R = Math.max(8, Math.round(Math.max(w, h) / 150));
  const W1 = w + 1;
  const integral = new Float64Array(W1 * (h + 1));
  for (let y = 0; y < h; y++) {
    let row = 0;
    for (let x = 0; x < w; x++) {
      row += grey[y * w + x];
      integral[(y + 1) * W1 + x + 1] = integral[y * W1 + x + 1] + row;
    }
  }
  const ink = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const y0 = Math.max(0, y - R);
    const y1 = Math.min(h, y + R + 1);
    for (let x = 0; x < w; x++) {
      const v = grey[y * w + x];
      if (v > 200) continue;
      const x0 = Math.max(0, x - R);
      const x1 = Math.min(w, x + R + 1);
      const sum = integral[y1 * W1 + x1] - integral[y0 * W1 + x1] - integral[y1 * W1 + x0] + integral[y0 * W1 + x0];
      if (v < (sum / ((y1 - y0) * (x1 - x0))) * 0.8) ink[y * w + x] = 1;
    }
  }
  const rule = new Uint8Array(w * h);
  const across = Math.max(60, Math.round(w / 16));
  const down = Math.max(50, Math.round(h / 30));
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; ) {
      let e = x;
      while (e < w && ink[y * w + e]) e++;
      if (e - x >= across) for (let k = x; k < e; k++) rule[y * w + k] = 1;
      x = e + 1;
    }
  }
  for (let x = 0; x < w; x++) {
    for (let y = 0; y < h; ) {
      let e = y;
      while (e < h && ink[e * w + x]) e++;
      if (e - y >= down) for (let k = y; k < e; k++) rule[k * w + x] = 1;
      y = e + 1;
    }
  }
  let dropped = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (!rule[i]) continue;
      dropped++;
      grey[i] = 255;
      // the rule's grey edge (anti-aliasing, JPEG) one pixel either side
      if (y > 0 && !rule[i - w] && grey[i - w] > 90) grey[i - w] = 255;
      if (y < h - 1 && !rule[i + w] && grey[i + w] > 90) grey[i + w] = 255;
      if (x > 0 && !rule[i - 1] && grey[i - 1] > 90) grey[i - 1] = 255;
      if (x < w - 1 && !rule[i + 1] && grey[i + 1] > 90) grey[i + 1] = 255;
    }
  }
  return dropped;
}
