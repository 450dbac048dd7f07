import { existsSync, mkdirSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { OcrLine, OcrWord } from '@chobo/core';
import type { Worker } from 'tesseract.js';

const require = createRequire(import.meta.url);

/** What the engine read on one page (boxes in the page image's pixels). */
export interface OcrPageResult {
  text: string;
  /** 0–1 mean confidence. */
  confidence: number;
  lines: OcrLine[];
  words: OcrWord[];
}

export interface RecognizeOptions {
  sparse?: boolean;
  /** Read as one text line (tesseract's page segmentation mode 7): a crop of one field's line. */
  line?: boolean;
  /**
   * Read with the larger model (jpn 4.0.0, 16 MB, in a second worker): slower, but on the evaluation set it
   * tells 11 from 1 and reads the digits of a 登録番号 that the small model confuses (ADR 0063). An engine
   * may ignore it.
   */
  precise?: boolean;
}

/**
 * OcrEngine: one page image → text, lines and words with boxes and confidences. The only thing a cloud OCR
 * would have to implement.
 */
export interface OcrEngine {
  /**
   * `image`: a page image (the rasteriser's PGM; PNG and JPEG are read too). `options.sparse`: read as sparse
   * text (scattered words, no layout analysis; tesseract's page segmentation mode 11) — the second look for a
   * field the first reading missed (an engine may ignore it); `line` / `precise`: see RecognizeOptions.
   */
  recognize(
    image: Buffer,
    page: number,
    onProgress?: (fraction: number) => void,
    options?: RecognizeOptions,
  ): Promise<OcrPageResult>;
  close(): Promise<void>;
}

/** Where the traineddata of `lang` is (the @tesseract.js-data packages: Apache-2.0 data, MIT packaging). */
function langFolder(lang: string, variant: string): string {
  return path.join(path.dirname(require.resolve(`@tesseract.js-data/${lang}/package.json`)), variant);
}

/**
 * The langPath for `langs`: tesseract.js reads every language from ONE folder, the packages ship one each,
 * so several languages are linked into a folder of the system's temp directory (nothing is downloaded).
 */
export function localLangPath(langs: string[], variant = '4.0.0_best_int'): string {
  if (langs.length === 1) return langFolder(langs[0], variant);
  const dir = path.join(tmpdir(), `chobo-tessdata-${variant}-${langs.join('+')}`);
  mkdirSync(dir, { recursive: true });
  for (const l of langs) {
    const target = path.join(dir, `${l}.traineddata.gz`);
    if (!existsSync(target)) {
      try {
        symlinkSync(path.join(langFolder(l, variant), `${l}.traineddata.gz`), target);
      } catch (err) {
        if ((err as { code?: string }).code !== 'EEXIST') throw err;
      }
    }
  }
  return dir;
}

export interface TesseractOptions {
  /** Default ['jpn'] (its model reads digits and Latin letters too); another language needs its @tesseract.js-data package. */
  langs?: string[];
  /** '4.0.0_best_int' (default, 2 MB jpn) or '4.0.0' (16 MB). */
  variant?: string;
  /** Extra tesseract parameters (e.g. tessedit_pageseg_mode); the defaults are DEFAULT_TESSERACT_PARAMETERS. */
  parameters?: Record<string, string>;
  /**
   * The worker (its WASM heap and the traineddata, ~150 MB) is released after this long without a page
   * (default 60 s; 0 keeps it): an idle server holds no OCR memory, the next job starts a new one (~1 s).
   */
  idleMs?: number;
}

/**
 * Parameters set once on the worker. preserve_interword_spaces keeps the spaces tesseract would otherwise
 * insert between Japanese characters out of words; tessedit_do_invert=0 skips reading low-confidence lines a
 * second time as white-on-black (documents here are dark on light; same fields read, a little less CPU).
 */
export const DEFAULT_TESSERACT_PARAMETERS: Record<string, string> = {
  preserve_interword_spaces: '1',
  tessedit_do_invert: '0',
};

const box = (page: number, b: { x0: number; y0: number; x1: number; y1: number }) => ({
  page,
  x: b.x0,
  y: b.y0,
  width: b.x1 - b.x0,
  height: b.y1 - b.y0,
});

/**
 * tesseract.js 7 (WASM in its own worker thread) with the LOCAL traineddata: created once on first use and
 * reused; one page at a time (the machine has 2 cores: a second OCR thread would only slow the API). The
 * thread runs at a lower CPU priority (nice 10, thread-priority.cjs) so the API's event loop comes first.
 */
export class TesseractEngine implements OcrEngine {
  private worker: Promise<Worker> | null = null;
  /** The larger model's worker (RecognizeOptions.precise), started on its first use and released with the other. */
  private preciseWorker: Promise<Worker> | null = null;
  private tail: Promise<unknown> = Promise.resolve();
  private progress: ((fraction: number) => void) | undefined;
  private pending = 0;
  private idleTimer: NodeJS.Timeout | undefined;

  constructor(private readonly opts: TesseractOptions = {}) {}

  /** Whether a worker is running (tests and the memory figures). */
  get started(): boolean {
    return this.worker !== null || this.preciseWorker !== null;
  }

  private releaseWhenIdle(): void {
    const idleMs = this.opts.idleMs ?? 60_000;
    if (this.pending > 0 || idleMs <= 0) return;
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      if (this.pending === 0) void this.close();
    }, idleMs);
    this.idleTimer.unref();
  }

  private get(precise = false): Promise<Worker> {
    const start = async () => {
      const langs = this.opts.langs ?? ['jpn'];
      // loaded with the first OCR job, not at start (ADR 0025)
      const { createWorker, OEM } = await import('tesseract.js');
      const w = await createWorker(langs, OEM.LSTM_ONLY, {
        langPath: localLangPath(langs, precise ? '4.0.0' : this.opts.variant),
        // tesseract.js's worker script behind a wrapper that lowers the thread's CPU priority first
        workerPath: fileURLToPath(new URL('./tesseract-worker.cjs', import.meta.url)),
        gzip: true,
        cacheMethod: 'none',
        logger: (m) => {
          if (m.status === 'recognizing text') this.progress?.(m.progress);
        },
      });
      await w.setParameters({ ...DEFAULT_TESSERACT_PARAMETERS, ...this.opts.parameters });
      return w;
    };
    if (precise) {
      this.preciseWorker ??= start();
      this.preciseWorker.catch(() => {
        this.preciseWorker = null;
      });
      return this.preciseWorker;
    }
    this.worker ??= start();
    this.worker.catch(() => {
      this.worker = null;
    });
    return this.worker;
  }

  recognize(
    image: Buffer,
    page: number,
    onProgress?: (fraction: number) => void,
    options: RecognizeOptions = {},
  ): Promise<OcrPageResult> {
    const run = async (): Promise<OcrPageResult> => {
      const w = await this.get(options.precise === true);
      this.progress = onProgress;
      // set back after a sparse or line reading: tesseract's own default is 6 (one uniform block; its command
      // line's 3 is not the library's), which every reading of the benchmarks was made with
      const psm = this.opts.parameters?.tessedit_pageseg_mode ?? '6';
      const mode = options.sparse ? '11' : options.line ? '7' : null;
      try {
        if (mode) await w.setParameters({ tessedit_pageseg_mode: mode as never });
        const { data } = await w.recognize(image, {}, { text: true, blocks: true }).finally(async () => {
          if (mode) await w.setParameters({ tessedit_pageseg_mode: psm as never });
        });
        const lines: OcrLine[] = [];
        const words: OcrWord[] = [];
        for (const b of data.blocks ?? []) {
          for (const p of b.paragraphs) {
            for (const l of p.lines) {
              const lw = l.words.filter((x) => x.text.trim() !== '');
              if (lw.length === 0) continue;
              for (const x of lw) words.push({ text: x.text, confidence: x.confidence / 100, box: box(page, x.bbox) });
              lines.push({
                text: lw.map((x) => x.text).join(' '),
                confidence: lw.reduce((s, x) => s + x.confidence, 0) / lw.length / 100,
                box: box(page, l.bbox),
              });
            }
          }
        }
        return { text: data.text, confidence: data.confidence / 100, lines, words };
      } finally {
        this.progress = undefined;
      }
    };
    this.pending++;
    clearTimeout(this.idleTimer);
    const result = this.tail.then(run, run);
    this.tail = result
      .catch(() => {})
      .finally(() => {
        this.pending--;
        this.releaseWhenIdle();
      });
    return result;
  }

  async close(): Promise<void> {
    clearTimeout(this.idleTimer);
    const ws = [this.worker, this.preciseWorker];
    this.worker = null;
    this.preciseWorker = null;
    for (const w of ws) if (w) await (await w.catch(() => null))?.terminate();
  }
}
