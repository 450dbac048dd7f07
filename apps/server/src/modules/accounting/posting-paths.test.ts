import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { salesTransactions } from '../../db/schema/index.js';
import { newBankAccount, newCustomer } from '../../test/factories.js';
import { type Client, companyOwner, useTestApp } from '../../test/harness.js';
import { multipartForm, uploadFile } from '../../test/multipart.js';
import { bankCsvFile, type StatementLine } from '../bank-statements/statement-files.js';
import { checkBalances } from './check-balances.js';

/**
 * Issue 33: every path that posts goes through postEntry — one fiscal-year check (a date in no year is
 * refused with the company's years, and the next year is offered when the date is just past the last) and
 * one tax split (core splitEntryTax): the same 330円 課税仕入10% is 支払手数料 300 + 仮払消費税等 30 on every path
 * under 税抜経理, and stays 330 gross under 税込経理.
 */

const ctx = useTestApp();
type Owner = Awaited<ReturnType<typeof companyOwner>>;
type Line = { account_id: number; debit: number; credit: number; tax_category: string };

async function setup(overrides: Parameters<typeof companyOwner>[1] = {}) {
  const o = await companyOwner(ctx, { fiscal_year_end_month: 3, ...overrides });
  const accounts: { id: number; code: string }[] = (await o.api.get('/api/company/accounts?per_page=500')).json().data;
  const id = (c: string) => accounts.find((a) => a.code === c)?.id as number;
  const codeOf = (accountId: number) => accounts.find((a) => a.id === accountId)?.code;
  const bankId = await newBankAccount(o.api, id('1120'), {
    bank_code: '0036',
    bank_name: '楽天銀行',
    branch_code: '201',
    branch_name: '第一営業支店',
    account_number: '7654321',
    account_holder: 'カ）サンプル',
  });
  const supplier = (await newCustomer(o.api, { name: '株式会社仕入先', honorific: '御中', used_for: 2 })).id as number;
  const customer = (await newCustomer(o.api, { name: '株式会社得意先', honorific: '御中', used_for: 1 })).id as number;
  return { o, id, codeOf, bankId, supplier, customer };
}

async function lines(api: Client, entryId: number): Promise<Line[]> {
  const res = await api.get(`/api/accountings/${entryId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.lines;
}

async function uploadRows(o: Owner, bankId: number, rows: StatementLine[]) {
  const form = multipartForm(
    { bank_account_id: bankId },
    { name: 'a.csv', bytes: bankCsvFile('rakuten', rows, 1_000_000) },
  );
  const up = await ctx.app.inject({
    method: 'POST',
    url: '/api/bank-statements',
    payload: form.body,
    headers: { ...form.headers, authorization: `Bearer ${o.token}` },
  });
  expect(up.statusCode, up.body).toBe(201);
  const imp = up.json().data as { id: number };
  const detail = (await o.api.get(`/api/bank-statements/${imp.id}`)).json().data;
  return { importId: imp.id, rows: detail.rows as { id: number; description: string }[] };
}

const FEE_ROW: StatementLine = { date: '2026-05-20', direction: 'out', amount: 330, description: 'ﾃｽｳﾘﾖｳ' };
const RENT_ROW: StatementLine = { date: '2026-05-25', direction: 'out', amount: 110_330, description: 'ﾔﾁﾝ ｵｵﾔ' };

/** Posts a 330円 課税仕入10% (or a document carrying one) through every path; answers each path's entry lines. */
async function postEverywhere(s: Awaited<ReturnType<typeof setup>>) {
  const { o, id, bankId, supplier, customer } = s;
  const out: Record<string, Line[]> = {};

  // 1. the journal API, the taxable line without its tax line
  const journal = await o.api.post('/api/accountings', {
    date: '2026-05-10',
    description: '振込手数料',
    lines: [
      { account_id: id('6240'), debit: 330, tax_category: 'purchase_10' },
      { account_id: id('1120'), credit: 330 },
    ],
  });
  expect(journal.statusCode, journal.body).toBe(201);
  out.journal = journal.json().data.lines;
  expect(await lines(o.api, journal.json().data.id)).toEqual(out.journal);

  // 2. the journal CSV import, same lines
  const csv =
    '伝票番号,日付,摘要,勘定科目コード,勘定科目,借方金額,貸方金額,税区分,行メモ\r\n' +
    '1,2026-05-11,振込手数料,6240,,330,,課税仕入 10%,\r\n1,2026-05-11,振込手数料,1120,,,330,,\r\n';
  const imp = await uploadFile(ctx.app, o.token, '/api/accountings/import', 'j.csv', Buffer.from(csv));
  expect(imp.statusCode, imp.body).toBe(200);
  const imported = (await o.api.get('/api/accountings?from=2026-05-11&to=2026-05-11')).json().data;
  out.csv = await lines(o.api, imported[0].id);

  // 3. a 発注取引 (領収書 330, 10%: base 300 + tax 30) on 支払手数料, paid from the bank
  const doc = await o.api.post('/api/transaction-documents', {
    customer_id: supplier,
    document_type: 5,
    transaction_date: '2026-05-12',
    amount: 330,
    taxes: [{ tax_category: '10', base: 300, tax: 30 }],
    registration_number: 'T7000012050002',
    payment_method: 1,
    account_id: id('6240'),
  });
  expect(doc.statusCode, doc.body).toBe(201);
  out.purchase = await lines(o.api, doc.json().data.journal_entry_id);

  // 4. a payment's fee borne by us
  const pay = await o.api.post('/api/payments', {
    direction: 'out',
    date: '2026-05-13',
    customer_id: supplier,
    amount: 10_000,
    fee: 330,
    fee_bearer: 'us',
  });
  expect(pay.statusCode, pay.body).toBe(201);
  out.payment = await lines(o.api, pay.json().data.journal_entry_id);

  // 5. a bank row confirmed by hand as 支払手数料・課税仕入10%; 6. a rule's split of 330
  const rule = await o.api.post('/api/company/bank-rules', {
    name: '家賃',
    description_contains: 'ﾔﾁﾝ',
    direction: 'out',
    account_id: id('6200'),
    tax_category: 'purchase_10',
    splits: [{ account_id: id('6240'), tax_category: 'purchase_10', amount: 330, description: '振込手数料' }],
  });
  expect(rule.statusCode, rule.body).toBe(201);
  const bank = await uploadRows(o, bankId, [FEE_ROW, RENT_ROW]);
  const [feeRow, rentRow] = bank.rows;
  const confirmed = await o.api.post(`/api/bank-statements/${bank.importId}/confirm`, {
    rows: [{ id: feeRow.id, account_id: id('6240'), tax_category: 'purchase_10' }, { id: rentRow.id }],
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  expect(confirmed.json().data.failed).toEqual([]);
  const [c1, c2] = confirmed.json().data.confirmed;
  out.bank = await lines(o.api, c1.journal_entry_id);
  out.rule = await lines(o.api, c2.journal_entry_id);

  // 7. a sale of 10,000 + 10% written off as 回収不能
  const sale = await o.api.post('/api/transactions', {
    customer_id: customer,
    transaction_date: '2026-05-14',
    subject: '回収不能',
    status: 3,
    lines: [{ description: '商品', quantity: 1, unit_price: 10_000, tax_category: '10' }],
  });
  expect(sale.statusCode, sale.body).toBe(201);
  out.writeOff = await lines(o.api, sale.json().data.write_off_entry_id);
  out.sale = await lines(o.api, sale.json().data.journal_entry_id);
  return out;
}

describe('one tax split on every path (issue 33)', () => {
  it('税抜経理: 330円 課税仕入10% is 支払手数料 300 + 仮払消費税等 30 on every path; 貸倒 reverses 仮受消費税等', async () => {
    const s = await setup();
    const out = await postEverywhere(s);
    const view = (ls: Line[]) => ls.map((l) => [s.codeOf(l.account_id), l.debit, l.credit]);
    const debits = (ls: Line[]) => view(ls.filter((l) => l.debit > 0 && s.codeOf(l.account_id) !== '2120'));
    const fee = [
      ['6240', 300, 0],
      ['1450', 30, 0],
    ];
    expect(view(out.journal)).toEqual([...fee, ['1120', 0, 330]]);
    expect(view(out.csv)).toEqual(view(out.journal));
    expect(view(out.bank)).toEqual([['1120', 0, 330], ...fee]);
    expect(debits(out.purchase)).toEqual(fee);
    expect(debits(out.payment)).toEqual([['1410', 10_000, 0], ...fee]);
    // the rule: 家賃 110,000 → 100,000 + 10,000, its split 330 → 300 + 30
    expect(view(out.rule)).toEqual([['1120', 0, 110_330], ['6200', 100_000, 0], ['1450', 10_000, 0], ...fee]);
    // the tax line of a taxable line carries no 税区分 of its own; the split line keeps it
    expect(out.bank.find((l) => s.codeOf(l.account_id) === '6240')?.tax_category).toBe('purchase_10');
    expect(out.bank.find((l) => s.codeOf(l.account_id) === '1450')?.tax_category).toBe('none');
    // 回収不能 of 11,000: 貸倒損失 10,000 + 仮受消費税等 1,000 / 売掛金 11,000 (課税売上の貸倒れ, 消費税法39条)
    expect(view(out.sale)).toEqual([
      ['1220', 11_000, 0],
      ['4110', 0, 10_000],
      ['2210', 0, 1_000],
    ]);
    expect(view(out.writeOff)).toEqual([
      ['6295', 10_000, 0],
      ['2210', 1_000, 0],
      ['1220', 0, 11_000],
    ]);
    expect(out.writeOff[0].tax_category).toBe('bad_debt_10');
    expect(await checkBalances(ctx.db, s.o.company.id)).toEqual([]);
  });

  it('税込経理: every path keeps the 330 gross (no 仮払消費税等), the sale and its write-off too', async () => {
    const s = await setup({ accounting_method: 'inclusive' });
    const out = await postEverywhere(s);
    const view = (ls: Line[]) => ls.map((l) => [s.codeOf(l.account_id), l.debit, l.credit]);
    for (const [path, ls] of Object.entries(out)) {
      expect(
        ls.filter((l) => ['1450', '2210'].includes(s.codeOf(l.account_id) ?? '')),
        path,
      ).toEqual([]);
    }
    expect(view(out.journal)).toEqual([
      ['6240', 330, 0],
      ['1120', 0, 330],
    ]);
    expect(view(out.bank)).toEqual([
      ['1120', 0, 330],
      ['6240', 330, 0],
    ]);
    expect(view(out.writeOff)).toEqual([
      ['6295', 11_000, 0],
      ['1220', 0, 11_000],
    ]);
    expect(await checkBalances(ctx.db, s.o.company.id)).toEqual([]);
  });

  it('an entry that carries its own tax line (the journal form) is posted as it is', async () => {
    const { o, id, codeOf } = await setup();
    const res = await o.api.post('/api/accountings', {
      date: '2026-05-10',
      description: '手数料（フォームで分割済み）',
      lines: [
        { account_id: id('6240'), debit: 300, tax_category: 'purchase_10' },
        { account_id: id('1450'), debit: 30 },
        { account_id: id('1120'), credit: 330 },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.lines.map((l: Line) => [codeOf(l.account_id), l.debit, l.credit])).toEqual([
      ['6240', 300, 0],
      ['1450', 30, 0],
      ['1120', 0, 330],
    ]);
  });
});

describe('every posting is dated inside a fiscal year (issue 33)', () => {
  it('refuses 2031-01-10 on every path with the years named; offers the next year just past the last', async () => {
    const { o, id, bankId, supplier, customer } = await setup();
    const fy = await o.api.post('/api/company/fiscal-years', { start_date: '2025-04-01' });
    expect(fy.statusCode, fy.body).toBe(201);
    const years = '（登録済み: 2025年4月1日〜2026年3月31日）';
    const journalBody = (date: string) => ({
      date,
      description: '年度外',
      lines: [
        { account_id: id('6240'), debit: 330 },
        { account_id: id('1120'), credit: 330 },
      ],
    });

    const journal = await o.api.post('/api/accountings', journalBody('2031-01-10'));
    expect(journal.statusCode).toBe(422);
    expect(journal.json().errors.date[0]).toBe(`2031年1月10日はどの会計年度にも含まれません${years}`);
    expect(journal.json().next_fiscal_year).toBeNull();

    const sale = await o.api.post('/api/transactions', {
      customer_id: customer,
      transaction_date: '2031-01-10',
      subject: '年度外の売上',
      lines: [{ description: '商品', quantity: 1, unit_price: 10_000, tax_category: '10' }],
    });
    expect(sale.statusCode).toBe(422);
    expect(sale.json().errors.transaction_date[0]).toContain('どの会計年度にも含まれません');
    const [stored] = await ctx.db
      .select({ n: count() })
      .from(salesTransactions)
      .where(eq(salesTransactions.company_id, o.company.id));
    expect(stored.n).toBe(0);

    const purchase = (document_type: number) =>
      o.api.post('/api/transaction-documents', {
        customer_id: supplier,
        document_type,
        transaction_date: '2031-01-10',
        amount: 11_000,
        taxes: [{ tax_category: '10', base: 10_000, tax: 1_000 }],
        registration_number: 'T7000012050002',
        payment_method: 1,
      });
    const invoice = await purchase(4);
    expect(invoice.statusCode).toBe(422);
    expect(invoice.json().errors.transaction_date[0]).toContain(years);
    // a document that does not post (見積書) is not refused
    expect((await purchase(1)).statusCode).toBe(201);

    const pay = await o.api.post('/api/payments', {
      direction: 'out',
      date: '2031-01-10',
      customer_id: supplier,
      amount: 10_000,
    });
    expect(pay.statusCode).toBe(422);
    expect(pay.json().errors.date[0]).toContain(years);

    const bank = await uploadRows(o, bankId, [{ ...FEE_ROW, date: '2031-01-10' }]);
    const confirm = await o.api.post(`/api/bank-statements/${bank.importId}/confirm`, {
      rows: [{ id: bank.rows[0].id, account_id: id('6240') }],
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect(confirm.json().data.confirmed).toEqual([]);
    expect(confirm.json().data.failed[0].message).toContain('2031年1月10日はどの会計年度にも含まれません');

    const csv =
      '伝票番号,日付,摘要,勘定科目コード,勘定科目,借方金額,貸方金額,税区分,行メモ\r\n' +
      '1,2031-01-10,年度外,6240,,330,,,\r\n1,2031-01-10,年度外,1120,,,330,,\r\n';
    const dry = await uploadFile(ctx.app, o.token, '/api/accountings/import?dry_run=1', 'j.csv', Buffer.from(csv));
    expect(dry.statusCode).toBe(422);
    expect(dry.json().errors['rows.2'][0]).toContain('どの会計年度にも含まれません');
    const imp = await uploadFile(ctx.app, o.token, '/api/accountings/import', 'j.csv', Buffer.from(csv));
    expect(imp.statusCode).toBe(422);

    // just past the last year: the answer carries the year to create; created, the same entry posts
    const next = await o.api.post('/api/accountings', journalBody('2026-05-01'));
    expect(next.statusCode).toBe(422);
    expect(next.json().next_fiscal_year).toEqual({ start_date: '2026-04-01', end_date: '2027-03-31' });
    expect(next.json().message).toContain('次の会計年度（2026年4月1日〜2027年3月31日）を作成すると登録できます');
    const created = await o.api.post('/api/company/fiscal-years', {});
    expect(created.json().data).toMatchObject({ start_date: '2026-04-01', end_date: '2027-03-31' });
    expect((await o.api.post('/api/accountings', journalBody('2026-05-01'))).statusCode).toBe(201);

    // moving an entry out of every year by an edit is refused as well
    const e = (await o.api.post('/api/accountings', journalBody('2026-06-01'))).json().data;
    const moved = await o.api.put(`/api/accountings/${e.id}`, {
      ...journalBody('2031-01-10'),
      updated_at: e.updated_at,
    });
    expect(moved.statusCode).toBe(422);
    expect(moved.json().errors.date[0]).toContain('どの会計年度にも含まれません');
  });

  it('a company with no fiscal year yet keeps its books by date (not refused)', async () => {
    const { o, id } = await setup();
    const res = await o.api.post('/api/accountings', {
      date: '2031-01-10',
      description: '年度未登録',
      lines: [
        { account_id: id('6240'), debit: 330 },
        { account_id: id('1120'), credit: 330 },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
  });
});
