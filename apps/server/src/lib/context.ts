import type { DbOrTx, Tx } from '../db/client.js';
import type { AuthContext } from '../plugins/auth.js';
import type { Actor } from './audit.js';
import type { AppDeps } from './deps.js';

declare const tenantBrand: unique symbol;

/**
 * A database handle bound to ONE company. Query helpers of company data take a Tenant, never a bare
 * company id, and a Tenant is made only by the company route wrapper (lib/tenant-route.ts) from the
 * signed-in caller — or, outside a request (seed, CLIs, tests), by `systemTenant` on purpose.
 */
export interface Tenant {
  readonly db: DbOrTx;
  readonly companyId: number;
  readonly [tenantBrand]: true;
}

/** What every action receives besides its input: the database (or open transaction), the actor and the app's dependencies. */
export interface Ctx {
  db: DbOrTx;
  deps: AppDeps;
  actor: Actor;
}

/** A company route's ctx: the caller's company, already resolved; its db and query helpers are that company's. */
export interface CompanyCtx extends Ctx, Tenant {
  db: DbOrTx;
  /** True for an administrator reading a company's data (company_id); such a ctx never writes. */
  readOnly: boolean;
}

/** A signed-in user's own actions (profile, password): the caller's sign-in beside the ctx. */
export interface UserCtx extends Ctx {
  auth: AuthContext;
}

/** A platform-admin action's ctx. */
export type AdminCtx = Ctx;

/** The one action shape: `({ ctx, input })`. */
export type ActionArgs<C extends Ctx, I> = { ctx: C; input: I };

/** The `updated_at` the client read of a record it edits (409 when stale). */
export type Stamped = { updated_at: string };

/** The input of an update action: which record, and the `updated_at` the client read (409 when stale). */
export type Versioned = { id: number } & Stamped;

/** Binds a Tenant outside a request (seed, CLIs, migrations of data, tests): the caller vouches for the company. */
export function systemTenant(db: DbOrTx, companyId: number): Tenant {
  return { db, companyId } as Tenant;
}

/** Runs `fn` in one transaction with a ctx whose db is that transaction (the tenant stays bound). */
export function inTransaction<C extends Ctx, T>(ctx: C, fn: (tx: C) => Promise<T>): Promise<T> {
  return ctx.db.transaction((tx) => fn({ ...ctx, db: tx as Tx }));
}

const NO_DEPS = new Proxy({} as AppDeps, {
  get(_t, key) {
    throw new Error(`ctx.deps.${String(key)} is not available outside a request`);
  },
});

/** A company ctx outside a request (seed, CLIs, tests): the caller vouches for the company and the actor. */
export function systemCompanyCtx(db: DbOrTx, companyId: number, userId: number | null = null): CompanyCtx {
  return { db, companyId, deps: NO_DEPS, actor: { userId, ip: null }, readOnly: false } as CompanyCtx;
}
