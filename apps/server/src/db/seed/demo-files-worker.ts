/**
 * The demo-files worker (demo-files.ts): draws the demo's PDFs and OCR images on the other core while the
 * seed writes the demo year. Messages: { id, kind: 'pdf' | 'ocr', args } → { id, bytes, text? } or { id, error }.
 */
import { parentPort } from 'node:worker_threads';
import { ocrImage, supplierPdf } from './demo-file-render.js';
import { type DemoFileRequest, READY } from './demo-files.js';

parentPort?.on('message', async (req: DemoFileRequest) => {
  try {
    const out =
      req.kind === 'pdf' ? { bytes: await supplierPdf(req.args) } : await ocrImage(req.args.spec, req.args.seed);
    parentPort?.postMessage({ id: req.id, ...out });
  } catch (err) {
    parentPort?.postMessage({ id: req.id, error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
  }
});

// the drawing code loaded (pdf-lib and fontkit too): files may be asked for from now on
await Promise.all([import('@cantoo/pdf-lib'), import('fontkit')]);
parentPort?.postMessage({ id: READY });
