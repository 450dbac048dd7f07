import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { companies, journalEntries, paymentAllocations, payments } from '../../db/schema/index.js';
import { newCustomer } from '../../test/factories.js';
import { type Client, companyOwner, useTestApp } from '../../test/harness.js';

const ctx = useTestApp();

type Owner = Awaited<ReturnType<typeof companyOwner>>;

async function setup() {
  const o = await companyOwner(ctx);
  await ctx.db
    .update(companies)
    .set({
      registration_number: 'T7000012050002',
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
  const customer = await newCustomer(o.api, { name: '株式会社東京商事', honorific: '御中', used_for: 1 });
  const supplier = await newCustomer(o.api, { name: '大阪物産株式会社', honorific: '御中', used_for: 2 });
  return { o, customerId: customer.id as number, supplierId: supplier.id as number };
}

/** A sale of `base` yen + 10% tax, billed by an issued invoice; returns the invoice. */
async function invoice(api: Client, customerId: number, base: number, date: string, due: string | null = null) {
  const t = (
    await api.post('/api/transactions', {
      customer_id: customerId,
      transaction_date: date,
      due_date: due,
      subject: '納品',
      lines: [{ description: '商品', quantity: 1, unit_price: base, tax_category: '10' }],
    })
  ).json().data;
  const draft = (
    await api.post('/api/invoices', {
      customer_id: customerId,
      transaction_ids: [t.id],
      issue_date: date,
      due_date: due,
    })
  ).json().data;
  const issued = await api.post(`/api/invoices/${draft.id}/issue`);
  expect(issued.statusCode, issued.body).toBe(200);
  return { id: draft.id as number, total: issued.json().data.totals.total as number, transactionId: t.id as number };
}

const pay = (api: Client, body: Record<string, unknown>) => api.post('/api/payments', body);

async function entryLines(o: Owner, entryId: number) {
  return (await o.api.get(`/api/accountings/${entryId}`)).json().data as {
    source_type: string;
    source_id: number;
    lines: { account_code?: string; account_id: number; debit: number; credit: number }[];
  };
}

async function codeOf(o: Owner) {
  const list = (await o.api.get('/api/company/accounts?per_page=500')).json().data as { id: number; code: string }[];
  const m = new Map(list.map((a) => [a.id, a.code]));
  return (id: number) => m.get(id);
}

const status = async (o: Owner, invoiceId: number) =>
  (await o.api.get(`/api/invoices/${invoiceId}`)).json().data.status;

describe('payments: allocation', () => {
  it('partial then full: the invoice and its sale become 入金済; the posting balances and links back', async () => {
    const { o, customerId } = await setup();
    const inv = await invoice(o.api, customerId, 100_000, '2026-05-31', '2026-06-30');
    expect(inv.total).toBe(110_000);
    const [bank] = (await o.api.get('/api/company/bank-accounts')).json().data;
    const p1 = await pay(o.api, {
      direction: 'in',
      date: '2026-06-10',
      customer_id: customerId,
      amount: 60_000,
      bank_account_id: bank.id,
      allocations: [{ invoice_id: inv.id, amount: 60_000 }],
    });
    expect(p1.statusCode, p1.body).toBe(201);
    const d1 = p1.json().data;
    expect(d1.bank_account_id).toBe(bank.id);
    expect(d1.bank_account_label).toContain('みずほ銀行');
    expect(d1.unallocated).toBe(0);
    expect(await status(o, inv.id)).not.toBe('paid');
    const open = (await o.api.get(`/api/payments/open-items?direction=in&customer_id=${customerId}`)).json().data;
    expect(open.items).toEqual([expect.objectContaining({ kind: 'invoice', id: inv.id, remaining: 50_000 })]);

    const p2 = await pay(o.api, {
      direction: 'in',
      date: '2026-06-30',
      customer_id: customerId,
      amount: 50_000,
      allocations: [{ invoice_id: inv.id, amount: 50_000 }],
    });
    expect(p2.statusCode, p2.body).toBe(201);
    expect(await status(o, inv.id)).toBe('paid');
    expect((await o.api.get(`/api/transactions/${inv.transactionId}`)).json().data.status).toBe(2);

    const code = await codeOf(o);
    const e = await entryLines(o, p2.json().data.journal_entry_id);
    expect(e.source_type).toBe('payment');
    expect(e.source_id).toBe(p2.json().data.id);
    const byCode = e.lines.map((l) => [code(l.account_id), l.debit, l.credit]);
    expect(byCode).toEqual([
      ['1120', 50_000, 0],
      ['1220', 0, 50_000],
    ]);
    // an entry made by a payment changes only through it
    const edit = await o.api.delete(`/api/accountings/${p2.json().data.journal_entry_id}`);
    expect(edit.statusCode).toBe(422);
  });

  it('combined: one payment → three invoices; three payments → one invoice', async () => {
    const { o, customerId } = await setup();
    const a = await invoice(o.api, customerId, 10_000, '2026-04-30');
    const b = await invoice(o.api, customerId, 20_000, '2026-05-31');
    const c = await invoice(o.api, customerId, 30_000, '2026-06-30');
    const one = await pay(o.api, {
      direction: 'in',
      date: '2026-07-05',
      customer_id: customerId,
      amount: 66_000,
      allocations: [
        { invoice_id: a.id, amount: 11_000 },
        { invoice_id: b.id, amount: 22_000 },
        { invoice_id: c.id, amount: 33_000 },
      ],
    });
    expect(one.statusCode, one.body).toBe(201);
    for (const i of [a, b, c]) expect(await status(o, i.id)).toBe('paid');

    const d = await invoice(o.api, customerId, 30_000, '2026-07-31');
    for (const [k, amount] of [10_000, 10_000, 13_000].entries()) {
      const r = await pay(o.api, {
        direction: 'in',
        date: `2026-08-0${k + 1}`,
        customer_id: customerId,
        amount,
        allocations: [{ invoice_id: d.id, amount }],
      });
      expect(r.statusCode, r.body).toBe(201);
      expect(await status(o, d.id)).toBe(k === 2 ? 'paid' : 'issued');
    }
  });

  it('refuses over-allocation (document and payment) with 422 and stores nothing, also when concurrent', async () => {
    const { o, customerId } = await setup();
    const inv = await invoice(o.api, customerId, 10_000, '2026-05-31');
    const count = async () =>
      (await ctx.db.select().from(payments).where(eq(payments.company_id, o.company.id))).length;
    const over = await pay(o.api, {
      direction: 'in',
      date: '2026-06-10',
      customer_id: customerId,
      amount: 20_000,
      allocations: [{ invoice_id: inv.id, amount: 12_000 }],
    });
    expect(over.statusCode).toBe(422);
    expect(over.json().errors['allocations.0.amount'][0]).toContain('残額（11,000円）');
    const beyondPayment = await pay(o.api, {
      direction: 'in',
      date: '2026-06-10',
      customer_id: customerId,
      amount: 5_000,
      allocations: [{ invoice_id: inv.id, amount: 6_000 }],
    });
    expect(beyondPayment.statusCode).toBe(422);
    expect(beyondPayment.json().errors.allocations[0]).toContain('超えています');
    expect(await count()).toBe(0);

    // two payments of 8,000 against 11,000 at once: exactly one wins
    const body = {
      direction: 'in',
      date: '2026-06-10',
      customer_id: customerId,
      amount: 8_000,
      allocations: [{ invoice_id: inv.id, amount: 8_000 }],
    };
    const results = await Promise.all([pay(o.api, body), pay(o.api, body)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    expect(await count()).toBe(1);
    const sum = (
      await ctx.db.select().from(paymentAllocations).where(eq(paymentAllocations.invoice_id, inv.id))
    ).reduce((s, x) => s + x.amount, 0);
    expect(sum).toBe(8_000);
  });

  it('an invoice with payments allocated cannot be corrected (it would become void under them)', async () => {
    const { o, customerId } = await setup();
    const inv = await invoice(o.api, customerId, 10_000, '2026-05-31');
    await pay(o.api, {
      direction: 'in',
      date: '2026-06-10',
      customer_id: customerId,
      amount: 5_000,
      allocations: [{ invoice_id: inv.id, amount: 5_000 }],
    });
    const res = await o.api.post(`/api/invoices/${inv.id}/correct`, {});
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toContain('消込を外してから');
  });

  it('the database refuses over-allocation even without the action', async () => {
    const { o, customerId } = await setup();
    const inv = await invoice(o.api, customerId, 1_000, '2026-05-31');
    const p = (await pay(o.api, { direction: 'in', date: '2026-06-10', customer_id: customerId, amount: 5_000 })).json()
      .data;
    expect(p.unallocated).toBe(5_000);
    await expect(
      ctx.db.insert(paymentAllocations).values({
        company_id: o.company.id,
        payment_id: p.id,
        invoice_id: inv.id,
        amount: 1_101,
      }),
    ).rejects.toThrow();
  });

  it('unallocated part goes to 前受金 and is allocated later; delete reopens and withdraws the entry', async () => {
    const { o, customerId } = await setup();
    const code = await codeOf(o);
    const p = (
      await pay(o.api, { direction: 'in', date: '2026-06-10', customer_id: customerId, amount: 22_000, memo: '前受' })
    ).json().data;
    let e = await entryLines(o, p.journal_entry_id);
    expect(e.lines.map((l) => [code(l.account_id), l.debit, l.credit])).toEqual([
      ['1120', 22_000, 0],
      ['2180', 0, 22_000],
    ]);
    expect((await o.api.get('/api/payments?unallocated=1')).json().meta.total).toBe(1);
    const inv = await invoice(o.api, customerId, 20_000, '2026-06-30');
    const put = await o.api.put(`/api/payments/${p.id}`, {
      ...p,
      allocations: [{ invoice_id: inv.id, amount: 22_000 }],
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(await status(o, inv.id)).toBe('paid');
    expect((await o.api.get('/api/payments?unallocated=1')).json().meta.total).toBe(0);
    e = await entryLines(o, put.json().data.journal_entry_id);
    expect(e.lines.map((l) => [code(l.account_id), l.debit, l.credit])).toEqual([
      ['1120', 22_000, 0],
      ['1220', 0, 22_000],
    ]);
    // the old entry is gone (open period): deleted, not reversed
    expect((await o.api.get(`/api/accountings/${p.journal_entry_id}`)).statusCode).toBe(404);
    // stale updated_at → 409
    const stale = await o.api.put(`/api/payments/${p.id}`, { ...p, allocations: [] });
    expect(stale.statusCode).toBe(409);

    const del = await o.api.delete(`/api/payments/${p.id}`);
    expect(del.statusCode).toBe(204);
    expect(await status(o, inv.id)).toBe('issued');
    expect((await o.api.get(`/api/transactions/${inv.transactionId}`)).json().data.status).toBe(1);
    expect((await o.api.get(`/api/accountings/${put.json().data.journal_entry_id}`)).statusCode).toBe(404);
    const audit = (await o.api.get('/api/company/audit-logs?per_page=50')).json();
    if (audit.data) expect(JSON.stringify(audit.data)).toContain('payment.delete');
  });

  it('payments in a locked period: a new one is refused, a delete reverses the entry', async () => {
    const { o, customerId } = await setup();
    const inv = await invoice(o.api, customerId, 10_000, '2026-04-30');
    const p = (
      await pay(o.api, {
        direction: 'in',
        date: '2026-05-10',
        customer_id: customerId,
        amount: 11_000,
        allocations: [{ invoice_id: inv.id, amount: 11_000 }],
      })
    ).json().data;
    const lock = await o.api.post('/api/company/period-locks', { kind: 'month', date: '2026-05-01' });
    expect(lock.statusCode, lock.body).toBe(201);
    const refused = await pay(o.api, { direction: 'in', date: '2026-05-20', customer_id: customerId, amount: 1_000 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.date[0]).toContain('締められた');
    expect((await o.api.delete(`/api/payments/${p.id}`)).statusCode).toBe(204);
    const original = (await o.api.get(`/api/accountings/${p.journal_entry_id}`)).json().data;
    expect(original.reversed_by_id).not.toBeNull();
    expect(await status(o, inv.id)).toBe('issued');
  });

  it('fees: short payment books 支払手数料, settles the invoice and is suggested next time', async () => {
    const { o, customerId } = await setup();
    const code = await codeOf(o);
    const inv = await invoice(o.api, customerId, 100_000, '2026-05-31');
    const p = (
      await pay(o.api, {
        direction: 'in',
        date: '2026-06-30',
        customer_id: customerId,
        amount: 109_560,
        allocations: [{ invoice_id: inv.id, amount: 109_560 }],
      })
    ).json().data;
    expect(await status(o, inv.id)).toBe('issued');
    const open0 = (await o.api.get(`/api/payments/open-items?direction=in&customer_id=${customerId}`)).json().data;
    expect(open0.suggested_fee).toBeNull();
    const short = await o.api.post(`/api/payments/${p.id}/short-payment`, {
      invoice_id: inv.id,
      updated_at: p.updated_at,
    });
    expect(short.statusCode, short.body).toBe(200);
    const s = short.json().data;
    expect(s.fee).toBe(440);
    expect(s.fee_bearer).toBe('us');
    expect(s.settled).toBe(110_000);
    expect(await status(o, inv.id)).toBe('paid');
    const e = await entryLines(o, s.journal_entry_id);
    expect(e.lines.map((l) => [code(l.account_id), l.debit, l.credit])).toEqual([
      ['1120', 109_560, 0],
      ['6240', 400, 0],
      ['1450', 40, 0],
      ['1220', 0, 110_000],
    ]);
    const inv2 = await invoice(o.api, customerId, 50_000, '2026-06-30');
    const open = (await o.api.get(`/api/payments/open-items?direction=in&customer_id=${customerId}`)).json().data;
    expect(open.suggested_fee).toBe(440);
    expect(open.items.map((i: { id: number }) => i.id)).toEqual([inv2.id]);
    // a difference beyond a transfer fee is not booked as one
    const p3 = (
      await pay(o.api, {
        direction: 'in',
        date: '2026-07-31',
        customer_id: customerId,
        amount: 40_000,
        allocations: [{ invoice_id: inv2.id, amount: 40_000 }],
      })
    ).json().data;
    const tooMuch = await o.api.post(`/api/payments/${p3.id}/short-payment`, {
      invoice_id: inv2.id,
      updated_at: p3.updated_at,
    });
    expect(tooMuch.statusCode).toBe(422);
  });

  it('支払予定表 as of any date equals 買掛金 + 未払金 that day; a document without 支払期日 is 期日未設定, not 期日超過', async () => {
    const { o, supplierId } = await setup();
    const doc = async (fields: Record<string, unknown>) => {
      const res = await o.api.post('/api/transaction-documents', {
        customer_id: supplierId,
        document_type: 4,
        ...fields,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data as { id: number };
    };
    const transfer = await doc({
      transaction_date: '2026-05-20',
      amount: 55_000,
      taxes: [{ tax_category: '10', base: 50_000, tax: 5_000 }],
      due_date: '2026-06-30',
    });
    const card = await doc({
      transaction_date: '2026-06-10',
      amount: 33_000,
      taxes: [{ tax_category: '10', base: 30_000, tax: 3_000 }],
      payment_method: 3,
    });
    await doc({
      document_type: 5,
      transaction_date: '2026-06-05',
      amount: 2_200,
      taxes: [{ tax_category: '10', base: 2_000, tax: 200 }],
      payment_method: 2,
    });
    for (const [date, id, amount] of [
      ['2026-06-30', transfer.id, 55_000],
      ['2026-07-10', card.id, 20_000],
    ] as const) {
      const p = await pay(o.api, {
        direction: 'out',
        date,
        customer_id: supplierId,
        amount,
        allocations: [{ transaction_document_id: id, amount }],
      });
      expect(p.statusCode, p.body).toBe(201);
    }
    const books = async (date: string) => {
      const tb = (await o.api.get(`/api/company/trial-balance?from=2026-04-01&to=${date}&format=json`)).json().data;
      const closing = (c: string) => Math.abs(tb.rows.find((x: { code: string }) => x.code === c)?.closing ?? 0);
      return closing('2120') + closing('2140');
    };
    const expected: Record<string, number> = {
      '2026-05-19': 0,
      '2026-05-20': 55_000,
      '2026-05-31': 55_000,
      '2026-06-10': 88_000,
      '2026-06-29': 88_000,
      '2026-06-30': 33_000,
      '2026-07-09': 33_000,
      '2026-07-10': 13_000,
      '2026-07-31': 13_000,
    };
    for (const [date, owed] of Object.entries(expected)) {
      const report = (await o.api.get(`/api/payment-reports/payables?date=${date}`)).json().data;
      expect(report.total, date).toBe(owed);
      expect(await books(date), date).toBe(owed);
    }
    // the card document has no 支払期日: its own group, never 期日超過
    const late = (await o.api.get('/api/payment-reports/payables?date=2026-07-31')).json().data;
    expect(late.groups.map((g: { label: string }) => g.label)).toEqual(['期日未設定']);
    expect(late.groups[0].items.map((i: { id: number; remaining: number }) => [i.id, i.remaining])).toEqual([
      [card.id, 13_000],
    ]);
    const both = (await o.api.get('/api/payment-reports/payables?date=2026-06-15')).json().data;
    expect(both.groups.map((g: { label: string }) => g.label)).toEqual(['2026年6月', '期日未設定']);
  });

  it('支払: settles a supplier 請求書 (買掛金), fee borne by us or deducted from the transfer', async () => {
    const { o, supplierId } = await setup();
    const code = await codeOf(o);
    const doc = (
      await o.api.post('/api/transaction-documents', {
        customer_id: supplierId,
        document_type: 4,
        transaction_date: '2026-05-20',
        amount: 55_000,
        taxes: [{ tax_category: '10', base: 50_000, tax: 5_000 }],
        due_date: '2026-06-30',
      })
    ).json().data;
    const payables = (await o.api.get('/api/payment-reports/payables?date=2026-06-01&group=week')).json().data;
    expect(payables.total).toBe(55_000);
    expect(payables.groups[0].label).toContain('2026年6月29日');
    const wrongWay = await pay(o.api, {
      direction: 'out',
      date: '2026-06-30',
      customer_id: supplierId,
      amount: 55_000,
      allocations: [{ invoice_id: 1, amount: 55_000 }],
    });
    expect(wrongWay.statusCode).toBe(422);
    const p = await pay(o.api, {
      direction: 'out',
      date: '2026-06-30',
      customer_id: supplierId,
      amount: 54_560,
      fee: 440,
      fee_bearer: 'them',
      allocations: [{ transaction_document_id: doc.id, amount: 55_000 }],
    });
    expect(p.statusCode, p.body).toBe(201);
    expect((await o.api.get(`/api/transaction-documents/${doc.id}`)).json().data.status).toBe(1);
    const e = await entryLines(o, p.json().data.journal_entry_id);
    expect(e.lines.map((l) => [code(l.account_id), l.debit, l.credit])).toEqual([
      ['2120', 55_000, 0],
      ['1120', 0, 55_000],
    ]);
    // as of the day before the payment the document was still owed; as of the payment's day it is not
    expect((await o.api.get('/api/payment-reports/payables?date=2026-06-01')).json().data.total).toBe(55_000);
    expect((await o.api.get('/api/payment-reports/payables?date=2026-06-30')).json().data.total).toBe(0);
    // fee borne by us on an advance: 前渡金 + 支払手数料 / 普通預金
    const adv = (
      await pay(o.api, {
        direction: 'out',
        date: '2026-07-01',
        customer_id: supplierId,
        amount: 10_000,
        fee: 330,
        fee_bearer: 'us',
      })
    ).json().data;
    const e2 = await entryLines(o, adv.journal_entry_id);
    expect(e2.lines.map((l) => [code(l.account_id), l.debit, l.credit])).toEqual([
      ['1410', 10_000, 0],
      ['6240', 300, 0],
      ['1450', 30, 0],
      ['1120', 0, 10_330],
    ]);
    expect((await o.api.delete(`/api/payments/${p.json().data.id}`)).statusCode).toBe(204);
    expect((await o.api.get(`/api/transaction-documents/${doc.id}`)).json().data.status).toBe(0);
  });

  it('an allocated sale or 発注取引 cannot be edited below its allocations, nor deleted (422 in Japanese)', async () => {
    const { o, customerId, supplierId } = await setup();
    const saleBody = (price: number) => ({
      customer_id: customerId,
      transaction_date: '2026-05-10',
      due_date: '2026-06-30',
      subject: '未請求の売上',
      lines: [{ description: '商品', quantity: 1, unit_price: price, tax_category: '10' }],
    });
    const sale = (await o.api.post('/api/transactions', saleBody(10_000))).json().data;
    const p = await pay(o.api, {
      direction: 'in',
      date: '2026-05-20',
      customer_id: customerId,
      amount: 6_000,
      allocations: [{ transaction_id: sale.id, amount: 6_000 }],
    });
    expect(p.statusCode, p.body).toBe(201);
    const current = (await o.api.get(`/api/transactions/${sale.id}`)).json().data;
    const smaller = await o.api.put(`/api/transactions/${sale.id}`, {
      ...saleBody(5_000),
      updated_at: current.updated_at,
    });
    expect(smaller.statusCode, smaller.body).toBe(422);
    expect(smaller.json().message).toContain('消込済みの額（6000円）より小さくできません');
    const larger = await o.api.put(`/api/transactions/${sale.id}`, {
      ...saleBody(20_000),
      updated_at: current.updated_at,
    });
    expect(larger.statusCode, larger.body).toBe(200);
    const del = await o.api.delete(`/api/transactions/${sale.id}`);
    expect(del.statusCode).toBe(422);
    expect(del.json().message).toContain('消し込まれている受注取引は削除できません');
    expect((await o.api.get(`/api/transactions/${sale.id}`)).statusCode).toBe(200);

    const docBody = {
      customer_id: supplierId,
      document_type: 4,
      transaction_date: '2026-05-20',
      amount: 55_000,
      taxes: [{ tax_category: '10', base: 50_000, tax: 5_000 }],
      due_date: '2026-06-30',
    };
    const doc = (await o.api.post('/api/transaction-documents', docBody)).json().data;
    const out = await pay(o.api, {
      direction: 'out',
      date: '2026-06-30',
      customer_id: supplierId,
      amount: 30_000,
      allocations: [{ transaction_document_id: doc.id, amount: 30_000 }],
    });
    expect(out.statusCode, out.body).toBe(201);
    const docNow = (await o.api.get(`/api/transaction-documents/${doc.id}`)).json().data;
    const docSmaller = await o.api.put(`/api/transaction-documents/${doc.id}`, {
      ...docBody,
      amount: 22_000,
      taxes: [{ tax_category: '10', base: 20_000, tax: 2_000 }],
      updated_at: docNow.updated_at,
    });
    expect(docSmaller.statusCode, docSmaller.body).toBe(422);
    expect(docSmaller.json().message).toContain('より小さくできません');
    const docDel = await o.api.delete(`/api/transaction-documents/${doc.id}`);
    // (a 発注取引 is kept for its retention period anyway; the database refuses deleting an allocated one too)
    expect(docDel.statusCode, docDel.body).toBe(422);
    expect((await o.api.get(`/api/transaction-documents/${doc.id}`)).json().data.amount).toBe(55_000);
  });

  it('422 in Japanese and nothing stored; another company’s documents and payments are 404 / refused', async () => {
    const { o, customerId } = await setup();
    const bad = await pay(o.api, { direction: 'x', date: '2026-02-30', customer_id: customerId, amount: -5 });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['amount', 'date', 'direction']);
    const noBank = await pay(o.api, {
      direction: 'in',
      date: '2026-06-01',
      customer_id: customerId,
      amount: 5,
      bank_account_id: 9,
    });
    expect(noBank.statusCode).toBe(422);
    expect(noBank.json().errors.bank_account_id).toEqual(['口座が見つかりません']);

    const other = await setup();
    // another company's bank account is not found either
    const [theirBank] = (await other.o.api.get('/api/company/bank-accounts')).json().data;
    const crossBank = await pay(o.api, {
      direction: 'in',
      date: '2026-06-01',
      customer_id: customerId,
      amount: 5,
      bank_account_id: theirBank.id,
    });
    expect(crossBank.statusCode).toBe(422);
    expect(crossBank.json().errors.bank_account_id).toEqual(['口座が見つかりません']);
    const theirs = await invoice(other.o.api, other.customerId, 1_000, '2026-05-31');
    const cross = await pay(o.api, {
      direction: 'in',
      date: '2026-06-01',
      customer_id: customerId,
      amount: 1_100,
      allocations: [{ invoice_id: theirs.id, amount: 1_100 }],
    });
    expect(cross.statusCode).toBe(422);
    expect(cross.json().errors['allocations.0.invoice_id']).toEqual(['消込先の書類が見つかりません']);
    const theirPayment = (
      await pay(other.o.api, { direction: 'in', date: '2026-06-01', customer_id: other.customerId, amount: 1_100 })
    ).json().data;
    expect((await o.api.get(`/api/payments/${theirPayment.id}`)).statusCode).toBe(404);
    expect((await o.api.delete(`/api/payments/${theirPayment.id}`)).statusCode).toBe(404);
    expect((await o.api.get('/api/payments')).json().meta.total).toBe(0);
    expect(
      (await ctx.db.select().from(journalEntries).where(eq(journalEntries.company_id, o.company.id))).filter(
        (e) => e.source_type === 'payment',
      ),
    ).toEqual([]);
  });
});

describe('payment reports', () => {
  it('aging buckets on fixed dates; totals equal 売掛金 in the trial balance; CSV and PDF', async () => {
    const { o, customerId } = await setup();
    // due dates relative to 2026-09-30: not due, 10, 45, 75 and 120 days overdue
    await invoice(o.api, customerId, 1_000, '2026-09-01', '2026-10-31');
    await invoice(o.api, customerId, 2_000, '2026-08-01', '2026-09-20');
    await invoice(o.api, customerId, 3_000, '2026-07-01', '2026-08-16');
    const partly = await invoice(o.api, customerId, 4_000, '2026-06-01', '2026-07-17');
    await invoice(o.api, customerId, 5_000, '2026-05-01', '2026-06-01');
    // an unbilled sale, due at the end of its month
    await o.api.post('/api/transactions', {
      customer_id: customerId,
      transaction_date: '2026-09-15',
      due_date: '2026-09-30',
      subject: '未請求',
      lines: [{ description: '商品', quantity: 1, unit_price: 700, tax_category: '10' }],
    });
    await pay(o.api, {
      direction: 'in',
      date: '2026-09-01',
      customer_id: customerId,
      amount: 400,
      allocations: [{ invoice_id: partly.id, amount: 400 }],
    });
    // a payment after the date does not count at the date
    await pay(o.api, {
      direction: 'in',
      date: '2026-10-05',
      customer_id: customerId,
      amount: 1_100,
      allocations: [{ invoice_id: partly.id, amount: 1_100 }],
    });
    const agingRes = await o.api.get('/api/payment-reports/aging?date=2026-09-30');
    expect(agingRes.statusCode, agingRes.body).toBe(200);
    const r = agingRes.json().data;
    expect(r.totals).toEqual({
      not_due: 1_100 + 770,
      d1_30: 2_200,
      d31_60: 3_300,
      d61_90: 4_400 - 400,
      over_90: 5_500,
      total: 1_100 + 770 + 2_200 + 3_300 + 4_000 + 5_500,
    });
    const tb = (await o.api.get('/api/company/trial-balance?from=2026-04-01&to=2026-09-30&format=json')).json().data;
    const ar = tb.rows.find((x: { code: string }) => x.code === '1220');
    expect(ar.closing).toBe(r.totals.total);
    expect(r.ledger_balance).toBe(r.totals.total);
    expect(r.difference).toBe(0);
    const drill = (await o.api.get(`/api/payment-reports/aging?date=2026-09-30&customer_id=${customerId}`)).json().data;
    expect(drill.documents.map((d: { bucket: string; days_overdue: number }) => [d.bucket, d.days_overdue])).toEqual([
      ['over_90', 121],
      ['d61_90', 75],
      ['d31_60', 45],
      ['d1_30', 10],
      ['not_due', 0],
      ['not_due', -31],
    ]);
    // an opening balance entered without documents shows as the difference
    const ar1220 = ar.account_id;
    const cash = tb.rows.find((x: { code: string }) => x.code === '1120').account_id;
    await o.api.post('/api/accountings', {
      date: '2026-09-01',
      description: '売掛金の振替（書類なし）',
      lines: [
        { account_id: ar1220, debit: 9_999, credit: 0 },
        { account_id: cash, debit: 0, credit: 9_999 },
      ],
    });
    expect((await o.api.get('/api/payment-reports/aging?date=2026-09-30')).json().data.difference).toBe(9_999);

    const csv = await o.api.get('/api/payment-reports/aging?date=2026-09-30&format=csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.rawPayload.subarray(0, 3).toString('hex')).toBe('efbbbf');
    expect(csv.body).toContain('売掛金年齢表');
    expect(csv.body).toContain('90日超');
    const sjis = await o.api.get('/api/payment-reports/aging?date=2026-09-30&format=csv&encoding=sjis');
    expect(sjis.headers['content-type']).toContain('Shift_JIS');
    const pdf = await o.api.get('/api/payment-reports/aging?date=2026-09-30&format=pdf');
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const col = (await o.api.get('/api/payment-reports/collections?from=2026-05-01&to=2026-10-31')).json().data;
    expect(col.months.map((m: { month: string }) => m.month)).toEqual([
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
    ]);
    expect(col.totals.invoiced).toBe(1_100 + 2_200 + 3_300 + 4_400 + 5_500 + 770);
    expect(col.totals.collected).toBe(1_500);
    expect((await o.api.get('/api/payment-reports/collections?format=pdf')).statusCode).toBe(200);
    expect((await o.api.get('/api/payment-reports/payables?format=csv')).statusCode).toBe(200);
  });
});

describe('payments: keyword search (issue 31)', () => {
  it('searches the customer name, memo and amount; the count is taken over the same join (no 500)', async () => {
    const { o, customerId, supplierId } = await setup();
    const [bank] = (await o.api.get('/api/company/bank-accounts')).json().data;
    const base = { date: '2026-06-10', bank_account_id: bank.id, allocations: [] };
    for (const body of [
      { ...base, direction: 'in', customer_id: customerId, amount: 12_345, memo: '前受金' },
      { ...base, direction: 'out', customer_id: supplierId, amount: 5_000 },
    ]) {
      const res = await pay(o.api, body);
      expect(res.statusCode, res.body).toBe(201);
    }
    const search = async (keyword: string, extra = '') => {
      const res = await o.api.get(`/api/payments?keyword=${encodeURIComponent(keyword)}${extra}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { data: { customer_name: string }[]; meta: { total: number } };
    };
    const byName = await search('東京商事');
    expect(byName.meta.total).toBe(1);
    expect(byName.data.map((p) => p.customer_name)).toEqual(['株式会社東京商事']);
    expect((await search('前受')).meta.total).toBe(1);
    expect((await search('12345')).meta.total).toBe(1);
    expect((await search('大阪', '&sort_by=amount&sort_dir=asc')).meta.total).toBe(1);
    expect((await search('該当なし')).meta.total).toBe(0);
  });
});
