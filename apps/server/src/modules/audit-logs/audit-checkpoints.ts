import { open, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { AuditCheckpoint } from '@chobo/core';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { auditKeyById, currentAuditKey, sameMac, textMac } from '../../lib/audit-keys.js';
import { sqlRows } from '../accounting/sql-rows.js';

/**
 * Signed checkpoints of every audit chain's head (ADR 0040): one JSON line per checkpoint, appended to
 * AUDIT_CHECKPOINT_DIR (default DATA_DIR)/audit-checkpoints.jsonl — outside the database — and signed with
 * the audit key. Verification compares the chains with the latest one: fewer rows than it counted, a head
 * row gone or changed, a whole chain gone are all reported. A checkpoint never lowers an anchor: a chain
 * that shrank (or whose recorded head is gone) keeps its earlier entry, so a truncation stays reported.
 */
export interface ChainHead {
  /** null: the platform chain. */
  company_id: number | null;
  rows: number;
  last_id: number;
  last_hash: string;
}

export interface CheckpointRecord {
  v: 1;
  at: string;
  key_id: string;
  keyed_from: number | null;
  chains: ChainHead[];
}

/** Where checkpoints are kept: the file, or memory (tests without AUDIT_CHECKPOINT_DIR). */
export interface CheckpointStore {
  location: string | null;
  append(line: string): Promise<void>;
  /** Every line written so far ('' when none). */
  read(): Promise<string>;
}

export const CHECKPOINT_FILE = 'audit-checkpoints.jsonl';

class FileCheckpointStore implements CheckpointStore {
  constructor(readonly location: string) {}

  async append(line: string): Promise<void> {
    const file = await open(this.location, 'a', 0o600);
    try {
      await file.write(`${line}\n`);
      await file.datasync();
    } finally {
      await file.close();
    }
  }

  async read(): Promise<string> {
    return readFile(this.location, 'utf8').catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return '';
      throw err;
    });
  }
}

class MemoryCheckpointStore implements CheckpointStore {
  readonly location = null;
  private text = '';
  async append(line: string): Promise<void> {
    this.text += `${line}\n`;
  }
  async read(): Promise<string> {
    return this.text;
  }
}

/** A checkpoint file at `file` (the CLI's --checkpoint: a copy the admin kept). */
export const checkpointFile = (file: string): CheckpointStore => new FileCheckpointStore(path.resolve(file));

export function createCheckpointStore(env: {
  NODE_ENV: string;
  DATA_DIR: string;
  AUDIT_CHECKPOINT_DIR?: string;
}): CheckpointStore {
  if (env.NODE_ENV === 'test' && !env.AUDIT_CHECKPOINT_DIR) return new MemoryCheckpointStore();
  return checkpointFile(path.join(env.AUDIT_CHECKPOINT_DIR ?? env.DATA_DIR, CHECKPOINT_FILE));
}

/** The text a checkpoint's mac covers: the record without its mac, as JSON. */
const signedText = (record: CheckpointRecord) => JSON.stringify(record);

/** The latest checkpoint of a store, or a reason when its last line is not a valid, signed checkpoint. */
export async function latestCheckpoint(
  store: CheckpointStore,
): Promise<{ record: CheckpointRecord | null; problem: string | null }> {
  const lines = (await store.read()).split('\n').filter((l) => l.trim() !== '');
  const last = lines.at(-1);
  if (last === undefined) return { record: null, problem: null };
  try {
    const { mac, ...record } = JSON.parse(last) as CheckpointRecord & { mac: string };
    const key = auditKeyById(record.key_id);
    if (!key) return { record: null, problem: `チェックポイントの署名鍵（${record.key_id}）がありません` };
    if (typeof mac !== 'string' || !sameMac(mac, textMac(key, signedText(record)))) {
      return {
        record: null,
        problem: 'チェックポイントの署名が一致しません（チェックポイントが書き換えられています）',
      };
    }
    if (record.v !== 1 || !Array.isArray(record.chains)) throw new Error('shape');
    return { record, problem: null };
  } catch {
    return { record: null, problem: 'チェックポイントの最後の行を読み取れません（壊れているか書き換えられています）' };
  }
}

export function checkpointSummary(record: CheckpointRecord, store: CheckpointStore): AuditCheckpoint {
  return {
    at: record.at,
    key_id: record.key_id,
    keyed_from: record.keyed_from,
    chains: record.chains.length,
    rows: record.chains.reduce((n, c) => n + c.rows, 0),
    location: store.location,
  };
}

/** Every chain's row count and last row, now. */
async function currentHeads(db: DbOrTx): Promise<{ heads: ChainHead[]; keyedFrom: number | null }> {
  const heads = await sqlRows<ChainHead>(
    db,
    sql`select h.company_id, h.rows, h.last_id, a.hash as last_hash
          from (select company_id, count(*)::int as rows, max(id) as last_id from audit_logs group by company_id) h
          join audit_logs a on a.id = h.last_id
         order by h.company_id nulls first`,
  );
  const [{ keyed_from }] = await sqlRows<{ keyed_from: number | null }>(
    db,
    sql`select min(id) as keyed_from from audit_logs where key_id is not null`,
  );
  return { heads, keyedFrom: keyed_from };
}

const chainKey = (companyId: number | null) => String(companyId ?? 0);

/**
 * Appends a checkpoint of every chain (force: also when nothing moved since the last one). Returns the
 * checkpoint now in force and whether a line was written, and the chains whose earlier anchor was kept
 * because they shrank or lost their recorded head (a tamper sign: verification reports them).
 */
export async function writeCheckpoint(
  db: DbOrTx,
  store: CheckpointStore,
  opts: { force?: boolean; clock?: () => Date } = {},
): Promise<{ record: CheckpointRecord; written: boolean; kept: (number | null)[] }> {
  const { record: previous } = await latestCheckpoint(store);
  const { heads, keyedFrom } = await currentHeads(db);
  const byChain = new Map(heads.map((h) => [chainKey(h.company_id), h]));
  const kept: (number | null)[] = [];
  if (previous) {
    const prevIds = previous.chains.map((c) => c.last_id);
    const found = prevIds.length
      ? await sqlRows<{ id: number; company_id: number | null; hash: string }>(
          db,
          sql`select id, company_id, hash from audit_logs where id = any(${`{${prevIds.join(',')}}`}::int[])`,
        )
      : [];
    const rowById = new Map(found.map((r) => [r.id, r]));
    for (const prev of previous.chains) {
      const now = byChain.get(chainKey(prev.company_id));
      const head = rowById.get(prev.last_id);
      const intact =
        now !== undefined &&
        now.rows >= prev.rows &&
        head !== undefined &&
        head.company_id === prev.company_id &&
        head.hash === prev.last_hash;
      if (!intact) {
        byChain.set(chainKey(prev.company_id), prev);
        kept.push(prev.company_id);
      }
    }
  }
  const chains = [...byChain.values()].sort((a, b) => (a.company_id ?? 0) - (b.company_id ?? 0));
  const key = currentAuditKey();
  const record: CheckpointRecord = {
    v: 1,
    at: (opts.clock?.() ?? new Date()).toISOString(),
    key_id: key.id,
    keyed_from: previous?.keyed_from ?? keyedFrom,
    chains,
  };
  const unchanged =
    previous !== null &&
    previous.key_id === record.key_id &&
    previous.keyed_from === record.keyed_from &&
    JSON.stringify(previous.chains) === JSON.stringify(record.chains);
  if (unchanged && !opts.force) return { record: previous, written: false, kept };
  await store.append(JSON.stringify({ ...record, mac: textMac(key, signedText(record)) }));
  return { record, written: true, kept };
}
