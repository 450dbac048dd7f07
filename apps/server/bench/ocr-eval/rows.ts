/** The layout rows of cached OCR outputs, to see why a field was missed: `tsx bench/ocr-eval/rows.ts <label> <id>…`. */
import { readFileSync } from 'node:fs';
import { layoutFromWords } from '@chobo/core';

const d = JSON.parse(readFileSync(`/tmp/chobo-ocr-eval-v1/ocr-${process.argv[2]}-65.json`, 'utf8'));
for (const id of process.argv.slice(3)) {
  const o = d.find((x: { id: string }) => x.id === id);
  console.log(`== ${id}`);
  for (const r of layoutFromWords(o.words).rows) console.log(r.segments.map((s) => s.n).join(' | '));
}
