import {
  DEFAULT_INVOICE_MAIL_TEMPLATE,
  fillInvoiceMail,
  type InvoiceMailTemplate,
  type InvoiceMailTemplateInput,
  type InvoiceSendInput,
  invoiceMailFields,
} from '@chobo/core';
import { eq, sql } from 'drizzle-orm';
import { companies, customers, invoices } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import type { ActionArgs, CompanyCtx, Tenant } from '../../lib/context.js';
import { notFound, unprocessable } from '../../lib/http-errors.js';
import { queueMail } from '../../lib/mail.js';
import { must, NOT_FOUND } from './invoice-checks.js';
import { invoiceUbl } from './invoice-ubl.js';
import { findInvoice } from './invoices.queries.js';

/** The company's 請求書メールのひな形 (件名・本文 with placeholders), or the default until one is saved. */
export async function loadInvoiceMailTemplate({ db, companyId }: Tenant): Promise<InvoiceMailTemplate> {
  const [row] = await db
    .select({ subject: companies.invoice_mail_subject, body: companies.invoice_mail_body })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!row?.subject || !row.body) return { ...DEFAULT_INVOICE_MAIL_TEMPLATE, is_default: true };
  return { subject: row.subject, body: row.body, is_default: false };
}

/** Saves the company's template (validated by invoiceMailTemplateInput: known placeholders only), audited. */
export async function saveInvoiceMailTemplate({ ctx, input }: ActionArgs<CompanyCtx, InvoiceMailTemplateInput>) {
  return ctx.db.transaction(async (tx) => {
    const t = { ...ctx, db: tx };
    const before = await loadInvoiceMailTemplate(t);
    await tx
      .update(companies)
      .set({ invoice_mail_subject: input.subject, invoice_mail_body: input.body, updated_at: sql`now()` })
      .where(eq(companies.id, ctx.companyId));
    await audit(tx, {
      actor: ctx.actor,
      companyId: ctx.companyId,
      action: 'company.invoice_mail_template',
      targetType: 'company',
      targetId: ctx.companyId,
      before: { subject: before.subject, body: before.body },
      after: { subject: input.subject, body: input.body },
    });
    return loadInvoiceMailTemplate(t);
  });
}

/**
 * Mails the issued invoice with its PDF attached — and its e-invoice XML with `attach_xml` — (through the
 * outbox); status → sent. To defaults to the
 * customer's address; 件名 and 本文 to the company's template; their placeholders are filled with the invoice's
 * fields here (the dialog's preview fills them with the same core function).
 */
export async function sendInvoice({ ctx, input }: ActionArgs<CompanyCtx, { id: number } & InvoiceSendInput>) {
  const { id, to, cc = [], bcc = [] } = input;
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
    const template = await loadInvoiceMailTemplate(t);
    const fields = invoiceMailFields(dto);
    const subject = fillInvoiceMail(input.subject ?? template.subject, fields);
    if (subject.length > 255)
      throw unprocessable({ subject: ['差し込み後の件名が255文字を超えます。短くしてください'] });
    const body = fillInvoiceMail(input.body ?? template.body, fields);
    // the PDF code (pdf-lib, fontkit) loads on the first PDF, not at start (ADR 0025)
    const { invoicePdf } = await import('./invoice-pdf.js');
    const pdf = await invoicePdf(t, dto);
    const attachments = [{ filename: `請求書_${dto.number}.pdf`, content_type: 'application/pdf', content: pdf }];
    if (input.attach_xml) {
      const xml = Buffer.from(await invoiceUbl(t, dto), 'utf8');
      attachments.push({ filename: `請求書_${dto.number}.xml`, content_type: 'application/xml', content: xml });
    }
    await queueMail(tx, { to: address, cc, bcc, subject, body, attachments });
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
      after: { to: address, cc, bcc, subject, status: 'sent', attach_xml: input.attach_xml === true },
    });
    return after;
  });
  ctx.deps.mailer.kick();
  return result;
}
