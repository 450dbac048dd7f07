import { extractFields, extractFieldsFromWords, type OcrFieldValues } from '@chobo/core';
import { TesseractEngine } from '../../src/modules/ocr-documents/engine.js';
import { checkOcrAgainstRegistry } from '../../src/modules/ocr-documents/ocr-registry.js';
import { MupdfRasteriser } from '../../src/modules/ocr-documents/rasteriser.js';
import { withSecondLook } from '../../src/modules/ocr-documents/upright.js';
import { loadEvalSet, readEvalSet, report } from './evaluate.js';
import { evalRegistry } from './registry.js';

/**
 * `tsx bench/ocr-eval/main.ts [label]`: the evaluation set alone (bench/ocr.ts runs it too). Scored three ways:
 * the line extractor (before issue 29), the layout-aware extractor alone, and the production path — the
 * extractor's fields checked against an offline registry (registry.ts: the set's issuers among
 * OCR_EVAL_REGISTRY_ROWS, default 200,000, rows with dense neighbours) through checkOcrAgainstRegistry.
 * OCR_EVAL_SKIP_REGISTRY=1 leaves the last out.
 */
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
const cpu0 = process.cpuUsage();
const outputs = await readEvalSet(docs, label, rasteriser, engine);
const cpu = process.cpuUsage(cpu0);
await engine.close();
await rasteriser.close();
const pages = outputs.reduce((a, o) => a + o.pages, 0);
const read = outputs.filter((o) => !o.cached).length;
if (read > 0) {
  const readPages = outputs.filter((o) => !o.cached).reduce((a, o) => a + o.pages, 0);
  console.log(
    `read ${read} documents (${readPages} pages) now: ${((cpu.user + cpu.system) / 1e6 / readPages).toFixed(2)} s CPU a page (process user+sys while reading, incl. the workers' start)`,
  );
}
void pages;

const extractors: [string, (o: (typeof outputs)[number]) => OcrFieldValues | Promise<OcrFieldValues>][] = [
  ['line extractor (extractFields, before issue 29)', (o) => extractFields(o.lines)],
  ['layout-aware extractor alone (extractFieldsFromWords)', (o) => extractFieldsFromWords(o.words, o.lines)],
];
let registryNotes: string[] = [];
let closeRegistry = async () => {};
if (!process.env.OCR_EVAL_SKIP_REGISTRY) {
  const total = Number(process.env.OCR_EVAL_REGISTRY_ROWS ?? 200_000);
  const share = Number(process.env.OCR_EVAL_NEIGHBOUR_SHARE ?? 0.5);
  const { database, file, importSeconds } = await evalRegistry(docs, { total, neighbourShare: share });
  closeRegistry = () => database.close();
  const truth = new Map(docs.map((d) => [d.id, d.truth]));
  const tally = { kept: 0, keptWrong: 0, corrected: 0, falseCorrections: 0, changedRight: 0, flaggedWrong: 0 };
  const misses: string[] = [];
  extractors.push([
    'production path: extractor + registry (checkOcrAgainstRegistry)',
    async (o) => {
      const fields = withSecondLook(extractFieldsFromWords(o.words, o.lines), o.look);
      const checked = await checkOcrAgainstRegistry(database.db, fields, o.lines.map((l) => l.text).join('\n'));
      const t = truth.get(o.id);
      const before = fields.registration_number.value;
      const after = checked.registration_number.value;
      if (t) {
        if (before === after) {
          if (after === t.registration_number) tally.kept++;
          else {
            tally.keptWrong++;
            if (checked.registration_number.warning) tally.flaggedWrong++;
          }
        } else if (after === t.registration_number) tally.corrected++;
        else {
          tally.falseCorrections++;
          misses.push(`${o.id}: ${before} → ${after} (truth ${t.registration_number})`);
        }
      }
      return checked;
    },
  ]);
  registryNotes = [
    '',
    `Registry: ${file.rows.toLocaleString('en-US')} rows (${file.issuers} issuers, ${file.neighbours.toLocaleString('en-US')} registered numbers one or two digits from an issuer's, ${file.sameNames} issuers' names again under another number)${importSeconds ? `, imported by runRegistryImport in ${importSeconds.toFixed(1)} s` : ' (kept from an earlier run)'}.`,
    () =>
      `登録番号 through the registry: ${tally.kept} read right and kept, ${tally.corrected} misreads corrected, ${tally.falseCorrections} changed to a wrong number (false corrections)${misses.length ? `: ${misses.join('; ')}` : ''}, ${tally.keptWrong} misreads kept as read (${tally.flaggedWrong} of them flagged 要確認).`,
  ] as unknown as string[];
}
const text = await report(docs, outputs, extractors);
console.log(text);
for (const n of registryNotes) console.log(typeof n === 'function' ? (n as () => string)() : n);
await closeRegistry();
process.exit(0);
