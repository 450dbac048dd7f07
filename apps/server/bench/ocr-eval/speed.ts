import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { TesseractEngine } from '../../src/modules/ocr-documents/engine.js';
import { MupdfRasteriser } from '../../src/modules/ocr-documents/rasteriser.js';
import { recognizeUpright } from '../../src/modules/ocr-documents/upright.js';
import { loadEvalSet } from './evaluate.js';

/**
 * CPU seconds a page, end to end (rasterise + OCR, the job's path: recognizeUpright), of two page-image formats
 * in ONE run, interleaved document by document so both see the same machine: `imageFormat: 'png'` (mupdf's PNG
 * for the engine and for storage, before ADR 0062) and 'pgm' (an uncompressed PGM for the engine, the stored PNG
 * by native zlib). `tsx bench/ocr-eval/speed.ts [documents]` (default 26: two of each layout). CPU = this
 * process's user + sys (process.cpuUsage covers the worker threads), so the other work on the machine does not
 * count; wall seconds are shown beside. Also checks both formats read the same words.
 */
process.env.CHOBO_OCR_THREAD_NICE = '0';
const all = await loadEvalSet(5);
const n = Number(process.argv[2] ?? 26);
const docs = all.filter((d) => Number(d.id.split('-').pop()) <= Math.ceil(n / 13)).slice(0, n);
const ways = ['png', 'pgm'] as const;
const tools = Object.fromEntries(
  ways.map((f) => [f, { r: new MupdfRasteriser({ imageFormat: f }), e: new TesseractEngine({ idleMs: 0 }) }]),
);
const tally = Object.fromEntries(ways.map((f) => [f, { cpu: 0, wall: 0, raster: 0, pages: 0 }]));
// warm both (worker start, traineddata) outside the figures
for (const f of ways) {
  const { pages } = await tools[f].r.rasterise(docs[0].bytes, docs[0].mime);
  await tools[f].e.recognize(pages[0].image, 1);
}
const load0 = os.loadavg()[0];
let differ = 0;
for (const [i, d] of docs.entries()) {
  const texts: Record<string, string> = {};
  for (const f of i % 2 ? [...ways].reverse() : ways) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const { pages } = await tools[f].r.rasterise(d.bytes, d.mime);
    const c1 = process.cpuUsage(c0);
    let text = '';
    for (const p of pages) text += (await recognizeUpright(tools[f].e, p.image, p.page)).text;
    const c = process.cpuUsage(c0);
    tally[f].cpu += (c.user + c.system) / 1e6;
    tally[f].raster += (c1.user + c1.system) / 1e6;
    tally[f].wall += (performance.now() - t0) / 1000;
    tally[f].pages += pages.length;
    texts[f] = text;
  }
  if (texts.png !== texts.pgm) differ++;
}
for (const f of ways) {
  await tools[f].e.close();
  await tools[f].r.close();
}
console.log(
  `${docs.length} documents, load average ${load0.toFixed(1)} → ${os.loadavg()[0].toFixed(1)}; texts differ on ${differ}`,
);
console.log('| image for the engine | CPU s a page (user+sys) | of which rasterise | wall s a page |');
console.log('|---|---|---|---|');
for (const f of ways) {
  const t = tally[f];
  console.log(
    `| ${f} | ${(t.cpu / t.pages).toFixed(2)} | ${(t.raster / t.pages).toFixed(2)} | ${(t.wall / t.pages).toFixed(2)} |`,
  );
}
process.exit(0);
