import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../app.js';
import type { DbOrTx } from '../db/client.js';
import { requireAuth } from '../plugins/auth.js';
import type { Actor } from './audit.js';

/** What a platform-admin action receives: the database, the app's dependencies and the acting admin. */
export interface AdminCtx {
  db: DbOrTx;
  deps: AppDeps;
  actor: Actor;
}

export function adminCtx(req: FastifyRequest): AdminCtx {
  const auth = requireAuth(req);
  return { db: req.server.deps.db, deps: req.server.deps, actor: { userId: auth.userId, ip: req.ip } };
}
