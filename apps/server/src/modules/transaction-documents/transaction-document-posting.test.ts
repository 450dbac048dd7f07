import { describe, expect, it } from 'vitest';
import { newCustomer } from '../../test/factories.js';
import { type Client, companyOwner, useTestApp } from '../../test/harness.js';
import { checkBalances } from '../accounting/check-balances.js';

const URL = '/api/transaction-documents';
const ctx = useTestApp();

async function setup() {
  const o = await companyOwner(ctx);
  const supplier = (await newCustomer(o.api, { name: '株式会社仕入先', honorific: '御中', used_for: 2 })).id as number;
  const accounts: { id: number; code: string }[] = (await o.api.get('/api/company/accounts')).json().data;
  const acc = (code: string) => accounts.find((a) => a.code === code)?.id as number;
  return { o, supplier, acc };
}

type Line = { account_id: number; debit: number; credit: number; tax_category: string; customer_id: number | null };
async function entryOf(api: Client, id: number) {
  const res = await api.get(`/api/accountings/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    id: number;
    date: string;
    source_type: string;
    source_id: number;
    reversed_by_id: number | null;
    lines: Line[];
  };
}
const sides = (lines: Line[]) =>
  lines.map((l) => [l.account_id, l.debit, l.credit]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);

async function trialBalance(api: Client) {
  const res = await api.get('/api/company/trial-balance?from=2026-04-01&to=2027-03-31&format=json');
  expect(res.statusCode).toBe(200);
  const rows: { code: string; debit: number; credit: number; closing: number }[] = res.json().data.rows;
  return Object.fromEntries(rows.map((r) => [r.code, r]));
}

const base = (customer_id: number, extra: Record<string, unknown> = {}) => ({
  customer_id,
  document_type: 4,
  transaction_date: '2026-05-10',
  amount: 11_000,
  taxes: [{ tax_category: '10', base: 10_000, tax: 1_000 }],
  registration_number: 'T7000012050002',
  payment_method: 1,
  // one document posted in many variants (the duplicate check: transaction-document-duplicates.test.ts)
  confirm_duplicate: true,
  ...extra,
});

describe('発注取引 posted to the books', () => {
  it('a 請求書 from a 適格 supplier: Dr 仕入高 + 仮払消費税等 / Cr 買掛金, linked both ways', async () => {
    const { o, supplier, acc } = await setup();
    const d = (await o.api.post(URL, base(supplier))).json().data;
    expect(d.journal_entry_id).toBeTruthy();
    const e = await entryOf(o.api, d.journal_entry_id);
    expect(e.source_type).toBe('transaction_document');
    expect(e.source_id).toBe(d.id);
    expect(e.date).toBe('2026-05-10');
    expect(sides(e.lines)).toEqual(
      sides([
        { account_id: acc('5120'), debit: 10_000, credit: 0 },
        { account_id: acc('1450'), debit: 1_000, credit: 0 },
        { account_id: acc('2120'), debit: 0, credit: 11_000 },
      ] as Line[]),
    );
    expect(e.lines.find((l) => l.account_id === acc('5120'))?.tax_category).toBe('purchase_10');
    expect(e.lines.every((l) => l.customer_id === supplier)).toBe(true);
    // changed only through the document
    const put = await o.api.put(`/api/accountings/${e.id}`, { date: '2026-05-11', description: 'x', lines: [] });
    expect(put.statusCode).toBe(422);
  });

  it('a non-適格 supplier: 80% of each rate’s tax deductible (rounded down), the rest in the expense, to the yen', async () => {
    const { o, supplier, acc } = await setup();
    const d = (
      await o.api.post(
        URL,
        base(supplier, {
          registration_number: '',
          amount: 11_011 + 10_801,
          taxes: [
            { tax_category: '10', base: 10_010, tax: 1_001 },
            { tax_category: '8', base: 10_001, tax: 800 },
          ],
        }),
      )
    ).json().data;
    expect(d.is_qualified).toBe(false);
    const e = await entryOf(o.api, d.journal_entry_id);
    // 10%: 1,001 × 80% = 800.8 → 800 deductible, 201 cost; 8%: 800 × 80% = 640, 160 cost; the 経過措置 税区分
    const expense = e.lines.filter((l) => l.account_id === acc('5120'));
    expect(expense.map((l) => [l.tax_category, l.debit]).sort()).toEqual([
      ['purchase_nq_10', 10_010 + 201],
      ['purchase_nq_8', 10_001 + 160],
    ]);
    const tax = e.lines.filter((l) => l.account_id === acc('1450')).map((l) => l.debit);
    expect(tax.sort((a, b) => a - b)).toEqual([640, 800]);
    const debit = e.lines.reduce((s, l) => s + l.debit, 0);
    const credit = e.lines.reduce((s, l) => s + l.credit, 0);
    expect(debit).toBe(credit);
    expect(credit).toBe(11_011 + 10_801);
    // after 2026-09-30 the share is 50%
    const later = (
      await o.api.post(URL, base(supplier, { registration_number: '', transaction_date: '2026-10-01' }))
    ).json().data;
    const e2 = await entryOf(o.api, later.journal_entry_id);
    expect(e2.lines.find((l) => l.account_id === acc('1450'))?.debit).toBe(500);
    expect(e2.lines.find((l) => l.account_id === acc('5120'))?.debit).toBe(10_500);
  });

  it('credit by payment method: 未払金 for a card, 現金 for cash; the chosen expense account; 納品書 posts nothing', async () => {
    const { o, supplier, acc } = await setup();
    const card = (await o.api.post(URL, base(supplier, { payment_method: 3, account_id: acc('6220') }))).json().data;
    const e = await entryOf(o.api, card.journal_entry_id);
    expect(e.lines.find((l) => l.credit > 0)?.account_id).toBe(acc('2140'));
    expect(e.lines.find((l) => l.tax_category === 'purchase_10')?.account_id).toBe(acc('6220'));
    const cash = (await o.api.post(URL, base(supplier, { payment_method: 2, document_type: 5 }))).json().data;
    expect((await entryOf(o.api, cash.journal_entry_id)).lines.find((l) => l.credit > 0)?.account_id).toBe(acc('1110'));
    const delivery = (await o.api.post(URL, base(supplier, { document_type: 3 }))).json().data;
    expect(delivery.journal_entry_id).toBeNull();
    // becoming a 請求書 posts it; status 支払済 alone moves no money
    const asInvoice = (
      await o.api.put(`${URL}/${delivery.id}`, { ...base(supplier), updated_at: delivery.updated_at })
    ).json().data;
    expect(asInvoice.journal_entry_id).toBeTruthy();
    const paid = (
      await o.api.put(`${URL}/${delivery.id}`, { ...base(supplier, { status: 1 }), updated_at: asInvoice.updated_at })
    ).json().data;
    expect(paid.journal_entry_id).toBe(asInvoice.journal_entry_id);
  });

  it('editing the amount replaces the entry; the trial balance balances and 仮払消費税等 is the sum of deductible taxes', async () => {
    const { o, supplier, acc } = await setup();
    const d = (await o.api.post(URL, base(supplier))).json().data;
    const edited = (
      await o.api.put(`${URL}/${d.id}`, {
        ...base(supplier, { amount: 22_000, taxes: [{ tax_category: '10', base: 20_000, tax: 2_000 }] }),
        updated_at: d.updated_at,
      })
    ).json().data;
    expect(edited.journal_entry_id).not.toBe(d.journal_entry_id);
    expect((await o.api.get(`/api/accountings/${d.journal_entry_id}`)).statusCode).toBe(404);
    await o.api.post(URL, base(supplier, { registration_number: '' }));
    const tb = await trialBalance(o.api);
    const rows = Object.values(tb);
    expect(rows.reduce((s, r) => s + r.debit, 0)).toBe(rows.reduce((s, r) => s + r.credit, 0));
    expect(tb['1450'].debit).toBe(2_000 + 800);
    expect(tb['5120'].debit).toBe(20_000 + 10_200);
    expect(tb['2120'].credit).toBe(22_000 + 11_000);
    expect(acc('1450')).toBeTruthy();
    expect(await checkBalances(ctx.db, o.company.id)).toEqual([]);
  });

  it('a locked period: creating in it is refused; editing a locked document reverses its entry today', async () => {
    const { o, supplier } = await setup();
    const d = (await o.api.post(URL, base(supplier, { transaction_date: '2026-04-20' }))).json().data;
    expect((await o.api.post('/api/company/period-locks', { kind: 'month', date: '2026-04-01' })).statusCode).toBe(201);
    const refused = await o.api.post(URL, base(supplier, { transaction_date: '2026-04-21' }));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.transaction_date[0]).toContain('締められた');
    const before = (await o.api.get(`${URL}?per_page=1`)).json().meta.total;
    expect(before).toBe(1);
    // the amount in the locked month cannot change in place
    const inPlace = await o.api.put(`${URL}/${d.id}`, {
      ...base(supplier, {
        transaction_date: '2026-04-20',
        amount: 5_500,
        taxes: [{ tax_category: '10', base: 5_000, tax: 500 }],
      }),
      updated_at: d.updated_at,
    });
    expect(inPlace.statusCode).toBe(422);
    // moved to an open month: the old entry is reversed (kept), the new one posted
    const moved = await o.api.put(`${URL}/${d.id}`, {
      ...base(supplier, { transaction_date: '2026-05-02' }),
      updated_at: d.updated_at,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const old = await entryOf(o.api, d.journal_entry_id);
    expect(old.reversed_by_id).toBeTruthy();
    const reversal = await entryOf(o.api, old.reversed_by_id as number);
    expect(reversal.source_type).toBe('transaction_document');
    expect(reversal.source_id).toBe(d.id);
    expect(moved.json().data.journal_entry_id).not.toBe(d.journal_entry_id);
  });
});
