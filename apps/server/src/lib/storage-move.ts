import { createHash } from 'node:crypto';
import type { FileStorage, SweepableStorage } from './storage.js';

export interface MoveReport {
  /** Files copied to the target in this run. */
  copied: number;
  /** Files the target already held with the same bytes (a re-run after an interruption). */
  already: number;
  /** Files read back from the target and found equal to the source, byte for byte (sha256 and length). */
  verified: number;
  /** Keys whose copy is missing or differs; empty when the move is complete. */
  problems: { key: string; reason: string }[];
}

const digest = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/**
 * Copies every file of `source` into `target` and verifies each one read back (the files move between
 * backends: `npm run move-files -w @chobo/server -- --from local --to database`). The stores are
 * write-once: a key the target already holds is compared, never replaced. Re-running after an interruption
 * finishes the move. The source is left as it was; remove it once the servers use the target.
 */
export async function moveFiles(
  source: FileStorage & SweepableStorage,
  target: FileStorage,
  opts: { onProgress?: (done: number) => void } = {},
): Promise<MoveReport> {
  const report: MoveReport = { copied: 0, already: 0, verified: 0, problems: [] };
  let done = 0;
  // every key written until now (a file being uploaded meanwhile is written to the new store by then)
  for await (const key of source.keysWrittenBefore(Date.now() + 1)) {
    const bytes = await source.get(key);
    if (!bytes) continue; // removed by the sweep meanwhile
    const held = await target.get(key);
    if (held) {
      if (digest(held) === digest(bytes) && held.length === bytes.length) report.already++;
      else report.problems.push({ key, reason: '移行先に同じキーの異なるファイルがあります' });
    } else {
      await target.put(key, bytes);
      report.copied++;
    }
    const back = await target.get(key);
    if (back && back.length === bytes.length && digest(back) === digest(bytes)) report.verified++;
    else if (held === undefined || digest(held) === digest(bytes))
      report.problems.push({ key, reason: '移行先から読み戻した内容が一致しません' });
    opts.onProgress?.(++done);
  }
  return report;
}
