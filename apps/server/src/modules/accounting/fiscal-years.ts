import {
  addDays,
  type FiscalYear,
  fiscalYearContaining,
  type fiscalYearCreateInput,
  formatDateJa,
  type JournalEntryValues,
  todayInTokyo,
} from '@chobo/core';
import { and, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { fiscalYears, journalEntries, periodLocks } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import type { ActionArgs, CompanyCtx, Tenant } from '../../lib/context.js';
import { notFound, unprocessable } from '../../lib/http-errors.js';
import { loadAccounts } from './accounts.queries.js';
import { companyYearEndMonth, get, net, sumByAccount } from './balances.js';
import { nextYearSpan } from './fiscal-year-check.js';
import { postEntry, withDbRefusals } from './posting.js';

type FyRow = typeof fiscalYears.$inferSelect;

export function toFiscalYear(r: FyRow): FiscalYear {
  return {
    id: r.id,
    company_id: r.company_id,
    start_date: r.start_date,
    end_date: r.end_date,
    label: `${formatDateJa(r.start_date)}〜${formatDateJa(r.end_date)}`,
    status: r.status as FiscalYear['status'],
    closed_at: r.closed_at?.toISOString() ?? null,
    closing_entry_id: r.closing_entry_id,
  };
}

export async function listFiscalYears(tenant: Tenant) {
  const { db, companyId } = tenant;
  const rows = await db
    .select()
    .from(fiscalYears)
    .where(eq(fiscalYears.company_id, companyId))
    .orderBy(desc(fiscalYears.start_date));
  return rows.map(toFiscalYear);
}

async function findFy(tenant: Tenant, id: number) {
  const { db, companyId } = tenant;
  const [row] = await db
    .select()
    .from(fiscalYears)
    .where(and(eq(fiscalYears.id, id), eq(fiscalYears.company_id, companyId)))
    .for('update');
  if (!row) throw notFound('会計年度が見つかりません');
  return row;
}

/**
 * Creates a fiscal year: from `start_date` (default: the day after the latest year, else the year
 * containing today) to the company's year-end month; optionally posts its 期首残高 entry.
 */
export async function createFiscalYear({
  ctx,
  input,
}: {
  ctx: CompanyCtx;
  input: z.output<typeof fiscalYearCreateInput>;
}) {
  return withDbRefusals(() =>
    ctx.db.transaction(async (tx) => {
      const endMonth = await companyYearEndMonth({ ...ctx, db: tx });
      const [latest] = await tx
        .select()
        .from(fiscalYears)
        .where(eq(fiscalYears.company_id, ctx.companyId))
        .orderBy(desc(fiscalYears.end_date))
        .limit(1);
      const start =
        input.start_date ??
        (latest ? addDays(latest.end_date, 1) : fiscalYearContaining(todayInTokyo(), endMonth).from);
      const end = nextYearSpan(addDays(start, -1), endMonth).end_date;
      const [overlap] = await tx
        .select({ id: fiscalYears.id })
        .from(fiscalYears)
        .where(
          and(
            eq(fiscalYears.company_id, ctx.companyId),
            lte(fiscalYears.start_date, end),
            gte(fiscalYears.end_date, start),
          ),
        )
        .limit(1);
      if (overlap) throw unprocessable({ start_date: ['ほかの会計年度と期間が重なっています'] });
      let openingId: number | null = null;
      const opening = (input.opening_balances ?? []).filter((l) => l.debit > 0 || l.credit > 0);
      if (opening.length) {
        const debit = opening.reduce((s, l) => s + l.debit, 0);
        const credit = opening.reduce((s, l) => s + l.credit, 0);
        if (debit !== credit) {
          throw unprocessable({
            opening_balances: [`期首残高の借方合計（${debit}円）と貸方合計（${credit}円）が一致していません`],
          });
        }
        const values: JournalEntryValues = {
          date: start,
          description: '期首残高',
          lines: opening.map((l) => ({
            account_id: l.account_id,
            debit: l.debit,
            credit: l.credit,
            tax_category: 'none',
            customer_id: null,
            memo: null,
          })),
        };
        openingId = (await postEntry({ ...ctx, db: tx }, values, { kind: 'opening', createdBy: ctx.actor.userId })).id;
      }
      const [row] = await tx
        .insert(fiscalYears)
        .values({ company_id: ctx.companyId, start_date: start, end_date: end, opening_entry_id: openingId })
        .returning();
      const dto = toFiscalYear(row);
      await audit(tx, {
        actor: ctx.actor,
        companyId: ctx.companyId,
        action: 'fiscal_year.create',
        targetType: 'fiscal_year',
        targetId: row.id,
        after: dto,
      });
      return dto;
    }),
  );
}

/**
 * Year-end close: a 決算振替 entry (dated the last day) zeroes every revenue and expense account into
 * 繰越利益剰余金; the year is locked; balance-sheet balances carry into the next year (created if missing).
 */
export async function closeFiscalYear({ ctx, input: { id } }: ActionArgs<CompanyCtx, { id: number }>) {
  return withDbRefusals(() =>
    ctx.db.transaction(async (tx) => {
      const fy = await findFy({ ...ctx, db: tx }, id);
      if (fy.status === 'closed') throw unprocessable({ _: ['この会計年度はすでに締められています'] });
      const [earlier] = await tx
        .select({ id: fiscalYears.id })
        .from(fiscalYears)
        .where(
          and(
            eq(fiscalYears.company_id, ctx.companyId),
            eq(fiscalYears.status, 'open'),
            sql`${fiscalYears.end_date} < ${fy.start_date}`,
          ),
        )
        .limit(1);
      if (earlier) throw unprocessable({ _: ['前の会計年度を先に締めてください'] });
      const accounts = await loadAccounts({ ...ctx, db: tx });
      const retained = accounts.find((a) => a.system_key === 'retained_earnings');
      if (!retained) throw unprocessable({ _: ['繰越利益剰余金の勘定科目がありません'] });
      const sums = await sumByAccount({ ...ctx, db: tx }, { to: fy.end_date });
      const lines: JournalEntryValues['lines'] = [];
      let profit = 0;
      for (const a of accounts) {
        if (a.category !== 'revenue' && a.category !== 'expense') continue;
        const d = net(get(sums, a.id));
        if (d === 0) continue;
        profit -= d;
        lines.push({
          account_id: a.id,
          debit: d < 0 ? -d : 0,
          credit: Math.max(d, 0),
          tax_category: 'none',
          customer_id: null,
          memo: null,
        });
      }
      if (profit !== 0) {
        lines.push({
          account_id: retained.id,
          debit: profit < 0 ? -profit : 0,
          credit: Math.max(profit, 0),
          tax_category: 'none',
          customer_id: null,
          memo: '当期純損益の振替',
        });
      }
      // month locks inside the year give way to the year lock
      await tx
        .delete(periodLocks)
        .where(
          and(
            eq(periodLocks.company_id, ctx.companyId),
            gte(periodLocks.start_date, fy.start_date),
            lte(periodLocks.end_date, fy.end_date),
          ),
        );
      let closingId: number | null = null;
      if (lines.length >= 2) {
        const values: JournalEntryValues = {
          date: fy.end_date,
          description: '決算振替（当期純損益を繰越利益剰余金へ）',
          lines,
        };
        closingId = (
          await postEntry({ ...ctx, db: tx }, values, {
            kind: 'closing',
            createdBy: ctx.actor.userId,
            skipChecks: true,
          })
        ).id;
      }
      const [row] = await tx
        .update(fiscalYears)
        .set({
          status: 'closed',
          closed_at: sql`now()`,
          closed_by: ctx.actor.userId,
          closing_entry_id: closingId,
          updated_at: sql`now()`,
        })
        .where(eq(fiscalYears.id, id))
        .returning();
      await tx.insert(periodLocks).values({
        company_id: ctx.companyId,
        kind: 'year',
        start_date: fy.start_date,
        end_date: fy.end_date,
        locked_by: ctx.actor.userId,
      });
      const nextStart = addDays(fy.end_date, 1);
      const [next] = await tx
        .select({ id: fiscalYears.id })
        .from(fiscalYears)
        .where(and(eq(fiscalYears.company_id, ctx.companyId), eq(fiscalYears.start_date, nextStart)));
      if (!next) {
        const endMonth = await companyYearEndMonth({ ...ctx, db: tx });
        await tx
          .insert(fiscalYears)
          .values({
            company_id: ctx.companyId,
            ...nextYearSpan(fy.end_date, endMonth),
          })
          .onConflictDoNothing();
      }
      const dto = toFiscalYear(row);
      await audit(tx, {
        actor: ctx.actor,
        companyId: ctx.companyId,
        action: 'fiscal_year.close',
        targetType: 'fiscal_year',
        targetId: id,
        after: { ...dto, net_income: profit },
      });
      return { ...dto, net_income: profit };
    }),
  );
}

/** Undoes a close (audited): removes the year lock and the closing entry. Later years must be open. */
export async function reopenFiscalYear({ ctx, input: { id } }: ActionArgs<CompanyCtx, { id: number }>) {
  return ctx.db.transaction(async (tx) => {
    const fy = await findFy({ ...ctx, db: tx }, id);
    if (fy.status !== 'closed') throw unprocessable({ _: ['この会計年度は締められていません'] });
    const [later] = await tx
      .select({ id: fiscalYears.id })
      .from(fiscalYears)
      .where(
        and(
          eq(fiscalYears.company_id, ctx.companyId),
          eq(fiscalYears.status, 'closed'),
          sql`${fiscalYears.start_date} > ${fy.end_date}`,
        ),
      )
      .limit(1);
    if (later) throw unprocessable({ _: ['後の会計年度が締められているため、締めを戻せません'] });
    await tx
      .delete(periodLocks)
      .where(
        and(
          eq(periodLocks.company_id, ctx.companyId),
          eq(periodLocks.kind, 'year'),
          eq(periodLocks.start_date, fy.start_date),
        ),
      );
    const [row] = await tx
      .update(fiscalYears)
      .set({ status: 'open', closed_at: null, closed_by: null, closing_entry_id: null, updated_at: sql`now()` })
      .where(eq(fiscalYears.id, id))
      .returning();
    if (fy.closing_entry_id) await tx.delete(journalEntries).where(eq(journalEntries.id, fy.closing_entry_id));
    await audit(tx, {
      actor: ctx.actor,
      companyId: ctx.companyId,
      action: 'fiscal_year.reopen',
      targetType: 'fiscal_year',
      targetId: id,
      before: toFiscalYear(fy),
      after: toFiscalYear(row),
    });
    return toFiscalYear(row);
  });
}
