import { describe, expect, it } from 'vitest';
import { fixtureSpecs } from '../../modules/ocr-documents/ocr-fixtures.js';
import { localDemoFiles, workerDemoFiles } from './demo-files.js';

describe('the demo files drawn by the worker (ADR 0031)', () => {
  it('are the files drawn here: the same OCR image and text, a PDF of the same size', async () => {
    const worker = workerDemoFiles();
    const here = localDemoFiles();
    try {
      const supplier = { id: 1, name: '株式会社デモ仕入先', registration_number: 'T7000012050002', food: true };
      const args = { supplier, type: 4 as const, date: '2026-05-12', base: 120_000, tax: 9_600 };
      const spec = { ...fixtureSpecs(4, 4242).filter((s) => s.format !== 'pdf')[0], dpi: 100 };
      await worker.ready();
      const [a, b, c, d] = await Promise.all([
        worker.pdf(args),
        here.pdf(args),
        worker.ocr(spec, 1),
        here.ocr(spec, 1),
      ]);
      expect(worker.where()).toBe('worker');
      expect(a.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      // the same drawing; the PDFs differ only by their creation time
      expect(a.length).toBe(b.length);
      expect(c.bytes.equals(d.bytes)).toBe(true);
      expect(c.text).toBe(d.text);
    } finally {
      await worker.close();
    }
    expect(worker.where()).toBe('here');
  });
});
