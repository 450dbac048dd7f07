import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type ConsumptionTaxComputeInput, computeConsumptionTax, consumptionTaxComputeInput } from '@chobo/core';
import { describe, expect, it } from 'vitest';
import { darkPixelsOnFirstPage } from '../../test/pdf-pixels.js';
import { type CtaxPdfData, consumptionTaxPdf } from './consumption-tax-pdf.js';

const hasPoppler = (() => {
  try {
    execFileSync('pdftoppm', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

const HEADER = {
  name: '株式会社サンプル商事',
  name_kana: 'カブシキガイシャサンプルショウジ',
  corporate_number: '7010001000001',
  address: '東京都千代田区麹町1-2-3',
  representative: '山田 太郎',
  tax_office: '麹町',
  tel: '03-1234-5678',
};

function data(body: Partial<ConsumptionTaxComputeInput>): CtaxPdfData {
  const input = consumptionTaxComputeInput.parse({
    method: 'general',
    period_start: '2025-04-01',
    period_end: '2026-03-31',
    ...body,
  });
  const { period_start, period_end, ...inputs } = input;
  return { header: HEADER, period_start, period_end, inputs, result: computeConsumptionTax(input) };
}

/** The PDF's text (pdftotext, spaces dropped) and its page count; CTAX_PDF_OUT=dir keeps the PDF and PNGs. */
function read(pdf: Buffer, name: string) {
  const dir = process.env.CTAX_PDF_OUT ?? mkdtempSync(path.join(tmpdir(), 'ctax-pdf-'));
  const file = path.join(dir, `${name}.pdf`);
  try {
    writeFileSync(file, pdf);
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, '');
    const dark = darkPixelsOnFirstPage(file, 20, 60);
    if (process.env.CTAX_PDF_OUT) execFileSync('pdftoppm', ['-png', '-r', '110', file, path.join(dir, name)]);
    return { info, text, dark, pages: Number(/Pages:\s+(\d+)/.exec(info)?.[1]) };
  } finally {
    if (!process.env.CTAX_PDF_OUT) rmSync(dir, { recursive: true, force: true });
  }
}

describe.runIf(hasPoppler)('消費税の確定申告書 PDF', () => {
  it('一般課税: 第一表, 第二表, 付表1-3, 付表2-3 with the figures and real glyphs', async () => {
    const d = data({
      sales: { '10': { gross: 12_345_678 }, '8': { gross: 3_456_789 } },
      purchases: { '10': { gross: 6_543_210 }, '8': { gross: 1_234_567 } },
      purchase_calc: 'warimodoshi',
      interim_national: 200_000,
      interim_local: 56_400,
    });
    const r = read(await consumptionTaxPdf(d), 'general');
    expect(r.info).toMatch(/Page size:\s+595\.28 x 841\.89/);
    expect(r.pages).toBe(4);
    for (const want of [
      '消費税及び地方消費税の申告書（一般用）',
      '第一表',
      '課税標準額等の内訳書',
      '付表1-3',
      '付表2-3',
      '課税売上割合・控除対象仕入税額等の計算表',
      '株式会社サンプル商事',
      '令和7年4月1日',
      '令和8年3月31日',
      '14,423,000', // ① in the 付表1-3 合計 column
      '1,075,074', // ②
      '539,700', // ⑨ / ⑩
      '152,200', // ⑳
    ])
      expect(r.text).toContain(want);
    expect(r.dark).toBeGreaterThan(80);
  });

  it('簡易課税 (two 事業区分) prints 付表4-3 and 5-3; 2割特例 prints 付表1-3 and 6', async () => {
    const simplified = data({
      method: 'simplified',
      base_period_taxable_sales: 30_000_000,
      sales: { '10': { gross: 22_000_000 } },
      business_types: [
        { type: 1, sales: { '10': 17_600_000 } },
        { type: 5, sales: { '10': 4_400_000 } },
      ],
    });
    const s = read(await consumptionTaxPdf(simplified), 'simplified');
    expect(s.pages).toBe(4);
    for (const want of ['簡易課税用', '付表4-3', '付表5-3', '第1種事業（卸売業）', '第5種事業（サービス業等）'])
      expect(s.text).toContain(want);
    expect(s.text).toContain(simplified.result.deductible_input_tax.toLocaleString('en-US'));

    const twoTenths = data({
      method: 'two_tenths',
      base_period_taxable_sales: 8_000_000,
      sales: { '10': { gross: 11_000_000 } },
    });
    const t = read(await consumptionTaxPdf(twoTenths), 'two-tenths');
    expect(t.pages).toBe(4);
    for (const want of ['付表6', '特別控除税額', '2割特例', '624,000']) expect(t.text).toContain(want);
  });
});
