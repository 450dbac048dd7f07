import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  invoices,
  invoiceTransactions,
  paymentAllocations,
  payments,
  salesTransactions,
  transactionDocuments,
} from '../../db/schema/index.js';
import type { Tenant } from '../../lib/context.js';
import type { Target } from './payment-allocations.js';

/**
 * Sets each touched document's status from its allocations: fully covered → 入金済 (invoice 'paid' and its
 * sales 2) / 支払済 (1); no longer covered → reopened (invoice 'sent' or 'issued', its sales 1; sale 0;
 * document 0).
 */
export async function syncStatuses(tenant: Tenant, touched: { target: Target; id: number }[]) {
  const c = tenant.companyId;
  const sumOf = async (target: Target, id: number) => {
    const [r] = await tenant.db
      .select({
        sum: sql<string>`coalesce(sum(${paymentAllocations.amount}), 0)`,
        last: sql<string | null>`max(${payments.date})`,
      })
      .from(paymentAllocations)
      .innerJoin(payments, eq(payments.id, paymentAllocations.payment_id))
      .where(and(eq(paymentAllocations.company_id, c), eq(paymentAllocations[target], id)));
    return { sum: Number(r.sum), last: r.last };
  };
  const seen = new Set<string>();
  for (const { target, id } of touched) {
    const k = `${target}:${id}`;
    if (seen.has(k)) continue;
    seen.add(k);
    const { sum, last } = await sumOf(target, id);
    if (target === 'invoice_id') {
      const [inv] = await tenant.db
        .select()
        .from(invoices)
        .where(and(eq(invoices.id, id), eq(invoices.company_id, c)));
      if (!inv || inv.status === 'void' || inv.status === 'draft') continue;
      const paid = sum >= inv.total;
      if (paid === (inv.status === 'paid')) continue;
      await tenant.db
        .update(invoices)
        .set(
          paid
            ? { status: 'paid', paid_at: new Date(`${last}T00:00:00+09:00`), updated_at: sql`now()` }
            : { status: inv.sent_at ? 'sent' : 'issued', paid_at: null, updated_at: sql`now()` },
        )
        .where(and(eq(invoices.id, id), eq(invoices.company_id, c)));
      const links = await tenant.db
        .select({ id: invoiceTransactions.transaction_id })
        .from(invoiceTransactions)
        .where(and(eq(invoiceTransactions.invoice_id, id), eq(invoiceTransactions.company_id, c)));
      if (links.length)
        await tenant.db
          .update(salesTransactions)
          .set({ status: paid ? 2 : 1, updated_at: sql`now()` })
          .where(
            and(
              eq(salesTransactions.company_id, c),
              inArray(
                salesTransactions.id,
                links.map((l) => l.id),
              ),
              inArray(salesTransactions.status, paid ? [1] : [2]),
            ),
          );
    } else if (target === 'transaction_id') {
      const [t] = await tenant.db
        .select()
        .from(salesTransactions)
        .where(and(eq(salesTransactions.id, id), eq(salesTransactions.company_id, c)));
      if (!t || t.status === 3) continue;
      const paid = sum >= t.total;
      if (paid === (t.status === 2)) continue;
      // a sale billed by an invoice is settled through it (the invoice's branch above sets its status)
      if (!paid && t.status === 1) continue;
      await tenant.db
        .update(salesTransactions)
        .set({ status: paid ? 2 : 0, updated_at: sql`now()` })
        .where(and(eq(salesTransactions.id, id), eq(salesTransactions.company_id, c)));
    } else {
      const [d] = await tenant.db
        .select()
        .from(transactionDocuments)
        .where(and(eq(transactionDocuments.id, id), eq(transactionDocuments.company_id, c)));
      if (!d) continue;
      const paid = sum >= d.amount;
      if (paid === (d.status === 1)) continue;
      await tenant.db
        .update(transactionDocuments)
        .set({ status: paid ? 1 : 0, updated_at: sql`now()` })
        .where(and(eq(transactionDocuments.id, id), eq(transactionDocuments.company_id, c)));
    }
  }
}
