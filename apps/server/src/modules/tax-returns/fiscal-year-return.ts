import { and, eq } from 'drizzle-orm';
import type { AnyPgColumn, PgInsertValue, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { DbOrTx as Tx } from '../../db/client.js';
import { journalEntries } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import { assertFresh, nextVersion } from '../../lib/concurrency.js';
import type { CompanyCtx, Tenant } from '../../lib/context.js';
import type { HttpError } from '../../lib/http-errors.js';
import { unprocessable } from '../../lib/http-errors.js';
import { withDbRefusals } from '../accounting/posting.js';
import { type FiscalYearRow, findFiscalYear } from './tax-returns.queries.js';

/**
 * What the two returns kept per fiscal year (法人税の確定申告書, 消費税の申告書) do alike: the company's
 * settings row saved under the optimistic check, the settlement entry refused twice, linked back and audited.
 */

type CompanyTable = PgTable & { company_id: AnyPgColumn; updated_at: AnyPgColumn };
type ReturnTable = CompanyTable & { id: AnyPgColumn; entry_id: AnyPgColumn; updated_by: AnyPgColumn };

/** The fiscal year as a return answers it (with its Japanese label). */
export function fiscalYearOfReturn(fy: FiscalYearRow, label: (date: string) => string) {
  return {
    id: fy.id,
    start_date: fy.start_date,
    end_date: fy.end_date,
    status: fy.status,
    label: `${label(fy.start_date)}〜${label(fy.end_date)}`,
  };
}

/**
 * PUT of a company's settings row (one per company): `updated_at` null = the first save, a stale one is 409
 * (`stale()`; `what` in assertFresh's message), audited `action` on the company with what `load` reads
 * before and after. Answers what `load` reads after.
 */
export async function saveCompanySettings<T extends CompanyTable, S>(
  ctx: CompanyCtx,
  o: {
    table: T;
    what: string;
    updatedAt: string | null;
    values: Omit<T['$inferInsert'], 'company_id'>;
    load: (tenant: Tenant) => Promise<S>;
    /** whose settings: audited as `<kind>.settings` */
    kind: 'tax_return' | 'consumption_tax_return';
    stale: () => HttpError;
  },
): Promise<S> {
  const { table, stale } = o;
  return ctx.db.transaction(async (tx) => {
    const t = { ...ctx, db: tx };
    const mine = eq(table.company_id, ctx.companyId);
    const [row] = (await tx
      .select({ updated_at: table.updated_at })
      .from(table as PgTable)
      .where(mine)
      .for('update')) as {
      updated_at: Date;
    }[];
    const before = await o.load(t);
    if (row) {
      if (o.updatedAt === null) throw stale();
      assertFresh(row.updated_at, o.updatedAt, o.what);
      await tx
        .update(table)
        .set({ ...o.values, updated_at: nextVersion(table.updated_at) } as PgUpdateSetSource<T>)
        .where(mine);
    } else {
      if (o.updatedAt !== null) throw stale();
      const created = await tx
        .insert(table)
        .values({ company_id: ctx.companyId, ...o.values } as PgInsertValue<T>)
        .onConflictDoNothing()
        .returning({ company_id: table.company_id });
      if (created.length === 0) throw stale();
    }
    const after = await o.load(t);
    await audit(tx, {
      actor: ctx.actor,
      companyId: ctx.companyId,
      action: o.kind === 'tax_return' ? 'tax_return.settings' : 'consumption_tax_return.settings',
      targetType: 'company',
      targetId: ctx.companyId,
      before,
      after,
    });
    return after;
  });
}

/** Refuses a second settlement entry while the one the return links to still stands (422 `message`). */
export async function assertNotPosted(tx: Tx, ctx: CompanyCtx, entryId: number | null, message: string) {
  if (!entryId) return;
  const [still] = await tx
    .select({ id: journalEntries.id })
    .from(journalEntries)
    .where(and(eq(journalEntries.id, entryId), eq(journalEntries.company_id, ctx.companyId)));
  if (still) throw unprocessable({ _: [message] });
}

/** Links the posted entry back to the return (the return keeps entry_id; the caller audits the posting). */
export async function linkPostedEntry<T extends ReturnTable>(
  tx: Tx,
  ctx: CompanyCtx,
  o: { table: T; rowId: number; entryId: number },
) {
  const { table } = o;
  await tx
    .update(table)
    .set({
      entry_id: o.entryId,
      updated_by: ctx.actor.userId,
      updated_at: nextVersion(table.updated_at),
    } as PgUpdateSetSource<T>)
    .where(and(eq(table.id, o.rowId), eq(table.company_id, ctx.companyId)));
}

/**
 * POST …/post-entry of a return: in one transaction, the fiscal year (404 when not the company's), the saved
 * draft under FOR UPDATE (422 `先に<what>を保存してください` when none; 409 when stale), refused while its entry
 * still stands (422 `posted`); then `post` (the database's refusals, e.g. a locked period, as 422).
 */
export function postFromReturn<R extends { updated_at: Date; entry_id: number | null }, A>(
  ctx: CompanyCtx,
  input: { fiscal_year_id: number; updated_at: string },
  o: {
    what: string;
    posted: string;
    find: (tenant: Tenant, fiscalYearId: number, lock: boolean) => Promise<R | null>;
    post: (args: { t: CompanyCtx; tx: Tx; fy: FiscalYearRow; row: R }) => Promise<A>;
  },
): Promise<A> {
  return withDbRefusals(() =>
    ctx.db.transaction(async (tx) => {
      const t = { ...ctx, db: tx };
      const fy = await findFiscalYear(t, input.fiscal_year_id);
      const row = await o.find(t, fy.id, true);
      if (!row) throw unprocessable({ _: [`先に${o.what}を保存してください`] });
      assertFresh(row.updated_at, input.updated_at, o.what);
      await assertNotPosted(tx, ctx, row.entry_id, o.posted);
      return o.post({ t, tx, fy, row });
    }),
  );
}
