import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../db/client.js';
import { requireAuth } from '../plugins/auth.js';
import type { Actor } from './audit.js';

/** What every business action receives: the database (or transaction), the tenant and the actor. */
export interface ActionCtx {
  db: DbOrTx;
  companyId: number;
  actor: Actor;
}

export function actionCtx(req: FastifyRequest, companyId: number): ActionCtx {
  const auth = requireAuth(req);
  return { db: req.server.deps.db, companyId, actor: { userId: auth.userId, ip: req.ip } };
}
