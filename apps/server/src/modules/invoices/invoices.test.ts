import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { companies, mailLog } from '../../db/schema/index.js';
import { newCustomer } from '../../test/factories.js';
import { type Client, companyOwner, useTestApp } from '../../test/harness.js';
import { darkPixelsOnFirstPage } from '../../test/pdf-pixels.js';

const ctx = useTestApp();

const hasPoppler = (() => {
  try {
    execFileSync('pdftoppm', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

async function setup() {
  const o = await companyOwner(ctx);
  await ctx.db
    .update(companies)
    .set({
      name: '株式会社サンプル商事',
      registration_number: 'T7000012050002',
      postal_code: '1000005',
      prefecture_code: '13',
      address1: '千代田区丸の内1-1-1',
      tel: '03-1234-5678',
      bank_accounts: [
        {
          bank_name: 'みずほ銀行',
          branch_name: '丸の内支店',
          account_type: '普通',
          account_number: '1234567',
          account_holder: 'カ）サンプルショウジ',
        },
      ],
    })
    .where(eq(companies.id, o.company.id));
  const customer = await newCustomer(o.api, {
    name: '髙﨑食品株式会社',
    honorific: '御中',
    used_for: 1,
    email: 'keiri@takasaki.example.jp',
    postal_code: '530-0001',
    prefecture_code: '27',
    address1: '大阪市北区梅田1-2-3',
  });
  return { o, customerId: customer.id as number };
}

const sale = async (api: Client, customerId: number, lines: Record<string, unknown>[], date = '2026-05-10') => {
  const res = await api.post('/api/transactions', {
    customer_id: customerId,
    transaction_date: date,
    subject: '納品',
    lines,
  });
  expect(res.statusCode).toBe(201);
  return res.json().data;
};
/** A draft invoice of one sale of `amount` (10%), dated 2026-05-31. */
const invoiceOfOneSale = async (api: Client, customerId: number, amount: number) => {
  const s = await sale(api, customerId, [l(amount)]);
  const res = await api.post('/api/invoices', {
    customer_id: customerId,
    transaction_ids: [s.id],
    issue_date: '2026-05-31',
  });
  return res.json().data;
};

const l = (unit_price: number, tax_category = '10', description = '商品', quantity = 1) => ({
  description,
  quantity,
  unit: '個',
  unit_price,
  tax_category,
});

describe('請求書', () => {
  it('a 合計請求書 taxes all its lines once per rate, not the sum of its sales’ rounded taxes, and posts the difference', async () => {
    const { o, customerId } = await setup();
    const sales = [];
    for (const d of ['2026-05-01', '2026-05-08', '2026-05-15']) sales.push(await sale(o.api, customerId, [l(105)], d));
    expect(sales.map((s) => s.totals.tax)).toEqual([10, 10, 10]);
    const draft = await o.api.post('/api/invoices', {
      customer_id: customerId,
      transaction_ids: sales.map((s) => s.id),
      lines: [l(500, '8', '焼き菓子（軽減）')],
      issue_date: '2026-05-31',
      due_date: '2026-06-30',
      notes: '毎度ありがとうございます。',
    });
    expect(draft.statusCode, draft.body).toBe(201);
    const inv = draft.json().data;
    expect(inv.status).toBe('draft');
    expect(inv.totals.by_rate).toEqual([
      { tax_category: '10', base: 315, tax: 31 },
      { tax_category: '8', base: 500, tax: 40 },
    ]);
    expect(inv.lines).toHaveLength(4);

    const issued = await o.api.post(`/api/invoices/${inv.id}/issue`);
    expect(issued.statusCode).toBe(200);
    const i = issued.json().data;
    expect(i.status).toBe('issued');
    expect(i.issuer).toMatchObject({ name: '株式会社サンプル商事', registration_number: 'T7000012050002' });
    expect(i.recipient).toMatchObject({ name: '髙﨑食品株式会社', honorific: '御中' });
    // the sales are 請求済; the books carry what the invoice bills: 31 (not 30) + the free 8% line
    for (const s of sales) expect((await o.api.get(`/api/transactions/${s.id}`)).json().data.status).toBe(1);
    const entry = (await o.api.get(`/api/accountings/${i.journal_entry_id}`)).json().data;
    expect(entry.source_type).toBe('invoice');
    expect(entry.total).toBe(1 + 500 + 40);
    const tb = (await o.api.get('/api/company/trial-balance?from=2026-04-01&to=2027-03-31&format=json')).json().data
      .rows;
    const code = (c: string) => tb.find((r: { code: string }) => r.code === c);
    expect(code('1220').debit - code('1220').credit).toBe(i.totals.total);
    expect(code('2210').credit - code('2210').debit).toBe(i.totals.tax);

    // issued = immutable; a sale already billed cannot go onto another invoice
    expect(
      (
        await o.api.put(`/api/invoices/${i.id}`, {
          ...inv,
          transaction_ids: [],
          lines: [l(1)],
          updated_at: i.updated_at,
        })
      ).statusCode,
    ).toBe(409);
    const again = await o.api.post('/api/invoices', {
      customer_id: customerId,
      transaction_ids: [sales[0].id],
      issue_date: '2026-06-01',
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toContain('すでに請求書');
    // and an invoiced sale cannot be deleted
    expect((await o.api.delete(`/api/transactions/${sales[0].id}`)).statusCode).toBe(422);
  });

  it('two drafts billing the same sale: the second one cannot be issued', async () => {
    const { o, customerId } = await setup();
    const s1 = await sale(o.api, customerId, [l(1000)]);
    const draft = { customer_id: customerId, transaction_ids: [s1.id], issue_date: '2026-05-31' };
    const d1 = (await o.api.post('/api/invoices', draft)).json().data;
    const d2 = (await o.api.post('/api/invoices', draft)).json().data;
    expect((await o.api.post(`/api/invoices/${d1.id}/issue`)).statusCode).toBe(200);
    const clash = await o.api.post(`/api/invoices/${d2.id}/issue`);
    expect(clash.statusCode).toBe(422);
    expect(clash.json().message).toContain(`請求書 No.${d1.number}`);
    expect((await o.api.get(`/api/invoices/${d2.id}`)).json().data.status).toBe('draft');
  });

  it('correcting: the new draft replaces the old when issued; the old becomes void and both stay', async () => {
    const { o, customerId } = await setup();
    const a = await sale(o.api, customerId, [l(10000)]);
    const b = await sale(o.api, customerId, [l(20000)]);
    const inv = (
      await o.api.post('/api/invoices', {
        customer_id: customerId,
        transaction_ids: [a.id, b.id],
        issue_date: '2026-05-31',
      })
    ).json().data;
    const issued = (await o.api.post(`/api/invoices/${inv.id}/issue`)).json().data;
    const corr = await o.api.post(`/api/invoices/${inv.id}/correct`);
    expect(corr.statusCode).toBe(201);
    const draft = corr.json().data;
    expect(draft).toMatchObject({ status: 'draft', corrects_id: inv.id, transaction_ids: [a.id, b.id] });
    // drop sale b from the corrected invoice
    const upd = await o.api.put(`/api/invoices/${draft.id}`, {
      customer_id: customerId,
      transaction_ids: [a.id],
      issue_date: '2026-06-01',
      updated_at: draft.updated_at,
    });
    expect(upd.statusCode).toBe(200);
    const done = (await o.api.post(`/api/invoices/${draft.id}/issue`)).json().data;
    expect(done.status).toBe('issued');
    const old = (await o.api.get(`/api/invoices/${inv.id}`)).json().data;
    expect(old).toMatchObject({ status: 'void', corrected_by_id: draft.id });
    expect(old.voided_at).toBeTruthy();
    expect(issued.totals.total).toBe(33000);
    expect((await o.api.get(`/api/transactions/${a.id}`)).json().data.status).toBe(1);
    expect((await o.api.get(`/api/transactions/${b.id}`)).json().data.status).toBe(0);
    const list = (await o.api.get('/api/invoices?status=void')).json().data.map((x: { id: number }) => x.id);
    expect(list).toEqual([inv.id]);
  });

  it('20 concurrent 訂正 of one issued invoice make exactly one correction; the others get the sequential 422', async () => {
    const { o, customerId } = await setup();
    const inv = await invoiceOfOneSale(o.api, customerId, 10000);
    await o.api.post(`/api/invoices/${inv.id}/issue`);
    const results = await Promise.all(Array.from({ length: 20 }, () => o.api.post(`/api/invoices/${inv.id}/correct`)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, ...Array(19).fill(422)]);
    const draft = results.find((r) => r.statusCode === 201)?.json().data;
    for (const r of results.filter((x) => x.statusCode === 422)) {
      expect(r.json().errors._[0]).toBe(`この請求書には訂正中の請求書 No.${draft.id} があります`);
    }
    const drafts = (await o.api.get('/api/invoices?status=draft'))
      .json()
      .data.filter((x: { corrects_id: number | null }) => x.corrects_id === inv.id);
    expect(drafts).toHaveLength(1);
  }, 120_000);

  it('sends the issued invoice by mail through the outbox with the PDF attached', async () => {
    const { o, customerId } = await setup();
    const inv = await invoiceOfOneSale(o.api, customerId, 5000);
    expect((await o.api.post(`/api/invoices/${inv.id}/send`, {})).statusCode).toBe(422); // a draft is not sent
    await o.api.post(`/api/invoices/${inv.id}/issue`);
    const sent = await o.api.post(`/api/invoices/${inv.id}/send`, {});
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data.status).toBe('sent');
    const [mail] = await ctx.db.select().from(mailLog).orderBy(desc(mailLog.id)).limit(1);
    expect(mail.to).toBe('keiri@takasaki.example.jp');
    expect(mail.subject).toContain(`請求書】No.${inv.number}`);
    const att = mail.attachments as { filename: string; content_type: string; content_base64: string }[];
    expect(att[0]).toMatchObject({ filename: `請求書_${inv.number}.pdf`, content_type: 'application/pdf' });
    expect(Buffer.from(att[0].content_base64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('refuses to issue without the company’s 登録番号, bad input with Japanese 422s, and another company’s invoice with 404', async () => {
    const { o, customerId } = await setup();
    await ctx.db.update(companies).set({ registration_number: null }).where(eq(companies.id, o.company.id));
    const inv = (
      await o.api.post('/api/invoices', { customer_id: customerId, lines: [l(1000)], issue_date: '2026-05-31' })
    ).json().data;
    const refused = await o.api.post(`/api/invoices/${inv.id}/issue`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toContain('登録番号');
    expect((await o.api.post('/api/invoices', { customer_id: customerId, issue_date: '2026-05-31' })).statusCode).toBe(
      422,
    );
    expect(
      (await o.api.post('/api/invoices', { customer_id: customerId, lines: [l(1)], issue_date: '2026-13-01' }))
        .statusCode,
    ).toBe(422);
    const other = await companyOwner(ctx);
    expect((await other.api.get(`/api/invoices/${inv.id}`)).statusCode).toBe(404);
    expect((await other.api.get(`/api/invoices/${inv.id}/pdf`)).statusCode).toBe(404);
    expect((await other.api.post(`/api/invoices/${inv.id}/issue`)).statusCode).toBe(404);
    const otherSale = await sale(o.api, customerId, [l(100)]);
    const cross = await other.api.post('/api/invoices', {
      customer_id: customerId,
      transaction_ids: [otherSale.id],
      issue_date: '2026-05-31',
    });
    expect(cross.statusCode).toBe(422);
  });

  it.runIf(hasPoppler)('renders a PDF whose Japanese text has real glyphs (rasterised, not blank)', async () => {
    const { o, customerId } = await setup();
    const s = await sale(o.api, customerId, [l(1980, '8', '髙﨑の㈱特製プリン①', 3), l(12000, '10', 'ギフト箱 𠮷', 2)]);
    const inv = (
      await o.api.post('/api/invoices', {
        customer_id: customerId,
        transaction_ids: [s.id],
        issue_date: '2026-05-31',
        notes: '振込手数料はご負担ください。',
      })
    ).json().data;
    await o.api.post(`/api/invoices/${inv.id}/issue`);
    const res = await o.api.get(`/api/invoices/${inv.id}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const dir = mkdtempSync(path.join(tmpdir(), 'invoice-'));
    try {
      writeFileSync(path.join(dir, 'i.pdf'), pdf);
      const text = execFileSync('pdftotext', ['-layout', path.join(dir, 'i.pdf'), '-'], { encoding: 'utf8' });
      for (const want of [
        '請求書',
        '登録番号 T7000012050002',
        '髙﨑食品株式会社',
        '8%対象（軽減税率）',
        '※は軽減税率',
        'みずほ銀行',
      ]) {
        expect(text).toContain(want);
      }
      // rasterise the title area: with blank glyphs it would be white; real glyphs give dark pixels
      expect(darkPixelsOnFirstPage(path.join(dir, 'i.pdf'), 30, 90)).toBeGreaterThan(80);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
