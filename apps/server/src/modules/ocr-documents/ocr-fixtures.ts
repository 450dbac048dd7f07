import { type PDFFont, type PDFPage, rgb } from '@cantoo/pdf-lib';
import { corporateNumberCheckDigit } from '@chobo/core';
import jpeg from 'jpeg-js';
import * as mupdf from 'mupdf';
import { PNG } from 'pngjs';
import { japanesePdf } from '../../lib/pdf.js';
import { mulberry32 } from '../../lib/prng.js';

/**
 * Generated invoices and receipts with their true fields: the OCR accuracy benchmark's fixture set, the
 * server test's one real OCR run, and the demo's OCR documents. Drawn with pdf-lib + Noto Sans JP (as the
 * invoice PDF is), rasterised with mupdf, then degraded like scans and phone photos (noise, rotation, 200 dpi,
 * JPEG) in plain JavaScript.
 */

export interface TruthTax {
  tax_category: '10' | '8';
  base: number;
  tax: number;
}

export interface InvoiceTruth {
  issuer_name: string;
  registration_number: string;
  transaction_date: string;
  total: number;
  taxes: TruthTax[];
  phone: string;
  document_type: 4 | 5;
}

export interface FixtureSpec {
  name: string;
  truth: InvoiceTruth;
  layout: 'invoice' | 'invoice-landscape' | 'receipt';
  dateStyle: 'seireki' | 'wareki' | 'r-dots' | 'slash';
  /** 税込 display (内消費税) instead of 税抜 bases. */
  included: boolean;
  /** Degrees. */
  rotation: number;
  /** 0–1 share of noisy pixels. */
  noise: number;
  dpi: number;
  format: 'png' | 'jpeg' | 'pdf';
  recipient: string;
  items: { name: string; qty: number; amount: number; reduced: boolean }[];
}

export interface Fixture {
  spec: FixtureSpec;
  bytes: Buffer;
  mime: 'image/png' | 'image/jpeg' | 'application/pdf';
  /** Every text drawn, in reading order (the reference of the character accuracy). */
  text: string;
}

/** Deterministic PRNG (mulberry32). */
export const rng = mulberry32;

/** A valid 登録番号 from 12 digits. */
export function registrationNumberFrom(twelve: string): string {
  return `T${corporateNumberCheckDigit(twelve)}${twelve}`;
}

const ISSUERS = [
  '株式会社山田商店',
  '有限会社田中製作所',
  '合同会社みどり商会',
  '株式会社東京文具',
  '株式会社さくら食品',
  '有限会社北斗工業',
  '株式会社青空書店',
  '株式会社丸八商事',
];
const RECIPIENTS = ['株式会社サンプル商事', '株式会社テスト物産'];
const GOODS10 = ['コピー用紙', 'ボールペン', 'トナー', 'ファイル', '封筒', '作業手袋', '電池', '清掃用品'];
const GOODS8 = ['お茶', 'コーヒー豆', '弁当', 'お菓子', '牛乳', 'パン'];

const yen = (v: number) => v.toLocaleString('en-US');

function wareki(iso: string, style: FixtureSpec['dateStyle']): string {
  const [y, m, d] = iso.split('-').map(Number);
  const r = y - 2018;
  if (style === 'wareki') return `令和${r === 1 ? '元' : r}年${m}月${d}日`;
  if (style === 'r-dots') return `R${r}.${m}.${d}`;
  if (style === 'slash') return `${y}/${m}/${d}`;
  return `${y}年${m}月${d}日`;
}

/** A varied fixture set of `count` documents (seeded: the same set every run). */
export function fixtureSpecs(count: number, seed = 20240401): FixtureSpec[] {
  const rand = rng(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)];
  const out: FixtureSpec[] = [];
  for (let i = 0; i < count; i++) {
    const layout = (['invoice', 'receipt', 'invoice', 'invoice-landscape'] as const)[i % 4];
    const receipt = layout === 'receipt';
    const included = receipt ? i % 3 !== 2 : i % 5 === 3;
    const mixed = i % 2 === 0 || receipt;
    const items: FixtureSpec['items'] = [];
    const n = 2 + Math.floor(rand() * 3);
    for (let k = 0; k < n; k++) {
      const reduced = mixed && k % 2 === 1;
      items.push({
        name: pick(reduced ? GOODS8 : GOODS10),
        qty: 1 + Math.floor(rand() * 9),
        amount: (receipt ? 100 : 1000) * (1 + Math.floor(rand() * 30)) + (receipt ? 0 : 10 * Math.floor(rand() * 10)),
        reduced,
      });
    }
    const taxes: TruthTax[] = [];
    for (const rate of ['10', '8'] as const) {
      const lines = items.filter((it) => (rate === '8') === it.reduced);
      if (lines.length === 0) continue;
      const sum = lines.reduce((s, it) => s + it.amount, 0);
      const r = Number(rate);
      // 税込 display: the amounts include tax, tax once per rate (floor); 税抜: base × rate (floor)
      if (included) {
        const tax = Math.floor((sum * r) / (100 + r));
        taxes.push({ tax_category: rate, base: sum - tax, tax });
      } else taxes.push({ tax_category: rate, base: sum, tax: Math.floor((sum * r) / 100) });
    }
    const total = taxes.reduce((s, t) => s + t.base + t.tax, 0);
    const month = 1 + Math.floor(rand() * 12);
    const day = 1 + Math.floor(rand() * 28);
    const year = 2024 + (i % 2);
    const area = pick(['03', '06', '045', '052', '011']);
    const phone =
      area.length === 2
        ? `${area}-${1000 + Math.floor(rand() * 8999)}-${1000 + Math.floor(rand() * 8999)}`
        : `${area}-${100 + Math.floor(rand() * 899)}-${1000 + Math.floor(rand() * 8999)}`;
    const twelve = String(Math.floor(rand() * 1e12)).padStart(12, '0');
    out.push({
      name: `fixture-${String(i + 1).padStart(2, '0')}`,
      layout,
      dateStyle: (['seireki', 'wareki', 'r-dots', 'slash'] as const)[Math.floor(i / 4) % 4],
      included,
      rotation: i % 5 === 1 ? (rand() < 0.5 ? -1 : 1) * (1 + rand() * 2) : 0,
      noise: i % 3 === 2 ? 0.01 : 0,
      dpi: i % 4 === 2 ? 200 : 300,
      format: i % 7 === 6 ? 'pdf' : i % 4 === 2 ? 'jpeg' : 'png',
      recipient: pick(RECIPIENTS),
      items,
      truth: {
        issuer_name: ISSUERS[i % ISSUERS.length],
        registration_number: registrationNumberFrom(twelve),
        transaction_date: `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
        total,
        taxes,
        phone,
        document_type: receipt ? 5 : 4,
      },
    });
  }
  return out;
}

/** The document as a PDF (text drawn in reading order; returns the drawn lines too). */
export async function fixturePdf(spec: FixtureSpec): Promise<{ pdf: Buffer; lines: string[] }> {
  const { doc, regular, bold } = await japanesePdf();
  const t = spec.truth;
  const receipt = spec.layout === 'receipt';
  const size: [number, number] =
    spec.layout === 'invoice-landscape' ? [841.89, 595.28] : receipt ? [226.77, 566.93] : [595.28, 841.89];
  const page = doc.addPage(size);
  const [W, H] = size;
  const lines: string[] = [];
  const ink = rgb(0.1, 0.1, 0.12);
  const draw = (p: PDFPage, text: string, x: number, y: number, s: number, f: PDFFont = regular) => {
    p.drawText(text, { x, y, size: s, font: f, color: ink });
    lines.push(text);
  };
  const date = wareki(t.transaction_date, spec.dateStyle);
  const taxLine = (x: TruthTax) =>
    spec.included
      ? `${x.tax_category}%対象(税込) ¥${yen(x.base + x.tax)} 内消費税 ¥${yen(x.tax)}`
      : `${x.tax_category}%対象 ¥${yen(x.base)} 消費税 ¥${yen(x.tax)}`;
  if (receipt) {
    const m = 14;
    let y = H - 36;
    const next = (dy = 16) => {
      y -= dy;
      return y + dy;
    };
    draw(page, '領収書', W / 2 - 24, next(26), 16, bold);
    draw(page, t.issuer_name, m, next(), 10, bold);
    draw(page, `TEL ${t.phone}`, m, next(), 8);
    draw(page, `登録番号 ${t.registration_number}`, m, next(), 8);
    draw(page, `日付 ${date}`, m, next(20), 8);
    for (const it of spec.items) draw(page, `${it.name}${it.reduced ? ' ※' : ''}  ¥${yen(it.amount)}`, m, next(14), 8);
    next(6);
    draw(page, `合計 ¥${yen(t.total)}`, m, next(20), 12, bold);
    for (const x of t.taxes) draw(page, taxLine(x), m, next(14), 7);
    if (t.taxes.some((x) => x.tax_category === '8')) draw(page, '※は軽減税率対象', m, next(14), 7);
  } else {
    const m = 48;
    draw(page, '請求書', W / 2 - 36, H - 60, 24, bold);
    draw(page, `${spec.recipient} 御中`, m, H - 110, 13);
    const rx = W - 250;
    draw(page, t.issuer_name, rx, H - 110, 12, bold);
    draw(page, `登録番号 ${t.registration_number}`, rx, H - 128, 9);
    draw(page, `TEL ${t.phone}`, rx, H - 144, 9);
    draw(page, `発行日 ${date}`, rx, H - 160, 9);
    draw(page, `ご請求金額 ¥${yen(t.total)}${spec.included ? ' (税込)' : ''}`, m, H - 170, 15, bold);
    let y = H - 220;
    page.drawLine({ start: { x: m, y: y + 14 }, end: { x: W - m, y: y + 14 }, thickness: 0.6, color: ink });
    draw(page, '品名', m, y, 10);
    draw(page, '数量', W - 230, y, 10);
    draw(page, '金額', W - 120, y, 10);
    y -= 22;
    for (const it of spec.items) {
      draw(page, `${it.name}${it.reduced ? ' ※' : ''}`, m, y, 10);
      draw(page, String(it.qty), W - 222, y, 10);
      draw(page, yen(it.amount), W - 120, y, 10);
      y -= 20;
    }
    page.drawLine({ start: { x: m, y: y + 12 }, end: { x: W - m, y: y + 12 }, thickness: 0.6, color: ink });
    y -= 10;
    for (const x of t.taxes) {
      draw(page, taxLine(x), W - 330, y, 10);
      y -= 18;
    }
    draw(page, `合計 ¥${yen(t.total)}`, W - 330, y - 4, 12, bold);
    if (t.taxes.some((x) => x.tax_category === '8')) draw(page, '※は軽減税率対象', m, y - 30, 9);
  }
  return { pdf: Buffer.from(await doc.save()), lines };
}

/** Rotates (degrees, white fill) and adds salt-and-pepper noise to a greyscale image, in place of a scan. */
function degrade(gray: Uint8Array, w: number, h: number, spec: FixtureSpec, seed: number): Uint8Array {
  let out = gray;
  if (spec.rotation !== 0) {
    const a = (spec.rotation * Math.PI) / 180;
    const cos = Math.cos(a);
    const sin = Math.sin(a);
    const cx = w / 2;
    const cy = h / 2;
    const r = new Uint8Array(w * h).fill(255);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const sx = Math.round(cos * (x - cx) + sin * (y - cy) + cx);
        const sy = Math.round(-sin * (x - cx) + cos * (y - cy) + cy);
        if (sx >= 0 && sy >= 0 && sx < w && sy < h) r[y * w + x] = out[sy * w + sx];
      }
    }
    out = r;
  }
  if (spec.noise > 0) {
    const rand = rng(seed);
    for (let i = 0; i < out.length; i++) {
      const v = rand();
      if (v < spec.noise / 2) out[i] = 40 + Math.floor(rand() * 60);
      else if (v < spec.noise) out[i] = 200 + Math.floor(rand() * 55);
    }
  }
  return out;
}

/** Renders the fixture as its file (PNG / JPEG image of a scan or photo, or the PDF itself). */
export async function renderFixture(spec: FixtureSpec, seed = 1): Promise<Fixture> {
  const { pdf, lines } = await fixturePdf(spec);
  const text = lines.join('\n');
  if (spec.format === 'pdf') return { spec, bytes: pdf, mime: 'application/pdf', text };
  const doc = mupdf.Document.openDocument(pdf, 'application/pdf');
  const page = doc.loadPage(0);
  const s = spec.dpi / 72;
  const pix = page.toPixmap(mupdf.Matrix.scale(s, s), mupdf.ColorSpace.DeviceGray, false, true);
  const w = pix.getWidth();
  const h = pix.getHeight();
  const stride = pix.getStride();
  const src = pix.getPixels();
  const gray = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) gray.set(src.subarray(y * stride, y * stride + w), y * w);
  pix.destroy();
  page.destroy();
  doc.destroy();
  const g = degrade(gray, w, h, spec, seed);
  if (spec.format === 'jpeg') {
    const rgba = Buffer.alloc(w * h * 4);
    for (let i = 0; i < g.length; i++) {
      rgba[i * 4] = g[i];
      rgba[i * 4 + 1] = g[i];
      rgba[i * 4 + 2] = g[i];
      rgba[i * 4 + 3] = 255;
    }
    const enc = jpeg.encode({ data: rgba, width: w, height: h }, 85);
    return { spec, bytes: Buffer.from(enc.data), mime: 'image/jpeg', text };
  }
  // the gray bytes as they are (the same file as from RGBA: pngjs turns r = g = b, alpha 255 into that gray)
  const options = { colorType: 0, inputColorType: 0, inputHasAlpha: false } as const;
  const png = new PNG({ width: w, height: h, ...options });
  png.data = Buffer.from(g.buffer, g.byteOffset, g.byteLength);
  return { spec, bytes: PNG.sync.write(png, options), mime: 'image/png', text };
}
