import { checkEInvoice, corporateNumberCheckDigit } from '@chobo/core';
import { desc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailLog } from '../../db/schema/index.js';
import { newCustomer } from '../../test/factories.js';
import { type Client, companyOwner, useTestApp } from '../../test/harness.js';
import { fatalOnly, officialValidate, PEPPOL_MISSING, peppolZip } from '../../test/peppol.js';
import { readUblInvoice } from '../transaction-documents/ubl-read.js';

/**
 * Issue 30: every invoice exports as a JP PINT e-invoice that the official rules accept (0 fatal findings),
 * with the PDF's figures; the same document passes core's offline checker.
 */

const ctx = useTestApp();
const official = peppolZip() !== null;
if (!official) console.warn(`invoice-ubl.test: official validation skipped — ${PEPPOL_MISSING}`);

let seq = 0;
/** A seller with a 法人番号 of its own (unique per company) and the 登録番号 T + that number. */
function seller() {
  const base = `00001205${String(1000 + ++seq).slice(-4)}`;
  const cn = `${corporateNumberCheckDigit(base)}${base}`;
  return { registration_number: `T${cn}`, corporate_number: cn, name: '株式会社サンプル商事' };
}

async function setup(customer: Record<string, unknown> = { registration_number: 'T8010001187654' }) {
  const o = await companyOwner(ctx, {
    ...seller(),
    postal_code: '1000005',
    prefecture_code: '13',
    address1: '千代田区丸の内1-1-1',
  });
  const c = await newCustomer(o.api, { name: '髙﨑食品株式会社', used_for: 1, ...customer });
  expect(c?.id).toBeDefined();
  return { o, customerId: c.id as number };
}

const line = (unit_price: number, tax_category = '10', description = '商品', quantity = 1, unit = '個') => ({
  description,
  quantity,
  unit,
  unit_price,
  tax_category,
});

async function sale(api: Client, customerId: number, date: string, lines: Record<string, unknown>[], taxMode?: string) {
  const res = await api.post('/api/transactions', {
    customer_id: customerId,
    transaction_date: date,
    subject: '納品',
    lines,
    ...(taxMode ? { tax_mode: taxMode } : {}),
  });
  expect(res.statusCode).toBe(201);
  return res.json().data;
}

async function issued(api: Client, body: Record<string, unknown>) {
  const draft = await api.post('/api/invoices', body);
  expect(draft.statusCode).toBe(201);
  const res = await api.post(`/api/invoices/${draft.json().data.id}/issue`);
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

async function exported(api: Client, id: number) {
  const res = await api.get(`/api/invoices/${id}/ubl`);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/xml/);
  return { xml: res.body, disposition: String(res.headers['content-disposition']) };
}

function expectValid(xml: string) {
  const data = readUblInvoice(xml);
  expect(data).not.toBeNull();
  expect(checkEInvoice(data as NonNullable<typeof data>)).toEqual([]);
  if (official) expect(fatalOnly(officialValidate(xml))).toEqual([]);
  return data as NonNullable<typeof data>;
}

describe('GET /api/invoices/{id}/ubl (JP PINT)', () => {
  it('a single invoice: 登録番号 (0221), 法人番号 (0188), per-rate totals as stored, 請求書_{number}.xml', async () => {
    const { o, customerId } = await setup();
    const s = await sale(o.api, customerId, '2026-05-10', [
      line(1_001, '10', 'デスクチェア', 3),
      line(1_080, '8', 'お茶 ※', 7, 'kg'),
      line(500, 'exempt', '印紙代'),
    ]);
    const inv = await issued(o.api, {
      customer_id: customerId,
      transaction_ids: [s.id],
      issue_date: '2026-05-31',
      due_date: '2026-06-30',
      notes: 'お振込手数料は貴社にてご負担ください。',
    });
    const { xml, disposition } = await exported(o.api, inv.id);
    expect(disposition).toContain(encodeURIComponent(`請求書_${inv.number}.xml`));
    expect(xml).toContain('<cbc:CustomizationID>urn:peppol:pint:billing-1@jp-1</cbc:CustomizationID>');
    expect(xml).toContain('<cbc:ProfileID>urn:peppol:bis:billing</cbc:ProfileID>');
    const cn = o.company.corporate_number as string;
    expect(xml).toContain(`<cbc:EndpointID schemeID="0221">T${cn}</cbc:EndpointID>`);
    expect(xml).toContain(`<cbc:CompanyID schemeID="0188">${cn}</cbc:CompanyID>`);
    const d = expectValid(xml);
    expect(d.number).toBe(String(inv.number));
    expect(d.due_date).toBe('2026-06-30');
    expect(d.seller?.registration_number).toBe(`T${cn}`);
    expect(d.buyer?.name).toBe('髙﨑食品株式会社');
    // the PDF's figures: the invoice's per-rate totals, untouched
    expect(d.tax_subtotals.map((t) => [t.tax_code, t.percent, t.taxable, t.tax])).toEqual(
      inv.totals.by_rate.map((r: { tax_category: string; base: number; tax: number }) => [
        { '10': 'S', '8': 'AA', exempt: 'E' }[r.tax_category],
        { '10': 10, '8': 8, exempt: 0 }[r.tax_category],
        r.base,
        r.tax,
      ]),
    );
    expect(d.totals.payable).toBe(inv.totals.total);
  });

  it('a 合計請求書: each delivery as a line with its date and its sale; a discount line; an inclusive one', async () => {
    const { o, customerId } = await setup();
    const a = await sale(o.api, customerId, '2026-05-02', [line(12_000, '10', '機材', 2), line(3_240, '8', '食品', 5)]);
    const b = await sale(o.api, customerId, '2026-05-14', [
      line(800, '10', '消耗品', 30),
      line(-2_000, '10', '出精値引き', 1, '式'),
    ]);
    const c = await sale(o.api, customerId, '2026-05-27', [line(4_321, '8', '弁当', 3)]);
    const inv = await issued(o.api, {
      customer_id: customerId,
      transaction_ids: [a.id, b.id, c.id],
      issue_date: '2026-05-31',
      due_date: '2026-06-30',
    });
    const d = expectValid((await exported(o.api, inv.id)).xml);
    expect(d.period_start).toBe('2026-05-02');
    expect(d.period_end).toBe('2026-05-27');
    expect(d.lines.map((l) => l.period_start)).toEqual([
      '2026-05-02',
      '2026-05-02',
      '2026-05-14',
      '2026-05-14',
      '2026-05-27',
    ]);
    expect(new Set(d.lines.map((l) => l.document_ref)).size).toBe(3);
    expect(d.lines[3]).toMatchObject({ quantity: -1, price: 2_000, net_amount: -2_000 });

    const incl = await sale(
      o.api,
      customerId,
      '2026-06-03',
      [line(1_100, '10', '税込商品', 3), line(1_080, '8', '税込食品', 2)],
      'inclusive',
    );
    const inv2 = await issued(o.api, { customer_id: customerId, transaction_ids: [incl.id], issue_date: '2026-06-30' });
    const d2 = expectValid((await exported(o.api, inv2.id)).xml);
    expect(d2.totals.tax_inclusive).toBe(inv2.totals.total);
    expect(d2.tax_subtotals.map((t) => t.taxable)).toEqual(inv2.totals.by_rate.map((r: { base: number }) => r.base));
  });

  it('a correction: an Invoice (380) referring to the invoice it replaces (BillingReference)', async () => {
    const { o, customerId } = await setup();
    const s = await sale(o.api, customerId, '2026-05-10', [line(10_000)]);
    const first = await issued(o.api, { customer_id: customerId, transaction_ids: [s.id], issue_date: '2026-05-31' });
    const fix = (await o.api.post(`/api/invoices/${first.id}/correct`)).json().data;
    const upd = await o.api.put(`/api/invoices/${fix.id}`, {
      updated_at: fix.updated_at,
      customer_id: customerId,
      transaction_ids: fix.transaction_ids,
      lines: [line(1_500, '10', '配送料（訂正により追加）', 1, '式')],
      issue_date: fix.issue_date,
    });
    expect(upd.statusCode).toBe(200);
    expect((await o.api.post(`/api/invoices/${fix.id}/issue`)).statusCode).toBe(200);
    const d = expectValid((await exported(o.api, fix.id)).xml);
    expect(d.type_code).toBe('380');
    expect(d.preceding).toEqual({ number: String(first.number), issue_date: first.issue_date });
    // the replaced one still exports (as it was issued)
    expectValid((await exported(o.api, first.id)).xml);
  });

  it('422 without the buyer 登録番号 (its Peppol address); 404 for another company’s invoice', async () => {
    const { o, customerId } = await setup({});
    const s = await sale(o.api, customerId, '2026-05-10', [line(10_000)]);
    const inv = await issued(o.api, { customer_id: customerId, transaction_ids: [s.id], issue_date: '2026-05-31' });
    const res = await o.api.get(`/api/invoices/${inv.id}/ubl`);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toContain('登録番号');
    const other = await companyOwner(ctx);
    expect((await other.api.get(`/api/invoices/${inv.id}/ubl`)).statusCode).toBe(404);
  });

  it('the invoice mail attaches the XML beside the PDF when asked (attach_xml)', async () => {
    const { o, customerId } = await setup({
      registration_number: 'T8010001187654',
      email: 'keiri@takasaki.example.jp',
    });
    const s = await sale(o.api, customerId, '2026-05-10', [line(50_000)]);
    const inv = await issued(o.api, { customer_id: customerId, transaction_ids: [s.id], issue_date: '2026-05-31' });
    const res = await o.api.post(`/api/invoices/${inv.id}/send`, { attach_xml: true });
    expect(res.statusCode, res.body).toBe(200);
    const [mail] = await ctx.db.select().from(mailLog).orderBy(desc(mailLog.id)).limit(1);
    const att = mail.attachments as { filename: string; content_type: string; content_base64: string }[];
    expect(att.map((a) => a.filename)).toEqual([`請求書_${inv.number}.pdf`, `請求書_${inv.number}.xml`]);
    expectValid(Buffer.from(att[1].content_base64, 'base64').toString('utf8'));
  });
});
