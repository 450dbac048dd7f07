import type { AuditVerifyResult } from '@chobo/core';
import { and, asc, eq, gt, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { auditLogs } from '../../db/schema/index.js';
import { GENESIS_HASH, storedRowHash } from '../../lib/audit.js';

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
  computed: string;
}

/**
 * Walks the chains in batches (keyset on the (company_id, id) index) and checks each row: its stored hash
 * equals the hash recomputed from its content, and its prev_hash equals the stored hash of the row before it
 * in the chain (64 zeros for a chain's first row). A changed row fails the first check; a deleted or
 * inserted row breaks the link of the row after it. first_bad_id is the smallest failing id.
 *
 * Rows committed while this runs are either seen whole or not at all: writers append to a chain under its
 * advisory lock, so a chain only ever grows at its end.
 */
export async function verifyAuditChains(
  db: DbOrTx,
  scope: ChainScope = undefined,
  batchSize = VERIFY_BATCH_SIZE,
): Promise<AuditVerifyResult> {
  let checked = 0;
  let firstBad: number | null = null;
  let chain: number | null | undefined; // company_id of the chain being walked (undefined: none yet)
  let expectedPrev = GENESIS_HASH;

  const check = (row: VerifyRow) => {
    if (row.company_id !== chain) {
      chain = row.company_id;
      expectedPrev = GENESIS_HASH;
    }
    checked++;
    if (row.prev_hash !== expectedPrev || row.computed !== row.hash) {
      if (firstBad === null || row.id < firstBad) firstBad = row.id;
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
  return { ok: firstBad === null, checked, first_bad_id: firstBad };
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
