import type { DbOrTx } from '../db/client.js';
import { auditLogs } from '../db/schema/index.js';

export interface Actor {
  userId: number | null;
  ip: string | null;
}

/** Writes one audit row; call it inside the transaction that makes the change. */
export async function audit(
  db: DbOrTx,
  entry: {
    actor: Actor;
    companyId: number | null;
    action: string;
    targetType: string;
    targetId?: string | number | null;
    before?: unknown;
    after?: unknown;
  },
): Promise<void> {
  await db.insert(auditLogs).values({
    company_id: entry.companyId,
    actor_user_id: entry.actor.userId,
    action: entry.action,
    target_type: entry.targetType,
    target_id: entry.targetId === undefined || entry.targetId === null ? null : String(entry.targetId),
    before: entry.before === undefined ? null : toJson(entry.before),
    after: entry.after === undefined ? null : toJson(entry.after),
    ip: entry.actor.ip,
  });
}

function toJson(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value));
}
