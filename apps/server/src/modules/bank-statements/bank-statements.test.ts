import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bankStatementImports, bankStatementRows, companies, journalEntries, payments } from '../../db/schema/index.js';
import { systemCompanyCtx } from '../../lib/context.js';
import type { JobQueue } from '../../lib/queue.js';
import { accountCodes, newBankAccount, newCustomer } from '../../test/factories.js';
import { companyOwner, useTestApp } from '../../test/harness.js';
import { multipartForm } from '../../test/multipart.js';
import { importHooks, importStatement, loadImport, recoverInterruptedImports, runImportJob } from './imports.js';
import { bankCsvFile, type StatementLine, syntheticLines } from './statement-files.js';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const fixture = (name: string) => readFileSync(path.join(fixtures, name));

const ctx = useTestApp();

type Owner = Awaited<ReturnType<typeof companyOwner>>;

function upload(o: Owner, fields: Record<string, string | number>, name: string, bytes: Buffer, query = '') {
  const form = multipartForm(fields, { name, bytes });
  return ctx.app.inject({
    method: 'POST',
    url: `/api/bank-statements${query}`,
    payload: form.body,
    headers: { ...form.headers, authorization: `Bearer ${o.token}` },
  });
}

const accountsOf = accountCodes;

async function setup() {
  const o = await companyOwner(ctx);
  const code = await accountsOf(o.api);
  return { o, code, bankId: await newBankAccount(o.api, code('1120')) };
}

describe('bank accounts: one list', () => {
  it('creates with a new 普通預金 sub-account, marks the first one for invoices, and bank-info reads it', async () => {
    const o = await companyOwner(ctx);
    const res = await o.api.post('/api/company/bank-accounts', {
      bank_code: '0001',
      bank_name: 'みずほ銀行',
      branch_code: '100',
      branch_name: '丸の内支店',
      account_type: '普通',
      account_number: '7654321',
      account_holder: 'カ）テスト',
      create_account: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    const ba = res.json().data;
    expect(ba).toMatchObject({ on_invoice: true, account_name: '普通預金（みずほ銀行）' });
    expect((await o.api.get('/api/company/bank-info')).json().data).toMatchObject({ bank_name: 'みずほ銀行' });
    // the company row's legacy list mirrors the table (the admin's company form reads it)
    const [c] = await ctx.db.select().from(companies).where(eq(companies.id, o.company.id));
    expect(c.bank_accounts).toEqual([
      expect.objectContaining({ bank_name: 'みずほ銀行', bank_code: '0001', account_number: '7654321' }),
    ]);
    // a second account printed on invoices instead
    const second = await o.api.post('/api/company/bank-accounts', {
      bank_code: '0009',
      bank_name: '三井住友銀行',
      branch_code: '200',
      branch_name: '東京支店',
      account_type: '当座',
      account_number: '1111111',
      account_holder: 'カ）テスト',
      on_invoice: true,
    });
    expect(second.statusCode, second.body).toBe(201);
    expect((await o.api.get('/api/company/bank-info')).json().data.bank_name).toBe('三井住友銀行');
    expect((await o.api.get('/api/company/bank-accounts')).json().data).toHaveLength(2);
    // a linked account must be a deposit account
    const code = await accountsOf(o.api);
    const bad = await o.api.put(`/api/company/bank-accounts/${ba.id}`, {
      ...ba,
      account_id: code('4110'),
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.account_id[0]).toContain('普通預金');
  });
});

describe('imports', () => {
  it('dry_run answers rows and duplicates without storing; the import keeps the file; an overlapping file adds no duplicates', async () => {
    const { o, bankId } = await setup();
    const dry = await upload(o, { bank_account_id: bankId }, 'mufg.csv', fixture('mufg.csv'), '?dry_run=1');
    expect(dry.statusCode).toBe(200);
    expect(dry.json().data).toMatchObject({ format: 'mufg', encoding: 'shift_jis', total_rows: 5, new_rows: 5 });
    expect(
      await ctx.db.select().from(bankStatementImports).where(eq(bankStatementImports.company_id, o.company.id)),
    ).toHaveLength(0);

    const first = await upload(o, { bank_account_id: bankId }, 'mufg.csv', fixture('mufg.csv'));
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toMatchObject({
      status: 'imported',
      imported_rows: 5,
      skipped_rows: 0,
      closing_balance: 1_109_120,
    });
    const id = first.json().data.id;
    const file = await o.api.get(`/api/bank-statements/${id}/file`);
    expect(file.rawPayload.equals(fixture('mufg.csv'))).toBe(true);

    // the same days in another bank's layout (SMBC, UTF-8 with BOM) plus one new day: only the new row is added,
    // and both identical transfers of 4/1 stay (kept once each, not collapsed)
    const lines: StatementLine[] = [
      { date: '2026-04-01', direction: 'in', amount: 110_000, description: 'ﾌﾘｺﾐ ｶ)ﾔﾏﾀﾞｼﾖｳｼﾞ' },
      { date: '2026-04-01', direction: 'in', amount: 110_000, description: 'ﾌﾘｺﾐ ｶ)ﾔﾏﾀﾞｼﾖｳｼﾞ' },
      { date: '2026-04-03', direction: 'out', amount: 440, description: 'ﾌﾘｺﾐﾃｽｳﾘﾖｳ' },
      { date: '2026-04-10', direction: 'out', amount: 165_000, description: 'ﾌﾘｺﾐ ﾔﾁﾝ ﾀﾞｲｲﾁﾌﾄﾞｳｻﾝ' },
      { date: '2026-04-25', direction: 'in', amount: 54_560, description: 'ﾌﾘｺﾐ ｽｽﾞｷｺｳｷﾞﾖｳ(ｶ' },
      { date: '2026-04-30', direction: 'out', amount: 3_300, description: 'ﾃﾞﾝﾜﾘﾖｳ' },
    ];
    const overlap = bankCsvFile('smbc', lines, 1_000_000, { encoding: 'utf8-bom' });
    const dry2 = await upload(o, { bank_account_id: bankId }, 'smbc.csv', overlap, '?dry_run=1');
    expect(dry2.json().data).toMatchObject({ total_rows: 6, new_rows: 1, skipped_rows: 5 });
    const second = await upload(o, { bank_account_id: bankId }, 'smbc.csv', overlap);
    expect(second.json().data).toMatchObject({ imported_rows: 1, skipped_rows: 5, format: 'smbc', encoding: 'utf-8' });
    const rows = await ctx.db.select().from(bankStatementRows).where(eq(bankStatementRows.company_id, o.company.id));
    expect(rows).toHaveLength(6);
    expect(rows.filter((r) => r.date === '2026-04-01')).toHaveLength(2);

    // half-width kana searchable in both widths
    const hw = (await o.api.get(`/api/bank-statements/${id}?keyword=${encodeURIComponent('ﾔﾏﾀﾞ')}`)).json().data;
    const fw = (await o.api.get(`/api/bank-statements/${id}?keyword=${encodeURIComponent('ヤマダ')}`)).json().data;
    expect(hw.rows_meta.total).toBe(2);
    expect(fw.rows_meta.total).toBe(2);
    expect(fw.rows[0].description).toBe('振込１ ｶ)ﾔﾏﾀﾞｼﾖｳｼﾞ'.replace('振込１', fw.rows[0].description.split(' ')[0]));
  });

  it('a file with a malformed row imports nothing and answers 422 with the row numbers', async () => {
    const { o, bankId } = await setup();
    const res = await upload(o, { bank_account_id: bankId }, 'broken.csv', fixture('smbc-broken.csv'));
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.message).toContain('何も取り込みませんでした（3行目、5行目）');
    expect(body.errors['rows.3']).toEqual(['3行目: 日付「2026/13/45」を読み取れません']);
    expect(body.errors['rows.5']).toEqual(['5行目: 金額「abc」を読み取れません']);
    expect(
      await ctx.db.select().from(bankStatementRows).where(eq(bankStatementRows.company_id, o.company.id)),
    ).toHaveLength(0);
    expect(
      await ctx.db.select().from(bankStatementImports).where(eq(bankStatementImports.company_id, o.company.id)),
    ).toHaveLength(0);
    // a 全銀 file whose trailer does not add up is refused
    const z = await upload(o, { bank_account_id: bankId }, 'zengin.txt', fixture('zengin-bad-trailer.txt'));
    expect(z.statusCode).toBe(422);
    expect(z.json().errors.file[0]).toContain('入金額合計');
    // an unknown layout asks for a format or a mapping
    const other = await upload(o, { bank_account_id: bankId }, 'other.csv', fixture('other-bank.csv'));
    expect(other.statusCode).toBe(422);
    expect(other.json().errors.format[0]).toContain('列の対応付け');
    // … which a saved mapping reads
    const mapping = await o.api.post('/api/company/bank-csv-mappings', {
      name: 'その他銀行',
      skip_rows: 1,
      date_column: 1,
      description_column: 2,
      in_column: 3,
      out_column: 4,
      balance_column: 5,
    });
    expect(mapping.statusCode).toBe(201);
    const mapped = await upload(
      o,
      { bank_account_id: bankId, format: `mapping:${mapping.json().data.id}` },
      'other.csv',
      fixture('other-bank.csv'),
    );
    expect(mapped.statusCode).toBe(201);
    expect(mapped.json().data.imported_rows).toBe(2);
  });

  it('another company’s bank account, import, rule or mapping is 404', async () => {
    const { o, bankId } = await setup();
    const other = await companyOwner(ctx);
    const res = await upload(other, { bank_account_id: bankId }, 'mufg.csv', fixture('mufg.csv'));
    expect(res.statusCode).toBe(404);
    const imp = (await upload(o, { bank_account_id: bankId }, 'mufg.csv', fixture('mufg.csv'))).json().data;
    expect((await other.api.get(`/api/bank-statements/${imp.id}`)).statusCode).toBe(404);
    expect((await other.api.post(`/api/bank-statements/${imp.id}/revert`)).statusCode).toBe(404);
    expect((await other.api.get('/api/bank-statements')).json().data).toEqual([]);
  });
});

describe('rules, matching, confirm, revert', () => {
  it('a regex rule with a split; preview over past rows; suggestions with score and reasons; confirm posts linked entries; learning; balance check; revert', async () => {
    const { o, code, bankId } = await setup();
    // an open sale of 山田商事 for 110,000 due 4/30 and of 鈴木工業 for 55,000 (paid less 440 fee)
    const yamada = await newCustomer(o.api, {
      name: '株式会社山田商事',
      name_kana: 'ヤマダショウジ',
      honorific: '御中',
      used_for: 1,
    });
    const suzuki = await newCustomer(o.api, {
      name: '鈴木工業株式会社',
      name_kana: 'スズキコウギョウ',
      honorific: '御中',
      used_for: 1,
    });
    const sale = (amount: number, customer: number) =>
      o.api.post('/api/transactions', {
        customer_id: customer,
        transaction_date: '2026-03-31',
        due_date: '2026-04-28',
        subject: '3月分',
        status: 1,
        lines: [{ description: '商品', quantity: 1, unit_price: amount, tax_category: '10' }],
      });
    const s1 = await sale(100_000, yamada.id);
    expect(s1.statusCode).toBe(201);
    const s2 = await sale(100_000, yamada.id);
    const s3 = await sale(50_000, suzuki.id);
    expect(s3.json().data.totals.total).toBe(55_000);

    const imp = (await upload(o, { bank_account_id: bankId }, 'zengin.txt', fixture('zengin.txt'))).json().data;
    expect(imp).toMatchObject({
      format: 'zengin',
      imported_rows: 5,
      opening_balance: 1_000_000,
      closing_balance: 1_109_120,
    });

    // rule: rent by regex, 振込手数料 660 split out
    const rule = {
      name: '家賃',
      description_regex: 'ﾔﾁﾝ|ヤチン',
      direction: 'out',
      account_id: code('6200'),
      tax_category: 'purchase_10',
      description_template: '家賃 {counterparty}',
      splits: [{ account_id: code('6240'), tax_category: 'purchase_10', amount: 660, description: '振込手数料' }],
    };
    const rentAccount = rule.account_id;
    expect(rentAccount).toBeTruthy();
    const preview = await o.api.post('/api/company/bank-rules/preview', rule);
    expect(preview.statusCode).toBe(200);
    expect(preview.json().data.total).toBe(1);
    expect(preview.json().data.rows[0].lines).toEqual([
      { account_id: rentAccount, amount: 164_340, description: '家賃 ﾔﾁﾝ ﾀﾞｲｲﾁﾌﾄﾞｳｻﾝ' },
      { account_id: code('6240'), amount: 660, description: '振込手数料' },
    ]);
    const badRegex = await o.api.post('/api/company/bank-rules', { ...rule, description_regex: '(' });
    expect(badRegex.statusCode).toBe(422);
    expect((await o.api.post('/api/company/bank-rules', rule)).statusCode).toBe(201);

    const detail = (await o.api.get(`/api/bank-statements/${imp.id}`)).json().data;
    const [r1, r2, fee, rent, r5] = detail.rows;
    expect(rent.suggestion).toMatchObject({
      kind: 'rule',
      rule_name: '家賃',
      score: 100,
      description: '家賃 ﾔﾁﾝ ﾀﾞｲｲﾁﾌﾄﾞｳｻﾝ',
    });
    expect(r1.suggestion).toMatchObject({ kind: 'match', customer_id: yamada.id, account_id: code('1220') });
    expect(r1.suggestion.score).toBeGreaterThanOrEqual(80);
    expect(r1.suggestion.reasons).toEqual(
      expect.arrayContaining([
        expect.stringContaining('金額 110,000円 が'),
        expect.stringContaining('振込名義「ｶ)ﾔﾏﾀﾞｼﾖｳｼﾞ」が取引先「株式会社山田商事」のカナと一致'),
        '支払期日 4/28 から27日前',
      ]),
    );
    expect(r5.suggestion).toMatchObject({ kind: 'match', fee: 440, customer_id: suzuki.id });
    expect(r5.suggestion.reasons[0]).toContain('振込手数料 440円 を差し引いた額と一致');
    expect(fee.suggestion).toBeNull();
    expect(detail.balance_check).toMatchObject({
      statement_balance: 1_109_120,
      book_balance: 0,
      difference: 1_109_120,
    });

    // confirm in bulk: r1 (sale 1), r2 (sale 2 — the next open one), rent (rule), r5 (with the fee), fee by hand
    const res = await o.api.post(`/api/bank-statements/${imp.id}/confirm`, {
      rows: [
        { id: r1.id },
        { id: r2.id },
        { id: rent.id },
        { id: r5.id },
        { id: fee.id, account_id: code('6240'), tax_category: 'purchase_10' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const out = res.json().data;
    expect(out.failed).toEqual([]);
    expect(out.confirmed).toHaveLength(5);
    // rows matched to sales became payments (their entries posted by the payments); the others post their own
    const entries = await ctx.db
      .select()
      .from(journalEntries)
      .where(and(eq(journalEntries.company_id, o.company.id), eq(journalEntries.source_type, 'bank_statement_row')));
    expect(entries).toHaveLength(2);
    const made = await ctx.db.select().from(payments).where(eq(payments.company_id, o.company.id));
    expect(made.map((p) => p.bank_statement_row_id).sort()).toEqual([r1.id, r2.id, r5.id].sort());
    const r5Entry = (await o.api.get(`/api/accountings/${out.confirmed[3].journal_entry_id}`)).json().data;
    expect(
      r5Entry.lines.map((l: { account_id: number; debit: number; credit: number }) => [
        l.account_id,
        l.debit,
        l.credit,
      ]),
    ).toEqual([
      [code('1120'), 54_560, 0],
      [code('6240'), 400, 0],
      [code('1450'), 40, 0],
      [code('1220'), 0, 55_000],
    ]);
    const stored = await ctx.db.select().from(bankStatementRows).where(eq(bankStatementRows.id, r1.id));
    expect(stored[0].journal_entry_id).toBe(out.confirmed[0].journal_entry_id);
    const [e1] = await ctx.db
      .select()
      .from(journalEntries)
      .where(eq(journalEntries.id, out.confirmed[0].journal_entry_id));
    expect(e1.source_type).toBe('payment');
    expect(made.find((p) => p.id === e1.source_id)?.bank_statement_row_id).toBe(r1.id);
    // both 山田 sales are settled: r2 matched the other one
    const matched = (await ctx.db.select().from(bankStatementRows).where(eq(bankStatementRows.import_id, imp.id))).map(
      (r) => r.matched,
    );
    expect(matched).toContainEqual([{ type: 'transaction', id: s1.json().data.id, amount: 110_000 }]);
    expect(matched).toContainEqual([{ type: 'transaction', id: s2.json().data.id, amount: 110_000 }]);
    // the books now agree with the statement
    const after = (await o.api.get(`/api/bank-statements/${imp.id}`)).json().data;
    expect(after.confirmed_rows).toBe(5);
    expect(after.balance_check).toMatchObject({ book_balance: 109_120, difference: 1_000_000 });
    // an entry made from a row is changed through the import, not the journal
    expect((await o.api.delete(`/api/accountings/${e1.id}`)).statusCode).toBe(422);

    // revert: rows and entries gone; a second revert is refused
    const rev = await o.api.post(`/api/bank-statements/${imp.id}/revert`);
    expect(rev.statusCode).toBe(200);
    expect(rev.json().data).toMatchObject({ removed_rows: 5, withdrawn_entries: 5, import: { status: 'reverted' } });
    expect(
      await ctx.db
        .select()
        .from(journalEntries)
        .where(and(eq(journalEntries.company_id, o.company.id), eq(journalEntries.source_type, 'bank_statement_row'))),
    ).toHaveLength(0);
    expect(await ctx.db.select().from(payments).where(eq(payments.company_id, o.company.id))).toHaveLength(0);
    expect((await o.api.post(`/api/bank-statements/${imp.id}/revert`)).statusCode).toBe(422);
    // re-importing after a revert brings the rows back
    const again = (await upload(o, { bank_account_id: bankId }, 'zengin.txt', fixture('zengin.txt'))).json().data;
    expect(again.imported_rows).toBe(5);
  });

  it('learning: confirming a row the same way as an earlier one offers a rule; revert in a locked period reverses', async () => {
    const { o, code, bankId } = await setup();
    const lines = (day: string): StatementLine[] => [
      { date: day, direction: 'out', amount: 3_300, description: 'ﾃﾞﾝﾜﾘﾖｳ NTT' },
    ];
    const a = (
      await upload(o, { bank_account_id: bankId }, 'a.csv', bankCsvFile('rakuten', lines('2026-04-30'), 10_000))
    ).json().data;
    const b = (
      await upload(o, { bank_account_id: bankId }, 'b.csv', bankCsvFile('rakuten', lines('2026-05-31'), 6_700))
    ).json().data;
    const rowOf = async (id: number) => (await o.api.get(`/api/bank-statements/${id}`)).json().data.rows[0];
    const comm = code('6170');
    const first = await o.api.post(`/api/bank-statements/${a.id}/confirm`, {
      rows: [{ id: (await rowOf(a.id)).id, account_id: comm, tax_category: 'purchase_10' }],
    });
    expect(first.json().data.rule_offers).toEqual([]);
    const second = await o.api.post(`/api/bank-statements/${b.id}/confirm`, {
      rows: [{ id: (await rowOf(b.id)).id, account_id: comm, tax_category: 'purchase_10' }],
    });
    expect(second.json().data.rule_offers).toEqual([
      {
        name: 'デンワリヨウ NTT',
        description_contains: 'デンワリヨウ NTT',
        direction: 'out',
        account_id: comm,
        tax_category: 'purchase_10',
        customer_id: null,
      },
    ]);
    // lock April: reverting the April import reverses its entry (dated today) instead of deleting it
    expect((await o.api.post('/api/company/period-locks', { kind: 'month', date: '2026-04-01' })).statusCode).toBe(201);
    const rev = await o.api.post(`/api/bank-statements/${a.id}/revert`);
    expect(rev.statusCode).toBe(200);
    const sourced = await ctx.db
      .select()
      .from(journalEntries)
      .where(and(eq(journalEntries.company_id, o.company.id), eq(journalEntries.source_type, 'bank_statement_row')));
    expect(sourced.map((e) => e.kind).sort()).toEqual(['normal', 'normal', 'reversal']);
  });
});

describe('large files', () => {
  it('are stored by a job: the import answers processing, the job stores the rows and the record shows them', async () => {
    const { o, bankId } = await setup();
    const sent: { name: string; data: unknown }[] = [];
    const queue = {
      send: async (name: string, data: unknown) => {
        sent.push({ name, data });
        return 'job-1';
      },
    } as unknown as JobQueue;
    const c = { ...systemCompanyCtx(ctx.db, o.company.id, o.user.id), deps: { ...ctx.app.deps, queue } };
    const file = bankCsvFile('smbc', syntheticLines(1_200), 5_000_000);
    const imp = await importStatement({
      ctx: c,
      input: {
        bytes: file,
        file_name: 'big.csv',
        bank_account_id: bankId,
        format: 'auto',
        dry_run: false,
        background: true,
      },
    });
    expect(imp).toMatchObject({ status: 'processing', total_rows: 1_200, imported_rows: 0 });
    expect(sent).toEqual([{ name: 'bank-statements.import', data: { companyId: o.company.id, importId: imp.id } }]);
    await runImportJob(c, imp.id, ctx.app.deps.storage);
    expect(await loadImport(c, imp.id)).toMatchObject({
      status: 'imported',
      imported_rows: 1_200,
      processed_rows: 1_200,
    });
    // a second run of the same job does nothing
    await runImportJob(c, imp.id, ctx.app.deps.storage);
    expect((await loadImport(c, imp.id))?.imported_rows).toBe(1_200);
  });

  // docs/adr/0027: a large file is stored in chunks, each its own short transaction
  const rowsOf = async (importId: number) =>
    (await ctx.db.select({ n: count() }).from(bankStatementRows).where(eq(bankStatementRows.import_id, importId)))[0].n;
  const jobless = (o: Owner, jobId = 'job-1') => {
    const queue = { send: async () => jobId } as unknown as JobQueue;
    return { ...systemCompanyCtx(ctx.db, o.company.id, o.user.id), deps: { ...ctx.app.deps, queue } };
  };
  const big = (c: ReturnType<typeof jobless>, bankId: number, bytes: Buffer) =>
    importStatement({
      ctx: c,
      input: { bytes, file_name: 'big.csv', bank_account_id: bankId, format: 'auto', dry_run: false, background: true },
    });

  it('between chunks other requests answer, the rows are not visible yet and the progress only grows', async () => {
    const { o, bankId } = await setup();
    const c = jobless(o);
    const file = bankCsvFile('smbc', syntheticLines(12_000), 5_000_000);
    const imp = await big(c, bankId, file);
    const seen: {
      processed: number;
      stored: number;
      detail: Record<string, unknown>;
      listed: string;
      bank: unknown;
    }[] = [];
    importHooks.betweenChunks = async (importId, processed) => {
      if (importId !== imp.id) return;
      // a request of the same company, answered while the import is mid-way (on PGlite: one connection)
      const detail = (await o.api.get(`/api/bank-statements/${imp.id}`)).json().data;
      const listed = (await o.api.get('/api/bank-statements')).json().data.find((i: { id: number }) => i.id === imp.id);
      const dash = (await o.api.get('/api/company/dashboard')).json().data;
      seen.push({
        processed,
        stored: await rowsOf(imp.id),
        detail,
        listed: listed.status,
        bank: dash.checks.bank_rows_unconfirmed,
      });
    };
    try {
      await runImportJob(c, imp.id, ctx.app.deps.storage);
    } finally {
      importHooks.betweenChunks = null;
    }
    expect(seen.map((x) => x.processed)).toEqual([5_000, 10_000, 12_000]);
    for (const x of seen) {
      expect(x.stored).toBe(x.processed); // the chunks are really stored as they go…
      expect(x.listed).toBe('processing');
      expect(x.detail).toMatchObject({
        status: 'processing',
        processed_rows: x.processed,
        total_rows: 12_000,
        rows: [],
      });
      expect(x.detail.rows_meta).toMatchObject({ total: 0 }); // …and shown nowhere
      expect(x.bank).toEqual({ count: 0, amount: 0 });
    }
    const done = (await o.api.get(`/api/bank-statements/${imp.id}?per_page=1`)).json().data;
    expect(done).toMatchObject({ status: 'imported', imported_rows: 12_000, processed_rows: 12_000 });
    expect(done.rows_meta.total).toBe(12_000);
    const dash = (await o.api.get('/api/company/dashboard')).json().data;
    const amounts = await ctx.db
      .select({ a: sql<string>`sum(amount)` })
      .from(bankStatementRows)
      .where(eq(bankStatementRows.import_id, imp.id));
    expect(dash.checks.bank_rows_unconfirmed).toEqual({ count: 12_000, amount: Number(amounts[0].a) });
    // the counts the import keeps follow the rows' status (migration 0026 triggers): ignore two, back one
    const two = (await o.api.get(`/api/bank-statements/${imp.id}?per_page=2`)).json().data.rows;
    const ids = two.map((r: { id: number }) => r.id);
    expect((await o.api.post(`/api/bank-statements/${imp.id}/ignore`, { ids, ignored: true })).statusCode).toBe(200);
    expect(
      (await o.api.post(`/api/bank-statements/${imp.id}/ignore`, { ids: [ids[0]], ignored: false })).statusCode,
    ).toBe(200);
    const after = (await o.api.get('/api/company/dashboard')).json().data.checks.bank_rows_unconfirmed;
    expect(after).toEqual({ count: 11_999, amount: Number(amounts[0].a) - two[1].amount });
    // reverting removes them from the count
    expect((await o.api.post(`/api/bank-statements/${imp.id}/revert`)).statusCode).toBe(200);
    expect((await o.api.get('/api/company/dashboard')).json().data.checks.bank_rows_unconfirmed).toEqual({
      count: 0,
      amount: 0,
    });
  });

  it('a failure mid-way deletes the rows already stored; another file of the account waits for a processing one', async () => {
    const { o, bankId } = await setup();
    const c = jobless(o);
    const file = bankCsvFile('smbc', syntheticLines(12_000), 5_000_000);
    const imp = await big(c, bankId, file);
    // while it is processing, another upload to the same bank account is refused and stores nothing
    const busy = await upload(
      o,
      { bank_account_id: bankId },
      'small.csv',
      bankCsvFile('smbc', syntheticLines(3), 1_000),
    );
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toBe('この口座の明細を取り込み中です。完了してから取り込んでください');
    importHooks.betweenChunks = async (importId, processed) => {
      if (importId === imp.id && processed === 10_000) throw new Error('disk full');
    };
    try {
      await expect(runImportJob(c, imp.id, ctx.app.deps.storage)).rejects.toThrow('disk full');
    } finally {
      importHooks.betweenChunks = null;
    }
    expect(await loadImport(c, imp.id)).toMatchObject({ status: 'failed', imported_rows: 0 });
    expect(await rowsOf(imp.id)).toBe(0);
    // the same file again is all new (nothing of the failed one counts as a duplicate)
    const again = await upload(
      o,
      { bank_account_id: bankId },
      'small.csv',
      bankCsvFile('smbc', syntheticLines(3), 1_000),
    );
    expect(again.statusCode, again.body).toBe(201);
  });

  it('start-up: an import left processing by a stopped process loses its rows; one whose job waits is kept and starts over', async () => {
    const { o, bankId } = await setup();
    const dead = await big(jobless(o, 'job-dead'), bankId, bankCsvFile('smbc', syntheticLines(30), 5_000));
    // a second bank account for the import whose job still waits
    const b2 = await o.api.post('/api/company/bank-accounts', {
      bank_code: '0005',
      bank_name: '三菱UFJ銀行',
      branch_code: '002',
      branch_name: '新宿支店',
      account_type: '普通',
      account_number: '2345678',
      account_holder: 'カ）サンプルショウジ',
    });
    const w = await big(jobless(o, 'job-waiting'), b2.json().data.id, bankCsvFile('smbc', syntheticLines(30), 6_000));
    // rows a crashed store left behind (half of each file)
    for (const imp of [dead, w])
      await ctx.db.execute(sql`insert into bank_statement_rows (company_id, import_id, bank_account_id, line_no, date,
        direction, amount, description, description_search, fingerprint)
        select ${o.company.id}, ${imp.id}, ${imp.bank_account_id}, g, '2026-04-01', 'in', 100, 'x', 'x', 'crash-' || ${imp.id} || '-' || g
        from generate_series(1, 15) g`);
    const queue = { getJob: async (_: string, id: string) => ({ state: id === 'job-dead' ? 'active' : 'created' }) };
    const failed = await recoverInterruptedImports(ctx.db, queue, 'pglite');
    expect(failed).toContain(dead.id);
    expect(failed).not.toContain(w.id);
    expect(await loadImport(jobless(o), dead.id)).toMatchObject({ status: 'failed' });
    expect(await rowsOf(dead.id)).toBe(0);
    // the waiting job runs: the leftovers go, the file is stored whole
    await runImportJob(jobless(o), w.id, ctx.app.deps.storage);
    expect(await loadImport(jobless(o), w.id)).toMatchObject({ status: 'imported', imported_rows: 30 });
    expect(await rowsOf(w.id)).toBe(30);
  });
});
