/**
 * The demo seed written the earlier ways, for bench/seed-time.ts to compare with the way a first start writes it
 * (FIRST_START, the only way the server seeds): built here from the seed's own parts, so the product code keeps
 * no switches for them.
 *
 * - `bulk`: FIRST_START (ADR 0024, 0031).
 * - `main`: bulk with every statement through PGlite's query() (six calls into the engine, parsed and planned each
 *   time) instead of one round trip by named prepared statement (seed-fast-queries.ts), and the demo's files drawn
 *   in this thread instead of a worker (demo-files.ts): the seed before ADR 0031.
 * - `before`: bulk without its read cache (seed-read-cache.ts), with the journal's triggers firing row by row
 *   (seed-journal.ts) and the demo's plain entries posted one at a time: the seed before ADR 0024.
 * - `plain`: the actions' transactions as savepoints and one audit write per change, as in a request.
 */

import { localDemoFiles } from '../src/db/seed/demo-files.js';
import { FIRST_START, flatTransaction, type SeedWay } from '../src/db/seed/seed.js';
import { deferJournalTriggers } from '../src/db/seed/seed-journal.js';
import { withSeedReadCache } from '../src/db/seed/seed-read-cache.js';
import { withBufferedAudit } from '../src/lib/audit.js';

export const SEED_WAYS = {
  bulk: FIRST_START,
  main: {
    files: localDemoFiles,
    write: async (outer, rows) => {
      const journal = await deferJournalTriggers(outer);
      const tx = flatTransaction(withSeedReadCache(journal.tx));
      const result = await withBufferedAudit(tx, () => rows(tx));
      await journal.finish();
      return result;
    },
    batchEntries: true,
  },
  before: {
    files: localDemoFiles,
    write: (outer, rows) => {
      const tx = flatTransaction(outer);
      return withBufferedAudit(tx, () => rows(tx));
    },
    batchEntries: false,
  },
  plain: { files: localDemoFiles, write: (outer, rows) => rows(outer), batchEntries: false },
} satisfies Record<string, SeedWay>;

export type SeedWayName = keyof typeof SEED_WAYS;
export const isSeedWay = (name: string): name is SeedWayName => Object.hasOwn(SEED_WAYS, name);
