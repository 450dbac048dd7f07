import { extractFieldsFromWords, MAX_OCR_PAGES } from '@chobo/core';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { type OcrPage, ocrDocuments } from '../../db/schema/index.js';
import type { AppDeps } from '../../lib/deps.js';
import type { Job } from '../../lib/queue.js';
import { newStorageKey } from '../../lib/storage.js';
import type { OcrEngine } from './engine.js';
import { checkOcrAgainstRegistry } from './ocr-registry.js';
import type { PdfRasteriser } from './rasteriser.js';
import { recognizeDocument, withSecondLook } from './upright.js';

/** The queue of OCR jobs: one job per uploaded file, `{ id, company_id }`. */
export const OCR_QUEUE = 'ocr-document';
/** Attempts after the first before the document is 失敗. */
export const OCR_RETRY_LIMIT = 1;
/**
 * How long an attempt may run before it is given up and retried — and so how long a job whose worker died
 * (kill -9) stays 処理中 before the queue's maintenance hands it to a worker again (within its interval, 10 s).
 * Sized to the document: 45 s for the first page (≈ 30 × the measured 1.4 s a page, docs/benchmarks.md, with
 * the OCR engine's first start) and 15 s for each further page, a PDF's pages estimated from its size (one per
 * 50 KB, at most MAX_OCR_PAGES): an image is retried within a minute of its start.
 */
export function ocrExpireSeconds(doc: { size: number; content_type: string }): number {
  const pages = doc.content_type === 'application/pdf' ? Math.min(MAX_OCR_PAGES, Math.ceil(doc.size / 50_000)) : 1;
  return 45 + 15 * (Math.max(1, pages) - 1);
}

/** The queue options of an OCR document's job. */
export const ocrJobOptions = (doc: { size: number; content_type: string }) => ({
  retryLimit: OCR_RETRY_LIMIT,
  retryDelay: 5,
  expireInSeconds: ocrExpireSeconds(doc),
});

export interface OcrJobData {
  id: number;
  company_id: number;
}

/** OcrEngine + PdfRasteriser: what the job needs (a cloud OCR replaces `engine` only). */
export interface OcrServices {
  engine: OcrEngine;
  rasteriser: PdfRasteriser;
  /** OCR jobs this process runs at once (default 1; 0: this process only sends jobs, others work them). */
  workers?: number;
}

const O = ocrDocuments;

/** What 失敗 shows: the cause in Japanese (never a stack trace). */
function failureMessage(err: unknown): string {
  const m = err instanceof Error ? err.message : String(err);
  if (/password|encrypt/i.test(m)) return 'パスワード付きのPDFは読み取れません';
  if (/file not found|ファイルが見つかりません/.test(m)) return '元のファイルが見つかりません';
  if (/cannot|format|syntax|broken|corrupt|unknown image/i.test(m)) return 'ファイルを画像として読み込めませんでした';
  return '文字を読み取れませんでした。画像を確認して再実行してください';
}

/**
 * One OCR job: claims the document (0 待機中 / 1 処理中 of an interrupted attempt → 1 処理中) when the document
 * has no job yet or is this job's (several processes on one PostgreSQL never read one twice), renders its
 * pages (stored as PNG for the result page), recognises each page (progress written as it goes), extracts
 * the fields and ends 2 完了. A failure leaves it 0 待機中 for the queue's retry, and 3 失敗 after the last.
 */
export async function runOcrJob(deps: AppDeps, services: OcrServices, job: Job<OcrJobData>): Promise<unknown> {
  const { id, company_id } = job.data;
  const where = and(eq(O.id, id), eq(O.company_id, company_id));
  const [row] = await deps.db
    .update(O)
    .set({ status: 1, progress: 5, error: null, job_id: job.id, started_at: sql`now()`, updated_at: sql`now()` })
    // only the document's own job (or the first, before its id was stored): a duplicate job is skipped
    .where(and(where, inArray(O.status, [0, 1]), or(isNull(O.job_id), eq(O.job_id, job.id))))
    .returning({ storage_key: O.storage_key, content_type: O.content_type });
  if (!row) return { skipped: true };

  let last = { at: 0, value: 5 };
  const setProgress = async (value: number, force = false) => {
    const v = Math.max(0, Math.min(99, Math.round(value)));
    const now = Date.now();
    if (v <= last.value || (!force && now - last.at < 400 && v - last.value < 10)) return;
    last = { at: now, value: v };
    await deps.db
      .update(O)
      .set({ progress: v, updated_at: sql`now()` })
      .where(and(where, eq(O.status, 1)));
  };

  try {
    const bytes = await deps.storage.get(row.storage_key);
    if (!bytes) throw new Error('file not found');
    const { pages } = await services.rasteriser.rasterise(bytes, row.content_type);
    if (pages.length === 0) throw new Error('format: no page');
    await setProgress(10, true);
    const stored: OcrPage[] = [];
    for (const p of pages) {
      const key = newStorageKey(`ocr-documents/${company_id}/${id}`, '.png');
      await deps.storage.put(key, p.png);
      stored.push({ page: p.page, width: p.width, height: p.height, image_key: key });
    }
    await setProgress(15, true);
    // each page upright; a date the layout analysis lost looked for again on the first page (sparse text)
    const { lines, words, texts, look } = await recognizeDocument(services.engine, pages, (i, f) => {
      void setProgress(15 + (80 * (i + f)) / pages.length).catch(() => {});
    });
    await setProgress(95, true);
    // layout-aware: word boxes → rows, columns and blocks (issue 29); the lines fill what the layout leaves empty
    // the date's and the 登録番号's lines read again by the larger model (secondLook, ADR 0063); then the issuer
    // and the 登録番号 checked against the offline registry (the read name kept as a cross-check)
    const read = withSecondLook(extractFieldsFromWords(words, lines), look);
    const fields = await checkOcrAgainstRegistry(deps.db, read, texts.join('\n'));
    await deps.db
      .update(O)
      .set({
        status: 2,
        progress: 100,
        pages: stored,
        text: texts.join('\f'),
        words,
        fields,
        finished_at: sql`now()`,
        updated_at: sql`now()`,
      })
      .where(and(where, eq(O.status, 1)));
    // the process that did it (bench/ocr-two-processes.ts checks each job ran once, in one process)
    return { pages: pages.length, words: words.length, pid: process.pid };
  } catch (err) {
    const final = job.retryCount >= OCR_RETRY_LIMIT;
    await deps.db
      .update(O)
      .set({
        status: final ? 3 : 0,
        progress: 0,
        error: final ? failureMessage(err) : null,
        finished_at: final ? sql`now()` : null,
        updated_at: sql`now()`,
      })
      .where(and(where, eq(O.status, 1)));
    throw err;
  }
}
