/**
 * 請求書メール (issue 33): POST /api/invoices/:id/send with 件名・本文 from the company's template (placeholders
 * filled with the invoice's fields), CC/BCC validated and kept in the mail log, the template saved and audited; and
 * the invoice's 入金履歴 (GET /api/invoices/:id/payments).
 */
import { DEFAULT_INVOICE_MAIL_TEMPLATE } from '@chobo/core';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLogs, companies, mailLog } from '../../db/schema/index.js';
import { newCustomer } from '../../test/factories.js';
import { type Client, companyOwner, useTestApp } from '../../test/harness.js';

const ctx = useTestApp();

/** A company able to issue, a customer with an address, and an issued invoice of 50,000 + 10%. */
async function issuedInvoice() {
  const o = await companyOwner(ctx);
  await ctx.db
    .update(companies)
    .set({ name: '株式会社みなと工房', registration_number: 'T7000012050002' })
    .where(eq(companies.id, o.company.id));
  const customer = await newCustomer(o.api, {
    name: '北浜商店株式会社',
    honorific: '御中',
    used_for: 1,
    email: 'keiri@kitahama.example.jp',
  });
  const draft = (
    await o.api.post('/api/invoices', {
      customer_id: customer.id,
      issue_date: '2026-05-31',
      due_date: '2026-06-30',
      lines: [{ description: '設計作業', quantity: 1, unit_price: 50_000, tax_category: '10' }],
    })
  ).json().data;
  const issued = await o.api.post(`/api/invoices/${draft.id}/issue`);
  expect(issued.statusCode, issued.body).toBe(200);
  return { o, customerId: customer.id as number, invoice: issued.json().data as { id: number; number: number } };
}

const lastMail = async () => (await ctx.db.select().from(mailLog).orderBy(desc(mailLog.id)).limit(1))[0]!;

const send = (api: Client, id: number, body: Record<string, unknown>) => api.post(`/api/invoices/${id}/send`, body);

describe('POST /api/invoices/:id/send: 件名・本文・CC/BCC', () => {
  it('without a body: the default template filled with the invoice (取引先名, 番号, 金額, 期限, 会社名)', async () => {
    const { o, invoice } = await issuedInvoice();
    const res = await send(o.api, invoice.id, {});
    expect(res.statusCode, res.body).toBe(200);
    const mail = await lastMail();
    expect(mail.to).toBe('keiri@kitahama.example.jp');
    expect(mail.subject).toBe(`【請求書】No.${invoice.number} 株式会社みなと工房`);
    expect(mail.body).toContain('北浜商店株式会社 御中');
    expect(mail.body).toContain(`請求書 No.${invoice.number}（ご請求金額 55,000円、お支払期限 2026年6月30日）`);
    expect(mail.body).not.toMatch(/\{[^}]+\}/);
    expect([mail.cc, mail.bcc]).toEqual([null, null]);
    const att = mail.attachments as { filename: string; content_base64: string }[];
    expect(att[0]!.filename).toBe(`請求書_${invoice.number}.pdf`);
    expect(Buffer.from(att[0]!.content_base64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('the subject, body, CC and BCC the dialog sends: filled, kept in the mail log, audited', async () => {
    const { o, invoice } = await issuedInvoice();
    const res = await send(o.api, invoice.id, {
      to: 'tanaka@kitahama.example.jp',
      cc: ['eigyo@minato.example.jp'],
      bcc: ['archive@minato.example.jp', 'boss@minato.example.jp'],
      subject: '{請求書番号}番のご請求（{取引先名}様）',
      body: '{取引先名}\nご請求金額は{請求金額}です。\n{会社名}',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('sent');
    const mail = await lastMail();
    expect(mail).toMatchObject({
      to: 'tanaka@kitahama.example.jp',
      cc: 'eigyo@minato.example.jp',
      bcc: 'archive@minato.example.jp, boss@minato.example.jp',
      subject: `${invoice.number}番のご請求（北浜商店株式会社 御中様）`,
      body: '北浜商店株式会社 御中\nご請求金額は55,000円です。\n株式会社みなと工房',
    });
    const [row] = await ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.company_id, o.company.id), eq(auditLogs.action, 'invoice.send')))
      .orderBy(desc(auditLogs.id))
      .limit(1);
    expect(row!.after).toMatchObject({
      to: 'tanaka@kitahama.example.jp',
      cc: ['eigyo@minato.example.jp'],
      bcc: ['archive@minato.example.jp', 'boss@minato.example.jp'],
    });
  });

  it('a bad address, an unknown placeholder or an empty subject: Japanese 422, nothing queued, still issued', async () => {
    const { o, invoice } = await issuedInvoice();
    const before = (await ctx.db.select().from(mailLog)).length;
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ cc: ['eigyo@minato'] }, 'cc.0', /メールアドレスの形式が正しくありません/],
      [{ bcc: ['ok@minato.example.jp', 'not an address'] }, 'bcc.1', /メールアドレスの形式が正しくありません/],
      [{ to: 'tanaka＠kitahama.example.jp' }, 'to', /メールアドレスの形式が正しくありません/],
      [{ subject: '{取引先} 様' }, 'subject', /使えない差し込み項目があります/],
      [{ subject: '  ' }, 'subject', /件名を入力してください/],
      [{ subject: '件名\n二行目' }, 'subject', /改行/],
      [{ cc: Array.from({ length: 11 }, (_, i) => `c${i}@minato.example.jp`) }, 'cc', /10件まで/],
    ];
    for (const [body, field, message] of cases) {
      const res = await send(o.api, invoice.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors[field]?.join(' '), `${JSON.stringify(body)} → ${res.body}`).toMatch(message);
    }
    expect((await ctx.db.select().from(mailLog)).length).toBe(before);
    expect((await o.api.get(`/api/invoices/${invoice.id}`)).json().data.status).toBe('issued');
    // another company's invoice is not found
    const other = await companyOwner(ctx);
    expect((await send(other.api, invoice.id, {})).statusCode).toBe(404);
  });
});

describe('/api/company/invoice-mail-template', () => {
  it('the default until saved; a saved template is what the next mail uses; saving is audited and validated', async () => {
    const { o, invoice } = await issuedInvoice();
    const initial = (await o.api.get('/api/company/invoice-mail-template')).json().data;
    expect(initial).toEqual({ ...DEFAULT_INVOICE_MAIL_TEMPLATE, is_default: true });

    const bad = await o.api.put('/api/company/invoice-mail-template', { subject: '{番号}', body: '' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['body', 'subject']);

    const template = { subject: '請求書{請求書番号}／{会社名}', body: '{取引先名}\n支払期限：{支払期限}' };
    const saved = await o.api.put('/api/company/invoice-mail-template', template);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toEqual({ ...template, is_default: false });
    const audited = await ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.company_id, o.company.id), eq(auditLogs.action, 'company.invoice_mail_template')));
    expect(audited).toHaveLength(1);

    expect((await send(o.api, invoice.id, {})).statusCode).toBe(200);
    const mail = await lastMail();
    expect(mail.subject).toBe(`請求書${invoice.number}／株式会社みなと工房`);
    expect(mail.body).toBe('北浜商店株式会社 御中\n支払期限：2026年6月30日');
    // one company's template is not another's
    const other = await companyOwner(ctx);
    expect((await other.api.get('/api/company/invoice-mail-template')).json().data.is_default).toBe(true);
  });
});

describe('GET /api/invoices/:id/payments (入金履歴)', () => {
  it('the payments allocated to the invoice, oldest first, with the fee; another company gets 404', async () => {
    const { o, customerId, invoice } = await issuedInvoice();
    expect((await o.api.get(`/api/invoices/${invoice.id}/payments`)).json().data).toEqual([]);
    const pay = async (date: string, amount: number, fee: number) => {
      const res = await o.api.post('/api/payments', {
        direction: 'in',
        date,
        customer_id: customerId,
        amount,
        fee,
        fee_bearer: 'us',
        allocations: [{ invoice_id: invoice.id, amount: amount + fee }],
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data.id as number;
    };
    const second = await pay('2026-06-20', 24_560, 440);
    const first = await pay('2026-06-10', 30_000, 0);
    const history = (await o.api.get(`/api/invoices/${invoice.id}/payments`)).json().data;
    expect(history).toEqual([
      { payment_id: first, date: '2026-06-10', amount: 30_000, fee: 0, fee_bearer: 'us', payment_amount: 30_000 },
      { payment_id: second, date: '2026-06-20', amount: 25_000, fee: 440, fee_bearer: 'us', payment_amount: 24_560 },
    ]);
    const other = await companyOwner(ctx);
    expect((await other.api.get(`/api/invoices/${invoice.id}/payments`)).statusCode).toBe(404);
  });
});
