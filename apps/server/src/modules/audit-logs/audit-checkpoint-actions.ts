import type { AuditCheckpoint } from '@chobo/core';
import { desc, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auditLogs } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import { currentAuditKey } from '../../lib/audit-keys.js';
import type { AppDeps } from '../../lib/deps.js';
import { checkpointSummary, latestCheckpoint, writeCheckpoint } from './audit-checkpoints.js';

type CheckpointDeps = Pick<AppDeps, 'db' | 'auditCheckpoints'>;

/** The latest valid checkpoint (the 改ざんチェック screen), or null. */
export async function latestCheckpointSummary(deps: CheckpointDeps): Promise<AuditCheckpoint | null> {
  const { record } = await latestCheckpoint(deps.auditCheckpoints);
  return record ? checkpointSummary(record, deps.auditCheckpoints) : null;
}

/** A checkpoint written now, on demand (also when no chain moved). */
export async function checkpointNow(deps: CheckpointDeps): Promise<AuditCheckpoint> {
  const { record } = await writeCheckpoint(deps.db, deps.auditCheckpoints, { force: true });
  return checkpointSummary(record, deps.auditCheckpoints);
}

/** Every checkpoint line, for the admin to keep elsewhere. */
export async function checkpointsDownload(deps: CheckpointDeps): Promise<string> {
  return deps.auditCheckpoints.read();
}

/**
 * At start-up: the platform chain records when signing starts (the first signed row of an installation
 * upgraded from unsigned rows) and every change of the signing key (rotation), with the key ids only.
 */
export async function recordAuditKey(db: Db): Promise<void> {
  const key = currentAuditKey();
  const [last] = await db
    .select({ key_id: auditLogs.key_id })
    .from(auditLogs)
    .where(isNotNull(auditLogs.key_id))
    .orderBy(desc(auditLogs.id))
    .limit(1);
  if (last?.key_id === key.id) return;
  await audit(db, {
    actor: { userId: null, ip: null },
    companyId: null,
    action: last ? 'audit.key_rotated' : 'audit.key_started',
    targetType: 'audit_key',
    targetId: key.id,
    before: last ? { key_id: last.key_id } : undefined,
    after: { key_id: key.id },
  });
}

/**
 * Start-up and the schedule: records the signing key, then a checkpoint (at start-up always; on the
 * schedule only when a chain moved). Returns the chains whose earlier anchor was kept (they shrank).
 */
export async function scheduledCheckpoint(deps: CheckpointDeps, opts: { force: boolean }) {
  const { kept, written } = await writeCheckpoint(deps.db, deps.auditCheckpoints, opts);
  return { kept, written };
}
