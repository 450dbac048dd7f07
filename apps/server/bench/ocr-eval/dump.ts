import { mkdirSync, writeFileSync } from 'node:fs';
import { evalDocuments } from './generate.js';

/** Writes the evaluation set to a folder (to look at it): `tsx bench/ocr-eval/dump.ts <folder> [perLayout]`. */
const dir = process.argv[2] ?? '/tmp/ocr-eval';
mkdirSync(dir, { recursive: true });
const t0 = Date.now();
const docs = await evalDocuments(Number(process.argv[3] ?? 5));
for (const d of docs) {
  const ext = d.mime === 'application/pdf' ? 'pdf' : d.mime === 'image/png' ? 'png' : 'jpg';
  writeFileSync(`${dir}/${d.id}.${ext}`, d.bytes);
  writeFileSync(`${dir}/${d.id}.json`, JSON.stringify(d.truth, null, 1));
}
console.log(`${docs.length} documents in ${dir} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
