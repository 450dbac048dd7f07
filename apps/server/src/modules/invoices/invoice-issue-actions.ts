import type { InvoiceParty, RateTotal } from '@chobo/core';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { invoices, invoiceTransactions, salesTransactions } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import type { ActionArgs, CompanyCtx, Tenant } from '../../lib/context.js';
import { notFound, unprocessable } from '../../lib/http-errors.js';
import { postDifference, withDbRefusals, withdrawEntry } from '../accounting/posting.js';
import { billableSales } from './invoice-billing.js';
import { assertDraft, assertNoPayments, must, NOT_FOUND } from './invoice-checks.js';
import { invoiceParties } from './invoice-parties.js';
import { findInvoice, type InvoiceRow } from './invoices.queries.js';

/** 発行: the issuer's and recipient's snapshots, the invoice's own posting, its sales 請求済; a correction voids the old one. */

async function snapshots(
  tenant: Tenant,
  customerId: number,
): Promise<{ issuer: InvoiceParty; recipient: InvoiceParty }> {
  const parties = await invoiceParties(tenant, customerId);
  if (!parties.issuer.registration_number) {
    throw unprocessable({ _: ['適格請求書を発行するには、会社情報に登録番号（T＋13桁）を設定してください'] });
  }
  return parties;
}

/** The invoice's own posting: what it bills beyond its sales' postings (free lines, the per-invoice tax rounding). */
function difference(invoice: InvoiceRow, sales: (typeof salesTransactions.$inferSelect)[]): RateTotal[] {
  const sum = new Map<string, { base: number; tax: number }>();
  for (const r of invoice.by_rate as RateTotal[]) sum.set(r.tax_category, { base: r.base, tax: r.tax });
  for (const s of sales) {
    for (const r of s.by_rate as RateTotal[]) {
      const cur = sum.get(r.tax_category) ?? { base: 0, tax: 0 };
      sum.set(r.tax_category, { base: cur.base - r.base, tax: cur.tax - r.tax });
    }
  }
  return [...sum.entries()]
    .map(([tax_category, v]) => ({ tax_category: tax_category as RateTotal['tax_category'], ...v }))
    .filter((r) => r.base !== 0 || r.tax !== 0);
}

/** Voids an issued invoice replaced by a correction: its own posting withdrawn, its sales freed unless re-billed. */
async function voidInvoice(tenant: Tenant, old: InvoiceRow, keepSales: Set<number>, userId: number | null) {
  await assertNoPayments(tenant, old.id);
  if (old.journal_entry_id) await withdrawEntry(tenant, old.journal_entry_id, userId);
  await tenant.db
    .update(invoices)
    .set({ status: 'void', voided_at: sql`now()`, journal_entry_id: null, updated_at: sql`now()` })
    .where(eq(invoices.id, old.id));
  const links = await tenant.db.select().from(invoiceTransactions).where(eq(invoiceTransactions.invoice_id, old.id));
  const freed = links.map((l) => l.transaction_id).filter((id) => !keepSales.has(id));
  if (freed.length > 0) {
    await tenant.db
      .update(salesTransactions)
      .set({ status: 0, updated_at: sql`now()` })
      .where(
        and(
          eq(salesTransactions.company_id, tenant.companyId),
          inArray(salesTransactions.id, freed),
          eq(salesTransactions.status, 1),
        ),
      );
  }
}

/** Issues a draft: snapshots taken, it becomes immutable, its sales become 請求済; a correction voids the old one. */
export async function issueInvoice({ ctx, input: { id } }: ActionArgs<CompanyCtx, { id: number }>) {
  return withDbRefusals(() =>
    ctx.db.transaction(async (tx) => {
      const t = { ...ctx, db: tx };
      const row = await findInvoice(t, id, { forUpdate: true });
      if (!row) throw notFound(NOT_FOUND);
      assertDraft(row);
      const draft = await must(t, id);
      if (draft.lines.length === 0) throw unprocessable({ lines: ['明細のない請求書は発行できません'] });
      // re-check the sales under lock: none may have been billed by another invoice since the draft was saved
      const { rows: sales } = await billableSales(
        t,
        {
          customer_id: row.customer_id,
          transaction_ids: draft.transaction_ids,
          lines: [],
          issue_date: row.issue_date,
          due_date: row.due_date,
          notes: row.notes,
        },
        { invoiceId: id, lock: true },
      );
      const { issuer, recipient } = await snapshots(t, row.customer_id);
      let old: InvoiceRow | undefined;
      if (row.corrects_id) {
        old = await findInvoice(t, row.corrects_id, { forUpdate: true });
        if (!old || old.status === 'void' || old.status === 'draft') {
          throw unprocessable({ _: ['訂正元の請求書が発行済みではありません'] });
        }
        await voidInvoice(t, old, new Set(draft.transaction_ids), ctx.actor.userId);
      }
      const entryId = await postDifference(t, {
        date: row.issue_date,
        customerId: row.customer_id,
        description: `請求書 No.${row.number} ${recipient.name}`,
        byRate: difference(row, sales),
        source: { type: 'invoice', id },
        userId: ctx.actor.userId,
      });
      await tx
        .update(invoices)
        .set({
          status: 'issued',
          issuer,
          recipient,
          issued_at: sql`now()`,
          journal_entry_id: entryId,
          updated_at: sql`now()`,
        })
        .where(eq(invoices.id, id));
      if (sales.length > 0) {
        await tx
          .update(salesTransactions)
          .set({ status: 1, updated_at: sql`now()` })
          .where(
            and(
              eq(salesTransactions.company_id, ctx.companyId),
              inArray(
                salesTransactions.id,
                sales.map((s) => s.id),
              ),
              eq(salesTransactions.status, 0),
            ),
          );
      }
      const dto = await must(t, id);
      await audit(tx, {
        actor: ctx.actor,
        companyId: ctx.companyId,
        action: 'invoice.issue',
        targetType: 'invoice',
        targetId: id,
        before: draft,
        after: dto,
      });
      return dto;
    }),
  );
}
