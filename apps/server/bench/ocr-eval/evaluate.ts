import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { OcrFieldValues, OcrLine, OcrWord } from '@chobo/core';
import type { OcrEngine } from '../../src/modules/ocr-documents/engine.js';
import type { PdfRasteriser } from '../../src/modules/ocr-documents/rasteriser.js';
import { recognizeDocument, type SecondLook } from '../../src/modules/ocr-documents/upright.js';
import { EVAL_LAYOUTS, type EvalDoc, evalDocuments } from './generate.js';

/**
 * The evaluation set through an OCR path (rasteriser → engine), then through one or more extractors; per-layout
 * exact accuracy of issuer name, 登録番号, 取引日, 合計 and the per-rate tax, worst layouts first.
 * The documents and each path's OCR output are kept in the temp directory between runs (same seed → same
 * bytes; OCR_EVAL_FRESH=1 renders and reads again), so an extractor change is measured in seconds.
 */

export interface OcrOutput {
  id: string;
  pages: number;
  lines: OcrLine[];
  words: OcrWord[];
  ms: number;
  /** The second look's fields (recognizeDocument; absent in the baseline reading). */
  look?: SecondLook;
  /** Taken from the cache of an earlier run (not read now). */
  cached?: boolean;
}

export type Extractor = (o: OcrOutput) => OcrFieldValues | Promise<OcrFieldValues>;

const cacheRoot = path.join(tmpdir(), 'chobo-ocr-eval-v1');

export async function loadEvalSet(perLayout = 5): Promise<EvalDoc[]> {
  const dir = path.join(cacheRoot, `docs-${perLayout}`);
  const index = path.join(dir, 'index.json');
  if (!process.env.OCR_EVAL_FRESH && existsSync(index)) {
    const meta = JSON.parse(readFileSync(index, 'utf8')) as Omit<EvalDoc, 'bytes'>[];
    return meta.map((m) => ({ ...m, bytes: readFileSync(path.join(dir, m.id)) }));
  }
  const docs = await evalDocuments(perLayout);
  mkdirSync(dir, { recursive: true });
  for (const d of docs) writeFileSync(path.join(dir, d.id), d.bytes);
  writeFileSync(index, JSON.stringify(docs.map(({ bytes: _b, ...m }) => m)));
  return docs;
}

/** Every document read by `rasteriser` + `engine` (cached under `label`). */
export async function readEvalSet(
  docs: EvalDoc[],
  label: string,
  rasteriser: PdfRasteriser,
  engine: OcrEngine,
  /** Read through recognizeDocument (the job's path: pages upright, a missing date looked for again). */
  upright = label !== 'baseline',
): Promise<OcrOutput[]> {
  const file = path.join(cacheRoot, `ocr-${label}-${docs.length}.json`);
  const cached: OcrOutput[] =
    !process.env.OCR_EVAL_FRESH && existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : [];
  const out: OcrOutput[] = [];
  for (const d of docs) {
    const hit = cached.find((c) => c.id === d.id);
    if (hit) {
      out.push({ ...hit, cached: true });
      continue;
    }
    // OCR_EVAL_CACHED_ONLY=1: score what an earlier (maybe still running) reading left
    if (process.env.OCR_EVAL_CACHED_ONLY) continue;
    const t = performance.now();
    const { pages } = await rasteriser.rasterise(d.bytes, d.mime);
    let lines: OcrLine[] = [];
    let words: OcrWord[] = [];
    let look: SecondLook | undefined;
    if (upright) ({ lines, words, look } = await recognizeDocument(engine, pages));
    else {
      for (const p of pages) {
        const r = await engine.recognize(p.image, p.page);
        lines.push(...r.lines);
        words.push(...r.words);
      }
    }
    out.push({ id: d.id, pages: pages.length, lines, words, look, ms: performance.now() - t });
    const keep = [...cached.filter((c) => !out.some((o) => o.id === c.id)), ...out];
    writeFileSync(file, JSON.stringify(keep.map(({ cached: _c, ...o }) => o)));
  }
  return out;
}

const KEY = ['issuer_name', 'registration_number', 'transaction_date', 'total'] as const;
const pct = (n: number, d: number) => (d === 0 ? '—' : `${((100 * n) / d).toFixed(1)}%`);

export interface Score {
  right: Record<string, number>;
  seen: Record<string, number>;
  misses: string[];
}

export async function score(docs: EvalDoc[], outputs: OcrOutput[], extract: Extractor) {
  const perLayout = new Map<string, Score>();
  const all: Score = { right: {}, seen: {}, misses: [] };
  for (const d of docs) {
    const o = outputs.find((x) => x.id === d.id);
    if (!o) continue;
    const x = await extract(o);
    const s = perLayout.get(d.layout) ?? { right: {}, seen: {}, misses: [] };
    perLayout.set(d.layout, s);
    const count = (k: string, ok: boolean, miss: string) => {
      for (const t of [s, all]) {
        t.seen[k] = (t.seen[k] ?? 0) + 1;
        t.right[k] = (t.right[k] ?? 0) + (ok ? 1 : 0);
      }
      if (!ok) all.misses.push(`${d.id} ${k}: ${miss}`);
    };
    for (const k of KEY) {
      const got = x[k].value;
      count(k, got === d.truth[k], `${JSON.stringify(got)} ≠ ${JSON.stringify(d.truth[k])}`);
    }
    // per-rate tax: every rate of the truth read with its base and tax, and no rate invented
    const got = x.taxes.value ?? [];
    const ok =
      got.length === d.truth.taxes.length &&
      d.truth.taxes.every((t) =>
        got.some((g) => g.tax_category === t.tax_category && g.base === t.base && g.tax === t.tax),
      );
    count('taxes', ok, `${JSON.stringify(got)} ≠ ${JSON.stringify(d.truth.taxes)}`);
  }
  return { perLayout, all };
}

const keyRate = (s: Score) => {
  const r = KEY.reduce((a, k) => a + (s.right[k] ?? 0), 0);
  const n = KEY.reduce((a, k) => a + (s.seen[k] ?? 0), 0);
  return n ? r / n : 0;
};

/** Markdown: one table per extractor, layouts worst first; then the overall row and the time a page. */
export async function report(
  docs: EvalDoc[],
  outputs: OcrOutput[],
  extractors: [string, Extractor][],
): Promise<string> {
  const lines: string[] = [];
  const pages = outputs.reduce((a, o) => a + o.pages, 0);
  const ms = outputs.reduce((a, o) => a + o.ms, 0);
  lines.push(
    `${docs.length} documents, ${EVAL_LAYOUTS.length} layouts, ${pages} pages; rasterise + OCR ${(ms / pages / 1000).toFixed(2)} s a page (wall).`,
  );
  for (const [name, extract] of extractors) {
    const t = performance.now();
    const { perLayout, all } = await score(docs, outputs, extract);
    const extractMs = (performance.now() - t) / docs.length;
    lines.push('', `#### ${name} (extraction ${extractMs.toFixed(1)} ms a document)`, '');
    lines.push('| Layout | issuer | 登録番号 | 取引日 | 合計 | per-rate tax | key fields |');
    lines.push('|---|---|---|---|---|---|---|');
    const row = (label: string, s: Score) =>
      `| ${label} | ${KEY.map((k) => pct(s.right[k] ?? 0, s.seen[k] ?? 0)).join(' | ')} | ${pct(s.right.taxes ?? 0, s.seen.taxes ?? 0)} | ${pct(keyRate(s) * 100, 100)} |`;
    const sorted = [...perLayout.entries()].sort(
      (a, b) =>
        keyRate(a[1]) +
        (a[1].right.taxes ?? 0) / (a[1].seen.taxes || 1) / 4 -
        (keyRate(b[1]) + (b[1].right.taxes ?? 0) / (b[1].seen.taxes || 1) / 4),
    );
    for (const [layout, s] of sorted) lines.push(row(layout, s));
    lines.push(row('**all**', all));
    if (process.env.OCR_EVAL_MISSES) lines.push('', ...all.misses.map((m) => `- ${m}`));
  }
  return lines.join('\n');
}
