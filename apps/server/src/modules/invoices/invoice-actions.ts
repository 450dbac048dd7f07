import {
  documentTotals,
  type InvoiceParty,
  type InvoiceValues,
  lineAmount,
  quantityMilli,
  type RateTotal,
  type Rounding,
  type TransactionLineValues,
} from '@chobo/core';
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import {
  customers,
  invoiceLines,
  invoices,
  invoiceTransactions,
  salesTransactionLines,
  salesTransactions,
} from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import { assertFresh } from '../../lib/concurrency.js';
import type { ActionArgs, CompanyCtx, Tenant, Versioned } from '../../lib/context.js';
import { HttpError, notFound, unprocessable } from '../../lib/http-errors.js';
import { queueMail } from '../../lib/mail.js';
import { postDifference, withDbRefusals, withdrawEntry } from '../accounting/posting.js';
import { sqlRows } from '../accounting/sql-rows.js';
import { companyTaxSettings, nextDocumentNumber } from '../transactions/transaction-actions.js';
import { invoiceParties } from './invoice-parties.js';
import { findInvoice, type InvoiceRow, loadInvoice } from './invoices.queries.js';

const NOT_FOUND = '請求書が見つかりません';

type Line = TransactionLineValues & { transaction_id: number | null; date: string | null };

async function billedCustomer(tenant: Tenant, id: number) {
  const [c] = await tenant.db
    .select()
    .from(customers)
    .where(and(eq(customers.id, id), eq(customers.company_id, tenant.companyId), isNull(customers.deleted_at)));
  if (!c) throw unprocessable({ customer_id: ['請求先の顧客が見つかりません'] });
  if (c.used_for === 2) throw unprocessable({ customer_id: ['この顧客は仕入先として登録されています'] });
  return c;
}

/**
 * The sales an invoice bills, checked: this company's, the invoice's customer, not billed by another
 * live (issued / sent / paid) invoice, one tax mode. Locked FOR UPDATE when issuing.
 */
async function billableSales(tenant: Tenant, input: InvoiceValues, opts: { invoiceId?: number; lock?: boolean }) {
  if (input.transaction_ids.length === 0) return { rows: [], lines: [] as Line[] };
  const q = tenant.db
    .select()
    .from(salesTransactions)
    .where(
      and(eq(salesTransactions.company_id, tenant.companyId), inArray(salesTransactions.id, input.transaction_ids)),
    )
    .orderBy(salesTransactions.transaction_date, salesTransactions.number);
  const rows = opts.lock ? await q.for('update') : await q;
  if (rows.length !== input.transaction_ids.length) {
    throw unprocessable({ transaction_ids: ['受注取引が見つかりません'] });
  }
  for (const r of rows) {
    if (r.customer_id !== input.customer_id) {
      throw unprocessable({ transaction_ids: [`受注取引 No.${r.number} は別の顧客の取引です`] });
    }
    if (r.status === 3)
      throw unprocessable({ transaction_ids: [`受注取引 No.${r.number} は回収不能のため請求できません`] });
  }
  if (new Set(rows.map((r) => r.tax_mode)).size > 1) {
    throw unprocessable({ transaction_ids: ['税抜の取引と税込の取引は同じ請求書にまとめられません'] });
  }
  // the invoice this draft corrects may still bill them: it becomes void when this one is issued
  const correcting = opts.invoiceId ? ((await findInvoice(tenant, opts.invoiceId))?.corrects_id ?? null) : null;
  const taken = await tenant.db
    .select({ tx: invoiceTransactions.transaction_id, id: invoices.id, number: invoices.number })
    .from(invoiceTransactions)
    .innerJoin(invoices, eq(invoices.id, invoiceTransactions.invoice_id))
    .where(
      and(
        eq(invoiceTransactions.company_id, tenant.companyId),
        inArray(invoiceTransactions.transaction_id, input.transaction_ids),
        inArray(invoices.status, ['issued', 'sent', 'paid']),
        opts.invoiceId ? ne(invoices.id, opts.invoiceId) : undefined,
      ),
    );
  const clash = taken.find((x) => x.id !== correcting);
  if (clash) {
    const no = rows.find((r) => r.id === clash.tx)?.number;
    throw unprocessable({
      transaction_ids: [`受注取引 No.${no} はすでに請求書 No.${clash.number} で請求されています`],
    });
  }
  const lines = await tenant.db
    .select()
    .from(salesTransactionLines)
    .where(
      and(
        eq(salesTransactionLines.company_id, tenant.companyId),
        inArray(salesTransactionLines.transaction_id, input.transaction_ids),
      ),
    )
    .orderBy(salesTransactionLines.line_no);
  const out: Line[] = [];
  for (const r of rows) {
    for (const l of lines.filter((x) => x.transaction_id === r.id)) {
      out.push({
        transaction_id: r.id,
        date: r.transaction_date,
        product_id: l.product_id,
        description: l.description,
        quantity: l.quantity_milli / 1000,
        unit: l.unit,
        unit_price: l.unit_price,
        tax_category: l.tax_category as Line['tax_category'],
      });
    }
  }
  return { rows, lines: out };
}

/** Writes a draft's lines, links and totals (tax once per invoice per rate over ALL its lines). */
async function writeDraft(tenant: Tenant, invoiceId: number, input: InvoiceValues, rounding: Rounding) {
  const { rows, lines: saleLines } = await billableSales(tenant, input, { invoiceId });
  const mode =
    (rows[0]?.tax_mode as 'exclusive' | 'inclusive' | undefined) ??
    input.tax_mode ??
    (await companyTaxSettings(tenant)).mode;
  const lines: Line[] = [...saleLines, ...input.lines.map((l) => ({ ...l, transaction_id: null, date: null }))];
  const totals = documentTotals(lines, mode, rounding);
  if (totals.total < 0) throw unprocessable({ lines: ['合計金額がマイナスになる請求書は作成できません'] });
  await tenant.db.delete(invoiceLines).where(eq(invoiceLines.invoice_id, invoiceId));
  await tenant.db.delete(invoiceTransactions).where(eq(invoiceTransactions.invoice_id, invoiceId));
  if (lines.length > 0) {
    await tenant.db.insert(invoiceLines).values(
      lines.map((l, i) => ({
        company_id: tenant.companyId,
        invoice_id: invoiceId,
        line_no: i + 1,
        transaction_id: l.transaction_id,
        date: l.date,
        description: l.description,
        quantity_milli: quantityMilli(l.quantity),
        unit: l.unit,
        unit_price: l.unit_price,
        tax_category: l.tax_category,
        amount: lineAmount(l.quantity, l.unit_price),
      })),
    );
  }
  if (rows.length > 0) {
    await tenant.db
      .insert(invoiceTransactions)
      .values(rows.map((r) => ({ company_id: tenant.companyId, invoice_id: invoiceId, transaction_id: r.id })));
  }
  await tenant.db
    .update(invoices)
    .set({ tax_mode: mode, by_rate: totals.by_rate, subtotal: totals.subtotal, tax: totals.tax, total: totals.total })
    .where(eq(invoices.id, invoiceId));
}

const must = async (tenant: Tenant, id: number) => {
  const dto = await loadInvoice(tenant, id);
  if (!dto) throw notFound(NOT_FOUND);
  return dto;
};

export async function createInvoice({ ctx, input }: ActionArgs<CompanyCtx, InvoiceValues & { corrects_id?: number }>) {
  return withDbRefusals(() =>
    ctx.db.transaction(async (tx) => {
      const t = { ...ctx, db: tx };
      await billedCustomer(t, input.customer_id);
      const { rounding, mode } = await companyTaxSettings(t);
      const [row] = await tx
        .insert(invoices)
        .values({
          company_id: ctx.companyId,
          number: await nextDocumentNumber(t, 'invoice'),
          customer_id: input.customer_id,
          issue_date: input.issue_date,
          due_date: input.due_date,
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

function assertDraft(row: InvoiceRow) {
  if (row.status !== 'draft') {
    throw new HttpError(
      409,
      '発行済みの請求書は変更できません。訂正する場合は「訂正」から新しい請求書を作成してください',
    );
  }
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
/** An invoice with payments allocated to it cannot be corrected (voided): the payments would lose it. */
async function assertNoPayments(tenant: Tenant, invoiceId: number) {
  const [row] = await sqlRows<{ n: number }>(
    tenant.db,
    sql`select count(*)::int as n from payment_allocations where company_id = ${tenant.companyId} and invoice_id = ${invoiceId}`,
  );
  if (row && row.n > 0)
    throw unprocessable({
      _: ['入金が消し込まれている請求書は訂正できません。入金管理で消込を外してから訂正してください'],
    });
}

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

/** 訂正: a new draft copying an issued invoice; the old one stays until the new one is issued, then is void. */
export async function correctInvoice({ ctx, input: { id } }: ActionArgs<CompanyCtx, { id: number }>) {
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

/** Mails the issued invoice to the customer with its PDF attached (through the outbox); status → sent. */
export async function sendInvoice({
  ctx,
  input: { id, to },
}: ActionArgs<CompanyCtx, { id: number; to?: string | null }>) {
  const result = await ctx.db.transaction(async (tx) => {
    const t = { ...ctx, db: tx };
    const row = await findInvoice(t, id, { forUpdate: true });
    if (!row) throw notFound(NOT_FOUND);
    if (!['issued', 'sent'].includes(row.status)) throw unprocessable({ _: ['送付できるのは発行済みの請求書です'] });
    const [cust] = await tx.select({ email: customers.email }).from(customers).where(eq(customers.id, row.customer_id));
    const address = to || cust?.email;
    if (!address)
      throw unprocessable({ to: ['送付先のメールアドレスがありません。顧客情報にメールアドレスを登録してください'] });
    const dto = await must(t, id);
    // the PDF code (pdf-lib, fontkit) loads on the first PDF, not at start (ADR 0025)
    const { invoicePdf } = await import('./invoice-pdf.js');
    const pdf = await invoicePdf(t, dto);
    const issuer = dto.issuer?.name ?? '';
    await queueMail(tx, {
      to: address,
      subject: `【請求書】No.${dto.number} ${issuer}`,
      body: [
        `${dto.recipient?.name ?? ''} ${dto.recipient?.honorific ?? ''}`,
        '',
        'いつもお世話になっております。',
        `${issuer}です。`,
        '',
        `請求書 No.${dto.number}（ご請求金額 ${dto.totals.total.toLocaleString('ja-JP')}円${dto.due_date ? `、お支払期限 ${dto.due_date}` : ''}）を添付にてお送りいたします。`,
        'ご確認のほど、よろしくお願いいたします。',
        '',
        issuer,
      ].join('\n'),
      attachments: [{ filename: `請求書_${dto.number}.pdf`, content_type: 'application/pdf', content: pdf }],
    });
    await tx
      .update(invoices)
      .set({ status: 'sent', sent_at: sql`now()`, updated_at: sql`now()` })
      .where(eq(invoices.id, id));
    const after = await must(t, id);
    await audit(tx, {
      actor: ctx.actor,
      companyId: ctx.companyId,
      action: 'invoice.send',
      targetType: 'invoice',
      targetId: id,
      after: { to: address, status: 'sent' },
    });
    return after;
  });
  ctx.deps.mailer.kick();
  return result;
}
