import { eq, sql } from 'drizzle-orm';
import { customers, invoices } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import type { ActionArgs, CompanyCtx } from '../../lib/context.js';
import { notFound, unprocessable } from '../../lib/http-errors.js';
import { queueMail } from '../../lib/mail.js';
import { must, NOT_FOUND } from './invoice-checks.js';
import { findInvoice } from './invoices.queries.js';

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
