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

/** Otsu's threshold of 8-bit values. */
function otsu(values) {
  const hist = new Float64Array(256);
  for (const v of values) hist[v]++;
  const n = values.length;
  let sum = 0;
  for (let i = 0; i < 256; i++) sum += i * hist[i];
  let below = 0;
  let sumBelow = 0;
  let best = 0;
  let threshold = 128;
  for (let t = 0; t < 256; t++) {
    below += hist[t];
    if (below === 0) continue;
    const above = n - below;
    if (above === 0) break;
    sumBelow += t * hist[t];
    const m0 = sumBelow / below;
    const m1 = (sum - sumBelow) / above;
    const between = below * above * (m0 - m1) ** 2;
    if (between > best) {
      best = between;
      threshold = t;
    }
  }
  return threshold;
}

/** The 3 × 3 projective map taking the four points `from` onto `to` (h[8] = 1), or null when degenerate. */
export function homography(from, to) {
  const A = [];
  for (let i = 0; i < 4; i++) {
    const [x, y] = from[i];
    const [u, v] = to[i];
    A.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u]);
    A.push([0, 0, 0, x, y, 1, -v * x, -v * y, v]);
  }
  // Gaussian elimination with partial pivoting
  for (let c = 0; c < 8; c++) {
    let p = c;
    for (let r = c + 1; r < 8; r++) if (Math.abs(A[r][c]) > Math.abs(A[p][c])) p = r;
    if (Math.abs(A[p][c]) < 1e-9) return null;
    [A[c], A[p]] = [A[p], A[c]];
    for (let r = 0; r < 8; r++) {
      if (r === c) continue;
      const f = A[r][c] / A[c][c];
      for (let k = c; k < 9; k++) A[r][k] -= f * A[c][k];
    }
  }
  return [...A.map((row, i) => row[8] / row[i]), 1];
}

/**
 * The paper of a photographed document: its four corners [top-left, top-right, bottom-right, bottom-left] in
 * pixels, or null when the image is not a light sheet on a darker ground (a scan, a PDF page, a photo cut
 * to the paper). Read on a copy about 400 px across: Otsu's threshold splits paper from ground; the image's
 * outer ring must be mostly ground and its middle mostly paper, the two clearly apart (≥ 40 levels); the
 * paper is the largest light region (≥ 15% of the image); its corners are the region's points farthest
 * along the diagonals (x + y, x − y). A sheet whose corners lie on the image's edge is left alone.
 */
export function paperCorners(grey, w, h) {
  const f = Math.max(1, Math.floor(Math.max(w, h) / 400));
  const sw = Math.floor(w / f);
  const sh = Math.floor(h / f);
  if (sw < 40 || sh < 40) return null;
  const small = new Uint8Array(sw * sh);
  for (let y = 0; y < sh; y++)
    for (let x = 0; x < sw; x++) {
      let s = 0;
      for (let j = 0; j < f; j++) for (let i = 0; i < f; i++) s += grey[(y * f + j) * w + x * f + i];
      small[y * sw + x] = Math.round(s / (f * f));
    }
  const t = otsu(small);
  let ringDark = 0;
  let ring = 0;
  let dark = 0;
  let darkSum = 0;
  let lightSum = 0;
  const band = Math.max(2, Math.round(Math.min(sw, sh) * 0.02));
  for (let y = 0; y < sh; y++)
    for (let x = 0; x < sw; x++) {
      const v = small[y * sw + x];
      if (v <= t) {
        dark++;
        darkSum += v;
      } else lightSum += v;
      if (x < band || y < band || x >= sw - band || y >= sh - band) {
        ring++;
        if (v <= t) ringDark++;
      }
    }
  if (ringDark < 0.85 * ring || dark === 0 || dark === sw * sh) return null;
  if (lightSum / (sw * sh - dark) - darkSum / dark < 40) return null;
  let middleLight = 0;
  let middle = 0;
  for (let y = Math.floor(sh * 0.4); y < Math.ceil(sh * 0.6); y++)
    for (let x = Math.floor(sw * 0.4); x < Math.ceil(sw * 0.6); x++) {
      middle++;
      if (small[y * sw + x] > t) middleLight++;
    }
  if (middleLight < 0.6 * middle) return null;
  // the largest 4-connected light region
  const label = new Int32Array(sw * sh);
  const stack = new Int32Array(sw * sh);
  let best = { size: 0, id: 0 };
  let id = 0;
  for (let start = 0; start < sw * sh; start++) {
    if (label[start] !== 0 || small[start] <= t) continue;
    id++;
    let top = 0;
    let size = 0;
    stack[top++] = start;
    label[start] = id;
    while (top > 0) {
      const p = stack[--top];
      size++;
      const x = p % sw;
      const y = (p - x) / sw;
      for (const q of [x > 0 ? p - 1 : -1, x < sw - 1 ? p + 1 : -1, y > 0 ? p - sw : -1, y < sh - 1 ? p + sw : -1]) {
        if (q >= 0 && label[q] === 0 && small[q] > t) {
          label[q] = id;
          stack[top++] = q;
        }
      }
    }
    if (size > best.size) best = { size, id };
  }
  if (best.size < 0.15 * sw * sh) return null;
  const corner = [
    { s: Infinity, p: [0, 0] }, // top-left: least x + y
    { s: -Infinity, p: [0, 0] }, // top-right: most x − y
    { s: -Infinity, p: [0, 0] }, // bottom-right: most x + y
    { s: Infinity, p: [0, 0] }, // bottom-left: least x − y
  ];
  for (let p = 0; p < sw * sh; p++) {
    if (label[p] !== best.id) continue;
    const x = p % sw;
    const y = (p - x) / sw;
    if (x + y < corner[0].s) corner[0] = { s: x + y, p: [x, y] };
    if (x - y > corner[1].s) corner[1] = { s: x - y, p: [x, y] };
    if (x + y > corner[2].s) corner[2] = { s: x + y, p: [x, y] };
    if (x - y < corner[3].s) corner[3] = { s: x - y, p: [x, y] };
  }
  const onEdge = corner.filter(({ p: [x, y] }) => x <= 1 || y <= 1 || x >= sw - 2 || y >= sh - 2).length;
  if (onEdge > 0) return null;
  const pts = corner.map(({ p: [x, y] }) => [(x + 0.5) * f, (y + 0.5) * f]);
  // a convex quadrilateral, each side at least a fifth of the image's
  for (let i = 0; i < 4; i++) {
    const [ax, ay] = pts[i];
    const [bx, by] = pts[(i + 1) % 4];
    const [cx, cy] = pts[(i + 2) % 4];
    if ((bx - ax) * (cy - by) - (by - ay) * (cx - bx) <= 0) return null;
    if (Math.hypot(bx - ax, by - ay) < 0.2 * Math.min(w, h)) return null;
  }
  return pts;
}

/**
 * A photographed sheet cut out and set square (the perspective undone): the quadrilateral `corners`
 * (paperCorners) mapped onto a rectangle as wide as its longer top or bottom side and as tall as its longer
 * left or right side — enlarged to `minWidth` across when narrower (at most ×2) — bilinear. `{ grey, w, h }`,
 * or null when the corners give no map.
 */
export function squarePaper(grey, w, h, corners, minWidth = 1000) {
  const d = (a, b) => Math.hypot(a[0] - b[0], a[1] - b[1]);
  const [tl, tr, br, bl] = corners;
  const across = Math.max(d(tl, tr), d(bl, br));
  // a sheet photographed from afar is enlarged to about minWidth across (at most twice): a receipt's small
  // print reaches the size tesseract reads best, and the resampling blurs it less
  const scale = Math.min(2, Math.max(1, minWidth / across));
  const W = Math.round(scale * across);
  const H = Math.round(scale * Math.max(d(tl, bl), d(tr, br)));
  if (W < 8 || H < 8) return null;
  const m = homography(
    [
      [0, 0],
      [W, 0],
      [W, H],
      [0, H],
    ],
    corners,
  );
  if (!m) return null;
  const out = new Uint8Array(W * H);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const X = x + 0.5;
      const Y = y + 0.5;
      const q = m[6] * X + m[7] * Y + 1;
      const sx = (m[0] * X + m[1] * Y + m[2]) / q - 0.5;
      const sy = (m[3] * X + m[4] * Y + m[5]) / q - 0.5;
      const x0 = Math.min(w - 1, Math.max(0, Math.floor(sx)));
      const y0 = Math.min(h - 1, Math.max(0, Math.floor(sy)));
      const x1 = Math.min(w - 1, x0 + 1);
      const y1 = Math.min(h - 1, y0 + 1);
      const fx = Math.min(1, Math.max(0, sx - x0));
      const fy = Math.min(1, Math.max(0, sy - y0));
      const top = grey[y0 * w + x0] * (1 - fx) + grey[y0 * w + x1] * fx;
      const bottom = grey[y1 * w + x0] * (1 - fx) + grey[y1 * w + x1] * fx;
      out[y * W + x] = Math.round(top * (1 - fy) + bottom * fy);
    }
  return { grey: out, w: W, h: H };
}

/**
 * The light across a photographed sheet made even (a shadow, light falling off to a corner): each pixel
 * divided by the paper's brightness around it — the brightest value of its 24 px block, smoothed over the
 * neighbouring blocks and interpolated — so that paper reads white and ink dark everywhere. Tesseract
 * binarises a page with one threshold: cut out of its darker ground, a shadowed sheet would otherwise split
 * into "paper" and "ink" along the shadow's edge. In place.
 */
export function evenLight(grey, w, h) {
  const B = 24;
  const bw = Math.ceil(w / B);
  const bh = Math.ceil(h / B);
  const top = new Float64Array(bw * bh);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const b = Math.floor(y / B) * bw + Math.floor(x / B);
      if (grey[y * w + x] > top[b]) top[b] = grey[y * w + x];
    }
  const smooth = new Float64Array(bw * bh);
  for (let by = 0; by < bh; by++)
    for (let bx = 0; bx < bw; bx++) {
      let s = 0;
      let n = 0;
      for (let j = -1; j <= 1; j++)
        for (let i = -1; i <= 1; i++) {
          const x = bx + i;
          const y = by + j;
          if (x < 0 || y < 0 || x >= bw || y >= bh) continue;
          s += top[y * bw + x];
          n++;
        }
      smooth[by * bw + bx] = Math.max(32, s / n);
    }
  for (let y = 0; y < h; y++) {
    const fy = Math.min(bh - 1, Math.max(0, (y + 0.5) / B - 0.5));
    const y0 = Math.floor(fy);
    const y1 = Math.min(bh - 1, y0 + 1);
    const ty = fy - y0;
    for (let x = 0; x < w; x++) {
      const fx = Math.min(bw - 1, Math.max(0, (x + 0.5) / B - 0.5));
      const x0 = Math.floor(fx);
      const x1 = Math.min(bw - 1, x0 + 1);
      const tx = fx - x0;
      const bg =
        (smooth[y0 * bw + x0] * (1 - tx) + smooth[y0 * bw + x1] * tx) * (1 - ty) +
        (smooth[y1 * bw + x0] * (1 - tx) + smooth[y1 * bw + x1] * tx) * ty;
      grey[y * w + x] = Math.min(255, Math.round((grey[y * w + x] * 255) / bg));
    }
  }
  return grey;
}
