import { extractFields, extractFieldsFromWords } from '@chobo/core';
import { TesseractEngine } from '../../src/modules/ocr-documents/engine.js';
import { MupdfRasteriser } from '../../src/modules/ocr-documents/rasteriser.js';
import { loadEvalSet, readEvalSet, report } from './evaluate.js';

/** `tsx bench/ocr-eval/main.ts [label]`: the evaluation set alone (bench/ocr.ts runs it too). */
process.env.CHOBO_OCR_THREAD_NICE = process.env.OCR_BENCH_NICE ?? '0';
const docs = await loadEvalSet(Number(process.env.OCR_EVAL_PER_LAYOUT ?? 5));
// OCR_BENCH_PSM / OCR_BENCH_PARAMS: other tesseract settings, measured under their own label (its own cache)
const parameters: Record<string, string> = {
  ...(process.env.OCR_BENCH_PSM ? { tessedit_pageseg_mode: process.env.OCR_BENCH_PSM } : {}),
  ...(process.env.OCR_BENCH_PARAMS ? JSON.parse(process.env.OCR_BENCH_PARAMS) : {}),
};
const engine = new TesseractEngine({ parameters });
const label = process.argv[2] ?? 'production';
const rasteriser = new MupdfRasteriser({ upright: label !== 'baseline' });
const outputs = await readEvalSet(docs, label, rasteriser, engine);
await engine.close();
await rasteriser.close();
console.log(
  report(docs, outputs, [
    ['line extractor (extractFields, before issue 29)', (o) => extractFields(o.lines)],
    ['layout-aware extractor (extractFieldsFromWords)', (o) => extractFieldsFromWords(o.words, o.lines)],
  ]),
);
process.exit(0);
