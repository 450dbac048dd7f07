import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream, type PDFRef } from '@cantoo/pdf-lib';
import { eq } from 'drizzle-orm';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { companies } from '../../db/schema/index.js';
import { newCustomer } from '../../test/factories.js';
import { companyOwner, useTestApp } from '../../test/harness.js';

/**
 * Issue 33: the company logo covered 請求日. The invoice PDF is rendered with logos of several shapes and
 * sizes; the image's box is read from the page's drawing operators (the CTM at its `Do`) and every word
 * box from `pdftotext -bbox` must stay clear of it.
 */

const ctx = useTestApp();

const hasPoppler = (() => {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

function pngDataUrl(width: number, height: number) {
  const png = new PNG({ width, height });
  for (let i = 0; i < width * height; i++) {
    png.data[i * 4] = 20;
    png.data[i * 4 + 1] = 60;
    png.data[i * 4 + 2] = 160;
    png.data[i * 4 + 3] = 255;
  }
  return `data:image/png;base64,${PNG.sync.write(png).toString('base64')}`;
}

interface Box {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

type Matrix = [number, number, number, number, number, number];
const mul = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[1] * n[2],
  m[0] * n[1] + m[1] * n[3],
  m[2] * n[0] + m[3] * n[2],
  m[2] * n[1] + m[3] * n[3],
  m[4] * n[0] + m[5] * n[2] + n[4],
  m[4] * n[1] + m[5] * n[3] + n[5],
];

/** The boxes (PDF points, origin bottom-left) of every XObject drawn on the first page. */
async function imageBoxes(pdf: Buffer): Promise<Box[]> {
  const doc = await PDFDocument.load(pdf);
  const page = doc.getPage(0);
  const contents = page.node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : [];
  let source = '';
  for (const s of streams) {
    const stream = doc.context.lookup(s as PDFRef) ?? s;
    if (stream instanceof PDFRawStream)
      source += `${Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1')}\n`;
  }
  const boxes: Box[] = [];
  const stack: Matrix[] = [];
  let ctm: Matrix = [1, 0, 0, 1, 0, 0];
  let operands: string[] = [];
  for (const token of source.split(/\s+/).filter(Boolean)) {
    if (/^[-+.\d]/.test(token) || token.startsWith('/')) {
      operands.push(token);
      continue;
    }
    if (token === 'q') stack.push(ctm);
    else if (token === 'Q') ctm = stack.pop() ?? [1, 0, 0, 1, 0, 0];
    else if (token === 'cm') ctm = mul(operands.slice(-6).map(Number) as Matrix, ctm);
    else if (token === 'Do') {
      const xs = [ctm[4], ctm[4] + ctm[0], ctm[4] + ctm[2], ctm[4] + ctm[0] + ctm[2]];
      const ys = [ctm[5], ctm[5] + ctm[1], ctm[5] + ctm[3], ctm[5] + ctm[1] + ctm[3]];
      boxes.push({ x1: Math.min(...xs), y1: Math.min(...ys), x2: Math.max(...xs), y2: Math.max(...ys) });
    }
    operands = [];
  }
  return boxes;
}

/** Every word of the first page with its box (PDF points, origin bottom-left). */
function wordBoxes(dir: string, pdf: Buffer): { word: string; box: Box }[] {
  const file = path.join(dir, 'i.pdf');
  writeFileSync(file, pdf);
  const html = execFileSync('pdftotext', ['-bbox', '-f', '1', '-l', '1', file, '-'], { encoding: 'utf8' });
  const height = Number(/<page width="[\d.]+" height="([\d.]+)"/.exec(html)?.[1]);
  return [
    ...html.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g),
  ].map((m) => ({
    word: m[5],
    box: { x1: Number(m[1]), x2: Number(m[3]), y1: height - Number(m[4]), y2: height - Number(m[2]) },
  }));
}

const intersects = (a: Box, b: Box) => a.x1 < b.x2 && b.x1 < a.x2 && a.y1 < b.y2 && b.y1 < a.y2;

describe('請求書 PDF: the logo', () => {
  it.runIf(hasPoppler)(
    'never meets any text of the page, whatever its shape or size (square, wide, tall, tiny, large)',
    async () => {
      const o = await companyOwner(ctx);
      await ctx.db
        .update(companies)
        .set({
          name: '株式会社ロゴ検証テスト商事ホールディングス',
          registration_number: 'T7000012050002',
          postal_code: '1000005',
          prefecture_code: '13',
          address1: '千代田区丸の内1-1-1 丸の内ビルディング 12階',
          tel: '03-1234-5678',
        })
        .where(eq(companies.id, o.company.id));
      const customer = await newCustomer(o.api, {
        name: '髙﨑食品株式会社',
        used_for: 1,
        postal_code: '530-0001',
        prefecture_code: '27',
        address1: '大阪市北区梅田1-2-3',
      });
      const sale = await o.api.post('/api/transactions', {
        customer_id: customer.id,
        transaction_date: '2026-05-10',
        subject: '納品',
        lines: [{ description: '商品', quantity: 1, unit: '個', unit_price: 1000, tax_category: '10' }],
      });
      expect(sale.statusCode).toBe(201);
      const inv = await o.api.post('/api/invoices', {
        customer_id: customer.id,
        transaction_ids: [sale.json().data.id],
        issue_date: '2026-05-31',
      });
      expect(inv.statusCode).toBe(201);
      const id = inv.json().data.id;
      expect((await o.api.post(`/api/invoices/${id}/issue`)).statusCode).toBe(200);

      const dir = mkdtempSync(path.join(tmpdir(), 'invoice-logo-'));
      try {
        const logos = {
          square: [200, 200],
          wide: [1000, 100],
          veryWide: [2000, 20],
          tall: [100, 1000],
          tiny: [4, 4],
          large: [1200, 900],
        };
        for (const [shape, [w, h]] of Object.entries(logos)) {
          await ctx.db
            .update(companies)
            .set({ logo_data: pngDataUrl(w, h) })
            .where(eq(companies.id, o.company.id));
          const res = await o.api.get(`/api/invoices/${id}/pdf`);
          expect(res.statusCode).toBe(200);
          const pdf = res.rawPayload;
          const images = await imageBoxes(pdf);
          expect(images, shape).toHaveLength(1);
          const [image] = images;
          expect(image.x2 - image.x1, shape).toBeGreaterThan(3);
          const words = wordBoxes(dir, pdf);
          for (const want of ['請求日', '請求書番号', '登録番号']) {
            expect(
              words.map((x) => x.word),
              shape,
            ).toContain(want);
          }
          const overlapping = words.filter((x) => intersects(x.box, image)).map((x) => x.word);
          expect(overlapping, `${shape} ${w}×${h}`).toEqual([]);
        }
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    120_000,
  );
});
