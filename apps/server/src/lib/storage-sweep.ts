import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { sqlRows } from '../modules/accounting/sql-rows.js';
import { type FileStorage, isSweepable } from './storage.js';

/**
 * The orphan sweep of the file storage (issue 31): a process killed between writing a file and committing the
 * row that names it (an upload, an OCR job's page images, a bank import) leaves a file nothing references, and
 * one killed inside a write leaves a temporary file. At start-up and daily, files no row references and
 * temporary files are removed once they are older than the grace period — never a file a committed row
 * references (deleted documents keep theirs: they stay in the history), never one of a write still under way
 * (every write commits its row within seconds; an OCR job's longest attempt is minutes).
 */
export const SWEEP_GRACE_MS = 60 * 60 * 1000;
export const SWEEP_EVERY_MS = 24 * 60 * 60 * 1000;
const BATCH = 500;

/** Of `keys`, those a row references: a 発注取引's file, an OCR document's original or page image, a bank import. */
async function referencedKeys(db: Db, keys: string[]): Promise<Set<string>> {
  const rows = await sqlRows<{ k: string }>(
    db,
    sql`select k from jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb) as k
        where exists (select 1 from transaction_document_files f where f.storage_key = k)
           or exists (select 1 from ocr_documents o where o.storage_key = k)
           or exists (select 1 from bank_statement_imports b where b.storage_key = k)
           or exists (select 1 from ocr_documents o
                      where o.pages @> jsonb_build_array(jsonb_build_object('image_key', k)))`,
  );
  return new Set(rows.map((r) => r.k));
}

export interface SweepResult {
  /** Orphaned files removed. */
  orphans: number;
  /** Temporary files of interrupted writes removed. */
  temp: number;
  /** Files older than the grace period that rows reference (kept). */
  kept: number;
}

export async function sweepStorage(
  db: Db,
  storage: FileStorage,
  opts: { graceMs?: number; now?: number } = {},
): Promise<SweepResult> {
  const result: SweepResult = { orphans: 0, temp: 0, kept: 0 };
  if (!isSweepable(storage)) return result;
  const cutoff = (opts.now ?? Date.now()) - (opts.graceMs ?? SWEEP_GRACE_MS);
  result.temp = await storage.removeTempBefore(cutoff);
  const sweepBatch = async (keys: string[]) => {
    const referenced = await referencedKeys(db, keys);
    for (const key of keys) {
      if (referenced.has(key)) result.kept++;
      else {
        await storage.removeOrphan(key);
        result.orphans++;
      }
    }
  };
  let batch: string[] = [];
  for await (const key of storage.keysWrittenBefore(cutoff)) {
    batch.push(key);
    if (batch.length >= BATCH) {
      await sweepBatch(batch);
      batch = [];
    }
  }
  if (batch.length) await sweepBatch(batch);
  return result;
}

/** Sweeps now and every day (main.ts); the timer does not keep the process alive. */
export function scheduleStorageSweep(
  db: Db,
  storage: FileStorage,
  log: { info: (o: object, m: string) => void; error: (o: object, m: string) => void },
) {
  const run = () =>
    sweepStorage(db, storage).then(
      (r) => (r.orphans || r.temp) && log.info(r, 'file storage: orphaned and temporary files removed'),
      (err) => log.error({ err }, 'file storage sweep'),
    );
  void run();
  setInterval(run, SWEEP_EVERY_MS).unref();
}
