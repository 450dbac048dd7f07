import { type AuditVerifyProblem, type AuditVerifyResult, formatDateTimeJa } from '@chobo/core';
import { and, asc, eq, gt, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { auditLogs } from '../../db/schema/index.js';
import { GENESIS_HASH, storedRowHash } from '../../lib/audit.js';
import { auditKeyById, rowMac, sameMac } from '../../lib/audit-keys.js';
import { sqlRows } from '../accounting/sql-rows.js';
import { type CheckpointStore, checkpointSummary, latestCheckpoint } from './audit-checkpoints.js';

/** Rows read (and rehashed by PostgreSQL) per query. */
export const VERIFY_BATCH_SIZE = 1000;

/**
 * Which chains to verify: all (undefined), the platform chain (null) or one company's chain.
 */
export type ChainScope = number | null | undefined;

interface VerifyRow {
  id: number;
  company_id: number | null;
  prev_hash: string;
  hash: string;
  key_id: string | null;
  mac: string | null;
  computed: string;
}

export interface VerifyOptions {
  batchSize?: number;
  /** The checkpoints to compare the chains with (none: the chains and keys only). */
  checkpoints?: CheckpointStore | null;
}

/** At most this many problems are listed (first_bad_id and ok still cover every row). */
const MAX_PROBLEMS = 50;

const chainName = (companyId: number | null) =>
  companyId === null ? 'システム全体の操作ログ' : `企業ID ${companyId} の操作ログ`;

/**
 * Walks the chains in batches (keyset on the (company_id, id) index) and checks each row: its stored hash
 * equals the hash recomputed from its content, its prev_hash equals the stored hash of the row before it in
 * the chain (64 zeros for a chain's first row), and — from the first signed row on — its signature is the
 * HMAC of its hash under the key it names (ADR 0040). A changed row fails the first check; a deleted or
 * inserted row breaks the link of the row after it; a recomputed or forged row fails its signature.
 * Then the chains are compared with the latest checkpoint: fewer rows than it counted (rows deleted at the
 * end), its head row gone or changed, a chain gone entirely. first_bad_id is the smallest failing row id.
 *
 * Rows committed while this runs are either seen whole or not at all: writers append to a chain under its
 * advisory lock, so a chain only ever grows at its end.
 */
export async function verifyAuditChains(
  db: DbOrTx,
  scope: ChainScope = undefined,
  batchSizeOrOptions: number | VerifyOptions = {},
): Promise<AuditVerifyResult> {
  const opts = typeof batchSizeOrOptions === 'number' ? { batchSize: batchSizeOrOptions } : batchSizeOrOptions;
  const batchSize = opts.batchSize ?? VERIFY_BATCH_SIZE;
  const { record: checkpoint, problem: checkpointProblem } = opts.checkpoints
    ? await latestCheckpoint(opts.checkpoints)
    : { record: null, problem: null };
  const [{ first_signed }] = await sqlRows<{ first_signed: number | null }>(
    db,
    sql`select min(id) as first_signed from audit_logs where key_id is not null`,
  );
  // unsigned rows are accepted only before keyed rows started (as the checkpoint recorded it, when there is one)
  const never = Number.MAX_SAFE_INTEGER;
  const signedFrom = Math.min(first_signed ?? never, checkpoint?.keyed_from ?? never);
  const anchors = new Map((checkpoint?.chains ?? []).map((c) => [c.company_id, c]));

  let checked = 0;
  let unsigned = 0;
  let firstBad: number | null = null;
  const problems: AuditVerifyProblem[] = [];
  const keyIds = new Set<string>();
  const counts = new Map<number | null, number>();
  const headSeen = new Map<number | null, string>(); // chain → hash of the row at its checkpointed last_id
  let chain: number | null | undefined; // company_id of the chain being walked (undefined: none yet)
  let expectedPrev = GENESIS_HASH;

  const report = (companyId: number | null, id: number | null, reason: string) => {
    if (id !== null && (firstBad === null || id < firstBad)) firstBad = id;
    if (problems.length < MAX_PROBLEMS) problems.push({ company_id: companyId, id, reason });
  };

  const check = (row: VerifyRow) => {
    if (row.company_id !== chain) {
      chain = row.company_id;
      expectedPrev = GENESIS_HASH;
    }
    checked++;
    counts.set(row.company_id, (counts.get(row.company_id) ?? 0) + 1);
    if (anchors.get(row.company_id)?.last_id === row.id) headSeen.set(row.company_id, row.hash);
    if (row.computed !== row.hash) {
      report(row.company_id, row.id, '内容がハッシュと一致しません（行が書き換えられています）');
    } else if (row.prev_hash !== expectedPrev) {
      report(row.company_id, row.id, '前の行とのつながりが切れています（前の行が削除・挿入・書き換えられています）');
    } else if (row.key_id === null || row.mac === null) {
      if (row.id >= signedFrom) report(row.company_id, row.id, '署名がありません（鍵を持たない者が追加した行です）');
      else unsigned++;
    } else {
      const key = auditKeyById(row.key_id);
      if (!key) report(row.company_id, row.id, `署名鍵 ${row.key_id} がありません（古い鍵を設定に残してください）`);
      else if (!sameMac(row.mac, rowMac(key, row.hash))) {
        report(
          row.company_id,
          row.id,
          '署名が一致しません（鍵を持たない者が書き換えた、またはハッシュを計算し直した行です）',
        );
      } else keyIds.add(row.key_id);
    }
    expectedPrev = row.hash;
  };

  if (scope === undefined || scope === null) {
    for await (const rows of batches(db, batchSize, (after) =>
      and(isNull(auditLogs.company_id), after ? gt(auditLogs.id, after.id) : undefined),
    )) {
      rows.forEach(check);
    }
  }
  if (scope === undefined) {
    for await (const rows of batches(db, batchSize, (after) =>
      after
        ? sql`(${auditLogs.company_id}, ${auditLogs.id}) > (${after.company_id}::integer, ${after.id}::integer)`
        : isNotNull(auditLogs.company_id),
    )) {
      rows.forEach(check);
    }
  } else if (scope !== null) {
    for await (const rows of batches(db, batchSize, (after) =>
      and(eq(auditLogs.company_id, scope), after ? gt(auditLogs.id, after.id) : undefined),
    )) {
      rows.forEach(check);
    }
  }
  if (checkpointProblem) report(null, null, checkpointProblem);
  if (checkpoint) {
    const at = formatDateTimeJa(checkpoint.at);
    for (const anchor of checkpoint.chains) {
      if (scope !== undefined && anchor.company_id !== scope) continue;
      const now = counts.get(anchor.company_id) ?? 0;
      const name = chainName(anchor.company_id);
      if (now === 0) {
        report(
          anchor.company_id,
          null,
          `${name}がすべて削除されています（チェックポイント ${at} では ${anchor.rows}件）`,
        );
      } else if (now < anchor.rows) {
        report(
          anchor.company_id,
          null,
          `${name}がチェックポイント ${at} の ${anchor.rows}件より少ない ${now}件です（末尾の行が削除されています）`,
        );
      } else if (!headSeen.has(anchor.company_id)) {
        report(
          anchor.company_id,
          null,
          `${name}にチェックポイント ${at} の最後の行（ID ${anchor.last_id}）がありません`,
        );
      } else if (headSeen.get(anchor.company_id) !== anchor.last_hash) {
        report(
          anchor.company_id,
          anchor.last_id,
          `${name}のチェックポイント ${at} の最後の行（ID ${anchor.last_id}）が書き換えられています`,
        );
      }
    }
  }
  return {
    ok: problems.length === 0,
    checked,
    first_bad_id: firstBad,
    problems,
    key_ids: [...keyIds].sort(),
    unsigned,
    checkpoint: checkpoint && opts.checkpoints ? checkpointSummary(checkpoint, opts.checkpoints) : null,
  };
}

async function* batches(
  db: DbOrTx,
  size: number,
  where: (after: VerifyRow | undefined) => SQL | undefined,
): AsyncGenerator<VerifyRow[]> {
  let after: VerifyRow | undefined;
  for (;;) {
    const rows = await db
      .select({
        id: auditLogs.id,
        company_id: auditLogs.company_id,
        prev_hash: auditLogs.prev_hash,
        hash: auditLogs.hash,
        key_id: auditLogs.key_id,
        mac: auditLogs.mac,
        computed: storedRowHash(),
      })
      .from(auditLogs)
      .where(where(after))
      .orderBy(asc(auditLogs.company_id), asc(auditLogs.id))
      .limit(size);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < size) return;
    after = rows[rows.length - 1];
  }
}
