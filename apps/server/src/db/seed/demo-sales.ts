/**
 * Demo sales of the demo company: every month, about ten 受注取引 of its customers with its products (10%
 * and 8% items, a discount now and then), posted to the books by the same actions as the screens; at
 * month end one 合計請求書 per customer (one invoice per delivery for the customer that asks for it), issued and sent; collected next month by payments (demo-payments.ts).
 * Twice a year an invoice is corrected (void and replaced). The books stay consistent because every
 * posting is made by createTransaction / issueInvoice.
 */
import type { TransactionValues } from '@chobo/core';
import { and, eq, ne } from 'drizzle-orm';
import type { CompanyCtx } from '../../lib/context.js';
import type { prng } from '../../modules/accounting/journal-generator.js';
import { correctInvoice, createInvoice, issueInvoice } from '../../modules/invoices/invoice-actions.js';
import { createTransaction } from '../../modules/transactions/transaction-actions.js';
import { customers, invoices, products } from '../schema/index.js';

type Rng = ReturnType<typeof prng>;

export interface DemoSalesMonth {
  /** Sum of the issued invoices' totals (what the customers owe for this month). */
  billed: number;
  invoiceIds: number[];
}

export async function demoSalesCatalog(ctx: CompanyCtx) {
  const buyers = await ctx.db
    .select({ id: customers.id, name: customers.name })
    .from(customers)
    .where(and(eq(customers.company_id, ctx.companyId), ne(customers.used_for, 2)))
    .orderBy(customers.id)
    .limit(8);
  const goods = await ctx.db
    .select()
    .from(products)
    .where(and(eq(products.company_id, ctx.companyId), eq(products.is_active, true)))
    .orderBy(products.id);
  return {
    buyers,
    goods: goods.filter((p) => p.unit_price > 0 && (p.tax_category === '10' || p.tax_category === '8')),
  };
}

export async function demoSalesMonth(
  ctx: CompanyCtx,
  catalog: Awaited<ReturnType<typeof demoSalesCatalog>>,
  rng: Rng,
  month: { d: (day: number) => string; last: string; today: string; correct: boolean },
): Promise<DemoSalesMonth> {
  const { buyers, goods } = catalog;
  if (buyers.length === 0 || goods.length === 0) return { billed: 0, invoiceIds: [] };
  const byCustomer = new Map<number, number[]>();
  // numbered in date order, as a person enters them
  const dates = Array.from({ length: 12 }, () => month.d(rng.int(1, 28))).sort();
  const dueOf = (date: string) => {
    const [y, m] = date.split('-').map(Number);
    return new Date(Date.UTC(y, m + 1, 0)).toISOString().slice(0, 10);
  };
  for (let i = 0; i < dates.length; i++) {
    const date = dates[i];
    if (date > month.today) continue;
    const buyer = buyers[i % Math.min(buyers.length, 5)];
    const lines: TransactionValues['lines'] = [];
    for (let k = rng.int(2, 5); k > 0; k--) {
      const p = rng.pick(goods);
      lines.push({
        product_id: p.id,
        description: p.name,
        quantity: p.unit_price >= 10_000 ? rng.int(3, 30) : p.unit_price >= 1_000 ? rng.int(20, 200) : rng.int(50, 400),
        unit: p.unit,
        unit_price: p.unit_price,
        tax_category: p.tax_category as '10' | '8',
      });
    }
    if (rng.int(1, 6) === 1) {
      lines.push({
        product_id: null,
        description: '出精値引き',
        quantity: 1,
        unit: '式',
        unit_price: -rng.int(1, 5) * 1000,
        tax_category: '10',
      });
    }
    const t = await createTransaction({
      ctx,
      input: {
        customer_id: buyer.id,
        transaction_date: date,
        due_date: dueOf(date),
        subject: `${date.slice(5, 7).replace(/^0/, '')}月 納品分`,
        payment_method: rng.int(1, 8) === 1 ? 4 : 1,
        status: 0,
        memo: null,
        tax_mode: 'exclusive',
        lines,
      },
    });
    byCustomer.set(buyer.id, [...(byCustomer.get(buyer.id) ?? []), t.id]);
  }
  // month-end 合計請求書 per customer, issued and sent (not for the month still running)
  if (month.last > month.today) return { billed: 0, invoiceIds: [] };
  const due = (() => {
    const [y, m] = month.last.split('-').map(Number);
    return new Date(Date.UTC(y, m + 1, 0)).toISOString().slice(0, 10);
  })();
  let billed = 0;
  const invoiceIds: number[] = [];
  let first = true;
  // the third customer asks for one invoice per delivery (都度請求), issued at month end with the others
  const perDelivery = buyers[2]?.id;
  const bills: [number, number[]][] = [...byCustomer].flatMap(([customerId, ids]): [number, number[]][] =>
    customerId === perDelivery ? ids.map((id): [number, number[]] => [customerId, [id]]) : [[customerId, ids]],
  );
  for (const [customerId, ids] of bills) {
    const draft = await createInvoice({
      ctx,
      input: {
        customer_id: customerId,
        transaction_ids: ids,
        lines: [],
        issue_date: month.last,
        due_date: due,
        notes: 'お振込手数料は貴社にてご負担ください。',
      },
    });
    let inv = await issueInvoice({ ctx, input: { id: draft.id } });
    if (month.correct && first) {
      // a correction: the shipping fee was forgotten; the first invoice becomes void
      const fix = await correctInvoice({ ctx, input: { id: inv.id } });
      await createInvoiceFix(ctx, fix.id, fix.updated_at);
      inv = await issueInvoice({ ctx, input: { id: fix.id } });
    }
    first = false;
    await ctx.db
      .update(invoices)
      .set({ status: 'sent', sent_at: new Date(`${month.last}T09:00:00+09:00`) })
      .where(eq(invoices.id, inv.id));
    billed += inv.totals.total;
    invoiceIds.push(inv.id);
  }
  return { billed, invoiceIds };
}

async function createInvoiceFix(ctx: CompanyCtx, id: number, updatedAt: string) {
  const { updateInvoice } = await import('../../modules/invoices/invoice-actions.js');
  const { loadInvoice } = await import('../../modules/invoices/invoices.queries.js');
  const draft = await loadInvoice(ctx, id);
  if (!draft) return;
  await updateInvoice({
    ctx,
    input: {
      id,
      updated_at: updatedAt,
      customer_id: draft.customer_id,
      transaction_ids: draft.transaction_ids,
      lines: [
        {
          product_id: null,
          description: '配送料（訂正により追加）',
          quantity: 1,
          unit: '式',
          unit_price: 1_500,
          tax_category: '10',
        },
      ],
      issue_date: draft.issue_date,
      due_date: draft.due_date,
      notes: '先日お送りした請求書に配送料の記載漏れがありました。本書にて訂正いたします。',
    },
  });
}
