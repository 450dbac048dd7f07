import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bankStatementRows, companies, journalEntries, payments, salesTransactions } from '../../db/schema/index.js';
import { accountCodes, newBankAccount, newCustomer, newSale } from '../../test/factories.js';
import { companyOwner, useTestApp } from '../../test/harness.js';
import { multipartForm } from '../../test/multipart.js';
import { bankCsvFile } from '../bank-statements/statement-files.js';

const ctx = useTestApp();

type Owner = Awaited<ReturnType<typeof companyOwner>>;

/** A company with a bank account linked to 普通預金 (1120); `code` finds an account id by its code. */
async function ownerWithBank(account: { bank_code: string; bank_name: string; account_number: string }) {
  const o = await companyOwner(ctx);
  const code = await accountCodes(o.api);
  return { o, code, bankId: await newBankAccount(o.api, code('1120'), account) };
}

/** Uploads a 楽天銀行 CSV of these lines to the bank account; answers the import. */
async function upload(o: Owner, bankId: number, lines: Parameters<typeof bankCsvFile>[1], opening: number) {
  const form = multipartForm(
    { bank_account_id: bankId },
    { name: 'a.csv', bytes: bankCsvFile('rakuten', lines, opening) },
  );
  const up = await ctx.app.inject({
    method: 'POST',
    url: '/api/bank-statements',
    payload: form.body,
    headers: { ...form.headers, authorization: `Bearer ${o.token}` },
  });
  expect(up.statusCode, up.body).toBe(201);
  return up.json().data as { id: number };
}

describe('bank rows → payments', () => {
  it('confirming a row matched to an invoiced sale makes a payment: the invoice is 入金済, one entry; revert reopens it', async () => {
    const { o, code, bankId } = await ownerWithBank({
      bank_code: '0005',
      bank_name: '三菱UFJ銀行',
      account_number: '1234567',
    });
    await ctx.db.update(companies).set({ registration_number: 'T7000012050002' }).where(eq(companies.id, o.company.id));
    const customer = await newCustomer(o.api, {
      name: '株式会社山田商事',
      name_kana: 'ヤマダショウジ',
      honorific: '御中',
      used_for: 1,
    });
    const sale = (
      await o.api.post('/api/transactions', {
        customer_id: customer.id,
        transaction_date: '2026-03-31',
        due_date: '2026-04-30',
        subject: '3月分',
        lines: [{ description: '商品', quantity: 1, unit_price: 100_000, tax_category: '10' }],
      })
    ).json().data;
    const draft = (
      await o.api.post('/api/invoices', {
        customer_id: customer.id,
        transaction_ids: [sale.id],
        issue_date: '2026-03-31',
        due_date: '2026-04-30',
      })
    ).json().data;
    const issued = await o.api.post(`/api/invoices/${draft.id}/issue`);
    expect(issued.statusCode, issued.body).toBe(200);
    const invoiceStatus = async () => (await o.api.get(`/api/invoices/${draft.id}`)).json().data.status;

    // the customer pays 110,000 less a 440 fee
    const imp = await upload(
      o,
      bankId,
      [{ date: '2026-04-27', direction: 'in', amount: 109_560, description: 'ｶ)ﾔﾏﾀﾞｼﾖｳｼﾞ' }],
      50_000,
    );
    const [row] = (await o.api.get(`/api/bank-statements/${imp.id}`)).json().data.rows;
    expect(row.suggestion).toMatchObject({ kind: 'match', fee: 440, customer_id: customer.id });

    const res = await o.api.post(`/api/bank-statements/${imp.id}/confirm`, { rows: [{ id: row.id }] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.failed).toEqual([]);
    const entryId = res.json().data.confirmed[0].journal_entry_id as number;
    expect(await invoiceStatus()).toBe('paid');

    // one payment, linked to the row and to the row's one entry (which the payment posted)
    const list = (await o.api.get('/api/payments')).json().data;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      direction: 'in',
      date: '2026-04-27',
      amount: 109_560,
      fee: 440,
      fee_bearer: 'us',
      bank_account_id: bankId,
      bank_statement_row_id: row.id,
      journal_entry_id: entryId,
      unallocated: 0,
    });
    expect(list[0].allocations).toEqual([expect.objectContaining({ invoice_id: draft.id, amount: 110_000 })]);
    const entries = await ctx.db
      .select()
      .from(journalEntries)
      .where(and(eq(journalEntries.company_id, o.company.id), eq(journalEntries.date, '2026-04-27')));
    expect(entries.map((e) => [e.id, e.source_type])).toEqual([[entryId, 'payment']]);
    const e = (await o.api.get(`/api/accountings/${entryId}`)).json().data;
    const lines = e.lines.map((l: { account_id: number; debit: number; credit: number }) => [
      l.account_id,
      l.debit,
      l.credit,
    ]);
    expect(lines).toContainEqual([code('1120'), 109_560, 0]);
    expect(lines).toContainEqual([code('1220'), 0, 110_000]);
    const sum = (k: 'debit' | 'credit') => e.lines.reduce((s: number, l: Record<string, number>) => s + l[k], 0);
    expect(sum('debit')).toBe(sum('credit'));
    const tb = (await o.api.get('/api/company/trial-balance?from=2026-04-01&to=2026-04-30&format=json')).json().data;
    const tbRow = (c: string) => tb.rows.find((x: { code: string }) => x.code === c);
    expect(tbRow('1220').closing).toBe(0);
    const aging = (await o.api.get('/api/payment-reports/aging?date=2026-04-30')).json().data;
    expect(aging.totals.total).toBe(0);
    expect(aging.difference).toBe(0);
    // before the row's date the invoice was still open
    expect((await o.api.get('/api/payment-reports/aging?date=2026-04-26')).json().data.totals.total).toBe(110_000);

    // the same row cannot become a second payment
    const again = await o.api.post('/api/payments', {
      direction: 'in',
      date: '2026-04-27',
      customer_id: customer.id,
      amount: 1,
      bank_statement_row_id: row.id,
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.bank_statement_row_id).toBeDefined();

    // revert: the payment and its entry go, the invoice reopens
    const rev = await o.api.post(`/api/bank-statements/${imp.id}/revert`);
    expect(rev.statusCode, rev.body).toBe(200);
    expect(rev.json().data).toMatchObject({ removed_rows: 1, withdrawn_entries: 1 });
    expect(await invoiceStatus()).not.toBe('paid');
    expect(await ctx.db.select().from(payments).where(eq(payments.company_id, o.company.id))).toHaveLength(0);
    expect(await ctx.db.select().from(journalEntries).where(eq(journalEntries.id, entryId))).toHaveLength(0);
    expect((await o.api.get('/api/payment-reports/aging?date=2026-04-30')).json().data.totals.total).toBe(110_000);
  });
  it('a payment entered from a row (the form opened on the row) confirms it with its entry; deleting the payment reopens the row', async () => {
    const { o, code, bankId } = await ownerWithBank({
      bank_code: '0009',
      bank_name: '三井住友銀行',
      account_number: '7654321',
    });
    const customer = await newCustomer(o.api, { name: '有限会社前田', honorific: '御中', used_for: 1 });
    const imp = await upload(
      o,
      bankId,
      [{ date: '2026-05-07', direction: 'in', amount: 33_000, description: 'ﾏｴﾀﾞ' }],
      0,
    );
    const rowOf = async () => (await o.api.get(`/api/bank-statements/${imp.id}`)).json().data.rows[0];
    const row = await rowOf();
    const paid = await o.api.post('/api/payments', {
      direction: 'in',
      date: row.date,
      customer_id: customer.id,
      amount: row.amount,
      bank_account_id: bankId,
      bank_statement_row_id: row.id,
      allocations: [],
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const payment = paid.json().data;
    const linked = await rowOf();
    expect(linked.status).toBe('confirmed');
    expect(linked.journal_entry_id).toBe(payment.journal_entry_id);
    // the row cannot be posted a second time, nor become another payment
    const again = await o.api.post(`/api/bank-statements/${imp.id}/confirm`, {
      rows: [{ id: row.id, account_id: code('1120') }],
    });
    expect(again.json().data.failed).toHaveLength(1);
    const other = await o.api.post('/api/payments', {
      direction: 'in',
      date: row.date,
      customer_id: customer.id,
      amount: 1,
      bank_statement_row_id: row.id,
    });
    expect(other.statusCode).toBe(422);
    // deleting the payment reopens the row
    expect((await o.api.delete(`/api/payments/${payment.id}`)).statusCode).toBeLessThan(300);
    const reopened = await rowOf();
    expect(reopened.status).toBe('unconfirmed');
    expect(reopened.journal_entry_id).toBeNull();
  });

  it('matching reads the open amounts (total − paid_amount): a sale paid by hand is not suggested, a part-paid one for what is left', async () => {
    const { o, bankId } = await ownerWithBank({
      bank_code: '0005',
      bank_name: '三菱UFJ銀行',
      account_number: '7777777',
    });
    const customer = await newCustomer(o.api, {
      name: '株式会社山田商事',
      name_kana: 'ヤマダショウジ',
      honorific: '御中',
      used_for: 1,
    });
    const sale = async (subject: string, unit_price: number) =>
      (
        await o.api.post('/api/transactions', {
          customer_id: customer.id,
          transaction_date: '2026-03-31',
          due_date: '2026-04-30',
          subject,
          lines: [{ description: '商品', quantity: 1, unit_price, tax_category: '10' }],
        })
      ).json().data as { id: number; total: number };
    const paidByHand = await sale('全額入金済', 100_000); // 110,000
    const partPaid = await sale('一部入金済', 200_000); // 220,000
    for (const [s, amount] of [
      [paidByHand, 110_000],
      [partPaid, 20_000],
    ] as const) {
      const p = await o.api.post('/api/payments', {
        direction: 'in',
        date: '2026-04-10',
        customer_id: customer.id,
        amount,
        bank_account_id: bankId,
        allocations: [{ transaction_id: s.id, amount }],
      });
      expect(p.statusCode, p.body).toBe(201);
    }
    const imp = await upload(
      o,
      bankId,
      [
        { date: '2026-04-27', direction: 'in', amount: 110_000, description: 'ｶ)ﾔﾏﾀﾞｼﾖｳｼﾞ' },
        { date: '2026-04-28', direction: 'in', amount: 200_000, description: 'ｶ)ﾔﾏﾀﾞｼﾖｳｼﾞ' },
      ],
      50_000,
    );
    const rows = (await o.api.get(`/api/bank-statements/${imp.id}`)).json().data.rows;
    // 110,000 no longer matches the sale paid by hand in full (before, its `matched`-based open amount did)
    expect(rows[0].suggestion?.matches?.some((m: { id: number }) => m.id === paidByHand.id) ?? false).toBe(false);
    // 200,000 is exactly what is left of the part-paid sale
    expect(rows[1].suggestion).toMatchObject({ kind: 'match' });
    expect(rows[1].suggestion.matches).toEqual([
      expect.objectContaining({ type: 'transaction', id: partPaid.id, open_amount: 200_000, amount: 200_000 }),
    ]);
  });

  it("revert withdraws only what the import made: rows linked to other documents' entries keep those entries (売掛金 = its documents)", async () => {
    const { o, code, bankId } = await ownerWithBank({
      bank_code: '0001',
      bank_name: 'みずほ銀行',
      account_number: '1112223',
    });
    const customer = await newCustomer(o.api, {
      name: '株式会社山田商事',
      name_kana: 'ヤマダショウジ',
      honorific: '御中',
      used_for: 1,
    });
    const sale = (subject: string, unit_price: number) =>
      newSale(o.api, {
        customer_id: customer.id,
        transaction_date: '2026-03-31',
        due_date: '2026-04-25',
        subject,
        unit_price,
      });
    const paidByHand = await sale('3月分A', 100_000);
    const paidByConfirm = await sale('3月分B', 50_000);
    // the books already hold a payment (entered by hand) and a hand-typed rent entry
    const handPayment = await o.api.post('/api/payments', {
      direction: 'in',
      date: '2026-04-10',
      customer_id: customer.id,
      amount: 110_000,
      bank_account_id: bankId,
      allocations: [{ transaction_id: paidByHand.id, amount: 110_000 }],
    });
    expect(handPayment.statusCode, handPayment.body).toBe(201);
    const rent = await o.api.post('/api/accountings', {
      date: '2026-04-15',
      description: '4月分家賃',
      lines: [
        { account_id: code('6200'), debit: 100_000, credit: 0, tax_category: 'none', customer_id: null, memo: null },
        { account_id: code('1120'), debit: 0, credit: 100_000, tax_category: 'none', customer_id: null, memo: null },
      ],
    });
    expect(rent.statusCode, rent.body).toBe(201);
    const imp = await upload(
      o,
      bankId,
      [
        { date: '2026-04-10', direction: 'in', amount: 110_000, description: 'ｶ)ﾔﾏﾀﾞｼﾖｳｼﾞ' },
        { date: '2026-04-15', direction: 'out', amount: 100_000, description: 'ﾔﾁﾝ' },
        { date: '2026-04-20', direction: 'out', amount: 3_300, description: 'ﾃｽｳﾘﾖｳ' },
        { date: '2026-04-25', direction: 'in', amount: 55_000, description: 'ｶ)ﾔﾏﾀﾞｼﾖｳｼﾞ' },
      ],
      500_000,
    );
    const rows: { id: number; date: string }[] = (await o.api.get(`/api/bank-statements/${imp.id}`)).json().data.rows;
    const on = (date: string) => rows.find((r) => r.date === date)?.id as number;
    // the first two rows linked to the entries the books already hold (as a reconciliation, not made by the import)
    for (const [date, entry] of [
      ['2026-04-10', handPayment.json().data.journal_entry_id],
      ['2026-04-15', rent.json().data.id],
    ] as const) {
      await ctx.db
        .update(bankStatementRows)
        .set({ status: 'confirmed', journal_entry_id: entry, confirmed_at: new Date() })
        .where(eq(bankStatementRows.id, on(date)));
    }
    // the import's own: a fee confirmed by hand and a transfer confirmed against the open sale (a payment)
    const confirmed = await o.api.post(`/api/bank-statements/${imp.id}/confirm`, {
      rows: [{ id: on('2026-04-20'), account_id: code('6240'), tax_category: 'none' }, { id: on('2026-04-25') }],
    });
    expect(confirmed.json().data.failed).toEqual([]);
    expect(confirmed.json().data.confirmed).toHaveLength(2);
    const paidOf = async (id: number) =>
      Number((await ctx.db.select().from(salesTransactions).where(eq(salesTransactions.id, id)))[0].paid_amount);

    const rev = await o.api.post(`/api/bank-statements/${imp.id}/revert`);
    expect(rev.statusCode, rev.body).toBe(200);
    expect(rev.json().data).toMatchObject({ removed_rows: 4, withdrawn_entries: 2, kept_entries: 2 });
    // what the import did not make stays: the hand payment (its sale still paid) and the rent entry
    const left = await ctx.db.select().from(payments).where(eq(payments.company_id, o.company.id));
    expect(left.map((p) => p.id)).toEqual([handPayment.json().data.id]);
    const kept = await ctx.db
      .select({ id: journalEntries.id })
      .from(journalEntries)
      .where(
        and(
          eq(journalEntries.company_id, o.company.id),
          inArray(journalEntries.id, [handPayment.json().data.journal_entry_id, rent.json().data.id]),
        ),
      );
    expect(kept).toHaveLength(2);
    expect(await paidOf(paidByHand.id)).toBe(110_000);
    // what it made is gone: the fee entry and the payment of the second sale (reopened)
    expect(await paidOf(paidByConfirm.id)).toBe(0);
    const fees = await ctx.db
      .select()
      .from(journalEntries)
      .where(and(eq(journalEntries.company_id, o.company.id), eq(journalEntries.date, '2026-04-20')));
    expect(fees).toHaveLength(0);
    // 売掛金 equals its documents
    const aging = (await o.api.get('/api/payment-reports/aging?date=2026-04-30')).json().data;
    expect(aging.totals.total).toBe(55_000);
    expect(aging.difference).toBe(0);
  });
});
