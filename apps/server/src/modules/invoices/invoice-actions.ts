import { dueDateFromTerms, type InvoiceValues, type Rounding } from '@chobo/core';
import { and, eq, sql } from 'drizzle-orm';
import { invoices } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import { assertFresh } from '../../lib/concurrency.js';
import type { ActionArgs, CompanyCtx, Versioned } from '../../lib/context.js';
import { notFound, unprocessable } from '../../lib/http-errors.js';
import { withDbRefusals } from '../accounting/posting.js';
import { companyTaxSettings, nextDocumentNumber } from '../transactions/transaction-actions.js';
import { writeDraft } from './invoice-billing.js';
import { assertDraft, assertNoPayments, billedCustomer, must, NOT_FOUND } from './invoice-checks.js';
import { findInvoice, loadInvoice } from './invoices.queries.js';

/** 請求書 drafts: created, edited, corrected (issuing: invoice-issue-actions.ts, re-exported for the seed; mailing: invoice-mail-actions.ts). */
export { issueInvoice } from './invoice-issue-actions.js';

export async function createInvoice({ ctx, input }: ActionArgs<CompanyCtx, InvoiceValues & { corrects_id?: number }>) {
  return withDbRefusals(() =>
    ctx.db.transaction(async (tx) => {
      const t = { ...ctx, db: tx };
      const customer = await billedCustomer(t, input.customer_id);
      const { rounding, mode } = await companyTaxSettings(t);
      const [row] = await tx
        .insert(invoices)
        .values({
          company_id: ctx.companyId,
          number: await nextDocumentNumber(t, 'invoice'),
          customer_id: input.customer_id,
          issue_date: input.issue_date,
          // no 支払期限 given: the customer's 支払条件 give it (a given date always wins)
          due_date: input.due_date ?? dueDateFromTerms(input.issue_date, customer),
          notes: input.notes,
          tax_mode: input.tax_mode ?? mode,
          tax_rounding: rounding,
          corrects_id: input.corrects_id ?? null,
          created_by: ctx.actor.userId,
        })
        .returning();
      await writeDraft(t, row.id, input, rounding);
      const dto = await must(t, row.id);
      await audit(tx, {
        actor: ctx.actor,
        companyId: ctx.companyId,
        action: 'invoice.create',
        targetType: 'invoice',
        targetId: row.id,
        after: dto,
      });
      return dto;
    }),
  );
}

export async function updateInvoice({
  ctx,
  input: { id, updated_at, ...input },
}: ActionArgs<CompanyCtx, InvoiceValues & Versioned>) {
  return withDbRefusals(() =>
    ctx.db.transaction(async (tx) => {
      const t = { ...ctx, db: tx };
      const before = await findInvoice(t, id, { forUpdate: true });
      if (!before) throw notFound(NOT_FOUND);
      assertDraft(before);
      assertFresh(before.updated_at, updated_at, '請求書');
      const beforeDto = await must(t, id);
      await billedCustomer(t, input.customer_id);
      await tx
        .update(invoices)
        .set({
          customer_id: input.customer_id,
          issue_date: input.issue_date,
          due_date: input.due_date,
          notes: input.notes,
          updated_at: sql`now()`,
        })
        .where(and(eq(invoices.id, id), eq(invoices.company_id, ctx.companyId)));
      await writeDraft(t, id, input, before.tax_rounding as Rounding);
      const dto = await must(t, id);
      await audit(tx, {
        actor: ctx.actor,
        companyId: ctx.companyId,
        action: 'invoice.update',
        targetType: 'invoice',
        targetId: id,
        before: beforeDto,
        after: dto,
      });
      return dto;
    }),
  );
}

/** 訂正: a new draft copying an issued invoice; the old one stays until the new one is issued, then is void. */
export async function correctInvoice({ ctx, input: { id } }: ActionArgs<CompanyCtx, { id: number }>) {
  // the old invoice's row is locked first: concurrent 訂正 queue behind it and see the first one's draft
  return ctx.db.transaction(async (tx) => {
    const t = { ...ctx, db: tx };
    if (!(await findInvoice(t, id, { forUpdate: true }))) throw notFound(NOT_FOUND);
    return correctLocked(t, id);
  });
}

async function correctLocked(ctx: CompanyCtx, id: number) {
  const old = await loadInvoice(ctx, id);
  if (!old) throw notFound(NOT_FOUND);
  if (old.status === 'draft' || old.status === 'void') {
    throw unprocessable({ _: ['訂正できるのは発行済みの請求書です'] });
  }
  if (old.corrected_by_id)
    throw unprocessable({ _: [`この請求書には訂正中の請求書 No.${old.corrected_by_id} があります`] });
  await assertNoPayments(ctx, id);
  return createInvoice({
    ctx,
    input: {
      customer_id: old.customer_id,
      transaction_ids: old.transaction_ids,
      lines: old.lines
        .filter((l) => l.transaction_id === null)
        .map((l) => ({
          product_id: null,
          description: l.description,
          quantity: l.quantity,
          unit: l.unit,
          unit_price: l.unit_price,
          tax_category: l.tax_category,
        })),
      issue_date: old.issue_date,
      due_date: old.due_date,
      notes: old.notes,
      tax_mode: old.tax_mode,
      corrects_id: id,
    },
  });
}
